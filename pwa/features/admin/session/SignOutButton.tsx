// 'Cerrar Sesión' in the headers of the admin screens: ends the session, then the login.
import { LogOut } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '../../../ui/Button';
import { toastError } from '../common/mutations';
import { dashboardTexts as t } from '../texts';
import { useLogout } from './api';
import { loginPath } from './RequireStaff';

export function SignOutButton() {
  const [, navigate] = useLocation();
  const logout = useLogout();
  const signOut = () => logout.mutateAsync().then(() => navigate(loginPath), (error) => toastError(t.logoutError, error));
  return (
    <Button variant="onDark" size="sm" onPress={signOut} isPending={logout.isPending}>
      <LogOut className="size-4" aria-hidden="true" />
      {t.logout}
    </Button>
  );
}
