// /admin/dashboard (pwa/routes.tsx imports this default export).
import { DashboardPage } from './dashboard/DashboardPage';

export default function AdminDashboardPage() {
  return <DashboardPage />;
}
