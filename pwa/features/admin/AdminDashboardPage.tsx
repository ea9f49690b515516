// /admin/dashboard (pwa/routes.tsx imports this default export).
import { DashboardPage } from './dashboard/DashboardPage';
import { OfflineBanner } from '../../offline/OfflineBanner';

export default function AdminDashboardPage() {
  return <DashboardPage banner={<OfflineBanner />} />;
}
