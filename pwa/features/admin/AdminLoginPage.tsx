// /admin and /admin/login (pwa/routes.tsx imports this default export).
import { LoginPage } from './login/LoginPage';

export default function AdminLoginPage() {
  return <LoginPage />;
}
