// /admin/dashboard: the header with who is signed in and 'Cerrar Sesión', and the tabs. The chosen
// tab lives in the URL (?tab=rss) so a reload or a shared link keeps it.
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { KeyRound, ShieldCheck } from 'lucide-react';
import { userRoleLabel, type SessionUser } from '../../../../domain';
import { buttonClass } from '../../../ui/button-styles';
import { useQueryString } from '../../../lib/query-string';
import { useUnsentCount } from '../drafts/use-my-drafts';
import { Tab, TabList, TabPanel, Tabs } from '../../../ui/Tabs';
import { accountSecurityPath, RequireStaff, SignOutButton } from '../session';
import { dashboardTexts as t } from '../texts';
import { defaultTabId, tabsFor } from './tabs';

export function DashboardPage({ banner }: { banner?: ReactNode }) {
  return <RequireStaff>{(user) => <Dashboard user={user} banner={banner} />}</RequireStaff>;
}

function Dashboard({ user, banner }: { user: SessionUser; banner?: ReactNode }) {
  const query = useQueryString();
  const [path, navigate] = useLocation();
  const tabs = tabsFor(user.role === 'admin');
  const requested = new URLSearchParams(query).get('tab');
  const selected = tabs.some((tab) => tab.id === requested) ? requested! : defaultTabId;

  const select = (id: string) => {
    const next = new URLSearchParams(query);
    if (id === defaultTabId) next.delete('tab');
    else next.set('tab', id);
    const search = next.toString();
    navigate(search ? `${path}?${search}` : path, { replace: true });
  };

  // On a phone the tab row scrolls sideways: keep the chosen tab (from a reload too) in sight.
  useEffect(() => {
    document.querySelector('[role="tab"][aria-selected="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [selected]);

  return (
    <div className="min-h-screen bg-slate-50">
      <DashboardHeader user={user} />
      <main className="mx-auto w-full max-w-6xl px-3 py-4 sm:px-6 sm:py-6">
        {banner}
        <Tabs selectedKey={selected} onSelectionChange={(key) => select(String(key))}>
          <TabList aria-label={t.tabsLabel}>
            {tabs.map((tab) => (
              <Tab key={tab.id} id={tab.id}>
                {tab.label}
              </Tab>
            ))}
          </TabList>
          {tabs.map(({ id, Panel }) => (
            <TabPanel key={id} id={id}>
              <Panel />
            </TabPanel>
          ))}
        </Tabs>
      </main>
    </div>
  );
}

function DashboardHeader({ user }: { user: SessionUser }) {
  const unsent = useUnsentCount(user.id);
  return (
    <header className="sticky top-0 z-30 bg-navy-950 text-white shadow">
      <div className="mx-auto flex w-full max-w-6xl items-center justify-between gap-3 px-3 py-3 sm:px-6">
        <div className="flex min-w-0 items-center gap-3">
          <ShieldCheck className="hidden size-7 shrink-0 text-accent-400 sm:block" aria-hidden="true" />
          <div className="min-w-0">
            <h1 className="truncate text-base font-bold sm:text-xl">{t.title}</h1>
            <p className="truncate text-xs text-slate-300">{t.signedInAs(user.username, userRoleLabel[user.role])}</p>
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <Link href={accountSecurityPath} className={buttonClass('onDark', 'sm')}>
            <KeyRound className="size-4" aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">{t.security}</span>
          </Link>
          <SignOutButton unsent={unsent} />
        </div>
      </div>
    </header>
  );
}
