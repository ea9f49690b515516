// 'Cerrar Sesión' in the headers of the admin screens: ends the session, then the login. Forms still
// unsent on this device stay there (they are sent at the same user's next sign-in), but nobody should
// sign out without knowing they are there: with `unsent` > 0 it asks first and names how many (kept
// current while it asks: the queue may send them meanwhile), and once confirmed the queue tries them
// one last time (a few seconds at most). Signing out deletes the key that opens this user's drafts on
// the device (session/api.ts). Signing out on purpose is no expired session: the queue says nothing
// then (pwa/offline/sync.ts).
import { useState } from 'react';
import { LogOut } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { setSignedOutOnPurpose } from '../../../offline/sign-out-note';
import { retryQueueNow } from '../../../offline/sync';
import { offlineTexts } from '../../../offline/texts';
import { toastError } from '../common/mutations';
import { dashboardTexts as t } from '../texts';
import { useLogout } from './api';
import { loginPath } from './RequireStaff';

const lastTryMs = 5_000;

export function SignOutButton({ unsent = 0 }: { unsent?: number }) {
  const [, navigate] = useLocation();
  const logout = useLogout();
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const signOut = async () => {
    if (unsent > 0) {
      // What can still go, goes now, while the session is open; the rest stays sealed on the device.
      setSending(true);
      await Promise.race([retryQueueNow().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, lastTryMs))]);
      setSending(false);
    }
    // Noted first: a queue run finishing while the session ends must not call it expired.
    setSignedOutOnPurpose(true);
    return logout.mutateAsync().then(
      () => navigate(loginPath),
      (error) => {
        setSignedOutOnPurpose(false);
        toastError(t.logoutError, error);
      },
    );
  };
  return (
    <>
      <Button variant="onDark" size="sm" onPress={() => (unsent > 0 ? setAsking(true) : void signOut())} isPending={logout.isPending || sending}>
        <LogOut className="size-4" aria-hidden="true" />
        {t.logout}
      </Button>
      <ConfirmDialog
        isOpen={asking}
        onOpenChange={setAsking}
        title={unsent > 0 ? offlineTexts.logoutTitle : offlineTexts.logoutTitleNone}
        message={offlineTexts.logoutConfirm(unsent)}
        confirmLabel={offlineTexts.logoutConfirmLabel}
        destructive={false}
        onConfirm={() => {
          setAsking(false);
          void signOut();
        }}
      />
    </>
  );
}
