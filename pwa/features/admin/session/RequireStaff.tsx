// The guard of every admin screen: renders its children for signed-in staff (admin or colaborador),
// sends anyone else to the login, someone who must first secure the account to 'Seguridad de la
// cuenta', and says so when the session cannot be checked at all.
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { SessionUser } from '../../../../domain';
import { sessionTexts } from '../texts';
import { useSession } from './api';
import { CenteredMessage } from '../common/states';

export const loginPath = '/admin/login';
export const accountSecurityPath = '/admin/seguridad';

type Props = {
  /** Children, or a function of the signed-in user. */
  children: ReactNode | ((user: SessionUser) => ReactNode);
  /** Only role admin may see it (others get the login's redirect target, the dashboard). */
  adminOnly?: boolean;
  /** Shown while a password change or a second factor is still owed (the security screen, drafts). */
  allowDuringSetup?: boolean;
};

export function RequireStaff({ children, adminOnly = false, allowDuringSetup = false }: Props) {
  const { user, isLoading, error, refetch } = useSession();
  const [, navigate] = useLocation();
  const signedOut = !isLoading && !error && !user;
  const notAllowed = Boolean(user && adminOnly && user.role !== 'admin');
  const mustSetUp = Boolean(user?.setupRequired && !allowDuringSetup);

  useEffect(() => {
    if (signedOut) navigate(loginPath, { replace: true });
    else if (mustSetUp) navigate(accountSecurityPath, { replace: true });
    else if (notAllowed) navigate('/admin/dashboard', { replace: true });
  }, [signedOut, notAllowed, mustSetUp, navigate]);

  if (error && !user) return <CenteredMessage text={sessionTexts.checkFailed} onRetry={refetch} retryLabel={sessionTexts.retry} />;
  if (!user || notAllowed || mustSetUp) return <CenteredMessage text={sessionTexts.checking} busy />;
  return <>{typeof children === 'function' ? children(user) : children}</>;
}
