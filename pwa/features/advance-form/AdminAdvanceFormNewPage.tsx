// /admin/avanzadas/nuevo: staff record a form; the server notes who sent it from the session.
import { RequireStaff, useSession } from '../admin/session';
import { AdvanceFormScreen } from './AdvanceFormScreen';

export default function AdminAdvanceFormNewPage() {
  return (
    // Open while the account still owes a set-up step: work written in the field is never held back.
    <RequireStaff allowDuringSetup>
      <StaffForm />
    </RequireStaff>
  );
}

// Inside RequireStaff: the session is known when this renders; its user owns the drafts written here.
function StaffForm() {
  const { user } = useSession();
  return <AdvanceFormScreen mode="admin" ownerId={user?.id ?? null} />;
}
