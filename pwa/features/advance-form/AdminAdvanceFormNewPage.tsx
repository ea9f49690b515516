// /admin/avanzadas/nuevo: staff record a form; the server notes who sent it from the session.
import { RequireStaff } from '../admin/session';
import { AdvanceFormScreen } from './AdvanceFormScreen';

export default function AdminAdvanceFormNewPage() {
  return (
    // Open while the account still owes a set-up step: work written in the field is never held back.
    <RequireStaff allowDuringSetup>
      <AdvanceFormScreen mode="admin" />
    </RequireStaff>
  );
}
