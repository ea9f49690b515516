// What other screens (the advance-form screens among them) may use of the admin session.
export { useSession, useLogin, usePasskeyLogin, useLogout, sessionKey, type Session } from './api';
export { RequireStaff, loginPath, accountSecurityPath } from './RequireStaff';
export { SignOutButton } from './SignOutButton';
