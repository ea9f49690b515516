// /admin/avanzadas/nuevo: staff record a form; the server notes who sent it from the session.
import { RequireStaff } from '../admin/session';
import { AdvanceFormScreen } from './AdvanceFormScreen';

export default function AdminAdvanceFormNewPage() {
  return (
    <RequireStaff>
      <AdvanceFormScreen mode="admin" />
    </RequireStaff>
  );
}
