// Sessions of the account: device, address, started and last seen, this one marked; end one or all others.
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { formatDateTime } from '../../../../domain';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { ListState } from '../common/states';
import { useEndOtherSessions, useEndSession, useSessions } from './api';
import { Section } from './Section';
import { accountTexts as t } from './texts';

export function SessionsSection() {
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;
  return (
    <Section id="sessions-title" title={t.sessionsTitle} intro={t.sessionsIntro}>
      <ListState
        isPending={sessions.isPending}
        error={sessions.error}
        isEmpty={sessions.data?.length === 0}
        emptyText={t.sessionsIntro}
        onRetry={() => void sessions.refetch()}
      >
        <ul className="mb-4 flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200" aria-labelledby="sessions-title">
          {sessions.data?.map((session) => (
            <li key={session.id} aria-label={session.device} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div className="flex min-w-0 items-start gap-3">
                <MonitorSmartphone className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
                <div className="min-w-0 text-sm">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    {session.device}
                    {session.current && <Badge variant="success">{t.thisSession}</Badge>}
                  </p>
                  <p className="text-slate-600">{t.address(session.address)}</p>
                  <p className="text-slate-600">
                    {t.started(formatDateTime(session.createdAt))} · {t.lastSeen(formatDateTime(session.lastSeenAt))}
                  </p>
                </div>
              </div>
              {!session.current && (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={t.endSessionLabel(session.device)}
                  onPress={() => void end.mutateAsync(session.id).catch(() => {})}
                  isPending={end.isPending && end.variables === session.id}
                >
                  <LogOut className="size-4" aria-hidden="true" />
                  {t.endSession}
                </Button>
              )}
            </li>
          ))}
        </ul>
        {others > 0 && (
          <Button variant="outline" onPress={() => void endOthers.mutateAsync().catch(() => {})} isPending={endOthers.isPending}>
            {t.endOthers}
          </Button>
        )}
      </ListState>
    </Section>
  );
}
