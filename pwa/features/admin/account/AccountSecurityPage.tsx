// /admin/seguridad, 'Seguridad de la cuenta': password, authenticator app, passkeys, notice address, an
// admin's weekly summary by e-mail, and sessions. Where a staff member who owes a step (a new password, a second factor) is sent after signing in.
import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import type { SessionUser } from '../../../../domain';
import { buttonClass } from '../../../ui/button-styles';
import { ListState } from '../common/states';
import { RequireStaff, SignOutButton } from '../session';
import { useAccountSecurity } from './api';
import { NoticeEmailSection } from './NoticeEmailSection';
import { PasskeysSection } from './PasskeysSection';
import { PasswordSection } from './PasswordSection';
import { SessionsSection } from './SessionsSection';
import { accountTexts as t } from './texts';
import { TotpSection } from './TotpSection';
import { WeeklySummarySection } from './WeeklySummarySection';

export function AccountSecurityPage() {
  return <RequireStaff allowDuringSetup>{(user) => <AccountSecurity user={user} />}</RequireStaff>;
}

function AccountSecurity({ user }: { user: SessionUser }) {
  const security = useAccountSecurity();
  const owed = user.setupRequired;
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="sticky top-0 z-30 bg-navy-950 text-white shadow">
        <div className="mx-auto flex w-full max-w-3xl items-center justify-between gap-3 px-3 py-3 sm:px-6">
          <div className="min-w-0">
            <h1 className="truncate text-base font-bold sm:text-xl">{t.title}</h1>
            <p className="truncate text-xs text-slate-300">{user.username}</p>
          </div>
          <SignOutButton />
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-3 py-4 sm:px-6 sm:py-6">
        {owed ? (
          <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950">
            {owed === 'password' ? t.setupPassword : t.setupSecondFactor}
          </p>
        ) : (
          <Link href="/admin/dashboard" className={buttonClass('ghost', 'sm', 'self-start')}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t.back}
          </Link>
        )}
        <ListState
          isPending={security.isPending}
          error={security.error}
          isEmpty={false}
          emptyText=""
          errorText={t.loadError}
          onRetry={() => void security.refetch()}
        >
          {security.data && (
            <>
              <PasswordSection />
              <TotpSection security={security.data} />
              <PasskeysSection passkeys={security.data.passkeys} />
              <NoticeEmailSection current={security.data.noticeEmail} />
              {user.role === 'admin' && <WeeklySummarySection on={security.data.weeklySummary} noticeEmail={security.data.noticeEmail} />}
              <SessionsSection />
            </>
          )}
        </ListState>
      </main>
    </div>
  );
}
