// 'Usuarios' (role admin only): staff accounts with their role and state; create, reset a
// password, change a role, disable or enable, take away a lost second factor.
import { useState } from 'react';
import { KeyRound, LogOut, Mail, ShieldOff, UserCog, UserCheck, UserX } from 'lucide-react';
import { formatLongDate, userRoleLabel, type User } from '../../../../domain';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { ConfirmAction } from '../common/ConfirmAction';
import { RecordCard } from '../common/RecordCard';
import { CreateButton, ListState, SectionHeader } from '../common/states';
import { HistoryAction } from '../history/HistoryAction';
import { useSession } from '../session';
import { usersTexts as t } from '../texts';
import { useEndUserSessions, useUpdateUser, useUsers } from './api';
import { SecuritySettingsCard } from './SecuritySettingsCard';
import { CreateUserDialog, UserFieldDialog } from './UserDialogs';

export function UsersTab() {
  const users = useUsers();
  const [creating, setCreating] = useState(false);
  return (
    <section aria-labelledby="users-title">
      <SectionHeader id="users-title" title={t.title} action={<CreateButton label={t.create} onPress={() => setCreating(true)} />} />
      <SecuritySettingsCard />
      <ListState isPending={users.isPending} error={users.error} isEmpty={users.data?.length === 0} emptyText={t.empty} onRetry={() => void users.refetch()}>
        <div className="grid gap-4 md:grid-cols-2">
          {users.data?.map((user) => (
            <UserCard key={user.id} user={user} />
          ))}
        </div>
      </ListState>
      <CreateUserDialog isOpen={creating} onOpenChange={setCreating} />
    </section>
  );
}

function UserCard({ user }: { user: User }) {
  const session = useSession();
  const update = useUpdateUser();
  const endSessions = useEndUserSessions();
  const [open, setOpen] = useState<'role' | 'password' | 'notice' | null>(null);
  const isMe = session.user?.id === user.id;
  const setOpenFor = (which: typeof open) => (isOpen: boolean) => setOpen(isOpen ? which : null);

  return (
    <RecordCard
      label={user.username}
      title={
        <>
          {user.username} {isMe && <span className="text-sm font-normal text-slate-500">{t.you}</span>}
        </>
      }
      badges={
        <>
          <Badge variant={user.role === 'admin' ? 'accent' : 'default'}>{userRoleLabel[user.role]}</Badge>
          <Badge variant={user.disabled ? 'danger' : 'success'}>{user.disabled ? t.disabledBadge : t.active}</Badge>
          <Badge variant={user.hasSecondFactor ? 'success' : 'warning'}>{user.hasSecondFactor ? t.secondFactor : t.noSecondFactor}</Badge>
          {user.mustChangePassword && <Badge variant="warning">{t.mustChangePassword}</Badge>}
        </>
      }
      actions={
        <>
          <Button variant="outline" size="sm" onPress={() => setOpen('role')}>
            <UserCog className="size-4" aria-hidden="true" />
            {t.changeRole}
          </Button>
          {/* One's own password and notice address change in 'Seguridad de la cuenta', with the current password. */}
          {!isMe && (
            <Button variant="outline" size="sm" onPress={() => setOpen('password')}>
              <KeyRound className="size-4" aria-hidden="true" />
              {t.resetPassword}
            </Button>
          )}
          {user.disabled ? (
            <Button variant="outline" size="sm" onPress={() => update.mutate({ id: user.id, patch: { disabled: false } })} isPending={update.isPending}>
              <UserCheck className="size-4" aria-hidden="true" />
              {t.enable}
            </Button>
          ) : (
            <ConfirmAction
              icon={UserX}
              label={t.disable}
              danger
              title={t.confirmDisableTitle}
              message={t.confirmDisable(user.username)}
              onConfirm={() => update.mutateAsync({ id: user.id, patch: { disabled: true } })}
              isPending={update.isPending}
            />
          )}
          <ConfirmAction
            icon={LogOut}
            label={t.endSessions}
            title={t.confirmEndSessionsTitle}
            message={t.confirmEndSessions(user.username)}
            onConfirm={() => endSessions.mutateAsync(user.id)}
            isPending={endSessions.isPending}
          />
          {/* For a user who lost both the app and the recovery codes (or every passkey): one's own are removed in 'Seguridad de la cuenta'. */}
          {!isMe && user.hasSecondFactor && (
            <ConfirmAction
              icon={ShieldOff}
              label={t.removeSecondFactors}
              danger
              title={t.removeSecondFactors}
              message={t.confirmRemoveSecondFactors(user.username)}
              onConfirm={() => update.mutateAsync({ id: user.id, patch: { removeSecondFactors: true } })}
              isPending={update.isPending}
            />
          )}
          {!isMe && (
            <Button variant="outline" size="sm" onPress={() => setOpen('notice')}>
              <Mail className="size-4" aria-hidden="true" />
              {t.noticeEmail}
            </Button>
          )}
          <HistoryAction recordId={user.id} recordName={user.username} />
        </>
      }
    >
      <p className="text-slate-600">{t.since(formatLongDate(user.createdAt))}</p>
      <UserFieldDialog field="role" isOpen={open === 'role'} onOpenChange={setOpenFor('role')} user={user} />
      <UserFieldDialog field="password" isOpen={open === 'password'} onOpenChange={setOpenFor('password')} user={user} />
      <UserFieldDialog field="noticeEmail" isOpen={open === 'notice'} onOpenChange={setOpenFor('notice')} user={user} />
    </RecordCard>
  );
}
