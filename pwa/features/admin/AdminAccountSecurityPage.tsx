// /admin/seguridad (pwa/routes.tsx imports this default export).
import { AccountSecurityPage } from './account/AccountSecurityPage';

export default function AdminAccountSecurityPage() {
  return <AccountSecurityPage />;
}
