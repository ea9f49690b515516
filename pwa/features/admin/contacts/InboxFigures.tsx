// How fast leads are answered, from the log: the medians to first read and to resolved over the last
// 4 weeks, and the messages unread for more than 24 hours (highlighted while there are any).
import { formatDuration } from '../../../../domain';
import { contactsTexts as t } from '../texts';
import { useInboxStats } from './api';

export function InboxFigures() {
  const stats = useInboxStats();
  if (!stats.data) return null;
  const { medianToReadMs, medianToResolvedMs, unreadOver24h } = stats.data;
  const overdue = unreadOver24h > 0;
  return (
    <section aria-label={t.statsTitle} className="mb-4">
      <h3 className="mb-2 text-sm font-semibold text-slate-700">{t.statsTitle}</h3>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Figure label={t.medianToRead} value={medianToReadMs === null ? t.noData : formatDuration(medianToReadMs)} />
        <Figure label={t.medianToResolved} value={medianToResolvedMs === null ? t.noData : formatDuration(medianToResolvedMs)} />
        <Figure label={t.unreadOver24h} value={String(unreadOver24h)} alert={overdue} />
      </dl>
    </section>
  );
}

function Figure({ label, value, alert = false }: { label: string; value: string; alert?: boolean }) {
  return (
    <div
      data-alert={alert || undefined}
      className={`rounded-lg border p-3 ${alert ? 'border-red-300 bg-red-50 text-red-900' : 'border-slate-200 bg-white text-slate-900'}`}
    >
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-xl font-bold">{value}</dd>
    </div>
  );
}
