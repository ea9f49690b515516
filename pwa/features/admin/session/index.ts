// What other screens (the advance-form screens among them) may use of the admin session.
export { useSession, useLogin, usePasskeyLogin, sessionKey } from './api';
export { RequireStaff, accountSecurityPath } from './RequireStaff';
export { SignOutButton } from './SignOutButton';
