// What other screens (the advance-form screens among them) may use of the admin session.
export { useSession, useLogin, useLogout, sessionKey, type Session } from './api';
export { RequireStaff, loginPath } from './RequireStaff';
