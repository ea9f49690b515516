// A list of history events: the event's name, who and when, then each changed field from → to.
import { formatDateTime } from '../../../../domain';
import { historyTexts as t } from './texts';
import type { HistoryEvent } from './api';
import { actorOf, changeLines, type ChangeLine } from './describe';

type Props = {
  events: HistoryEvent[];
  /** The name of each event: a short verb in a record's history, the full name in the activity. */
  labelOf: (event: HistoryEvent) => string;
  /** Extra words under the name (the activity names the record). */
  extra?: (event: HistoryEvent) => string | null;
  /** Fold long field lists (a creation lists every field) behind a disclosure. */
  foldAfter?: number;
};

export function EventList({ events, labelOf, extra, foldAfter = Infinity }: Props) {
  return (
    <ol className="flex flex-col gap-3">
      {events.map((event) => {
        const lines = changeLines(event);
        const note = extra?.(event);
        return (
          <li key={event.position} className="rounded-lg border border-slate-200 bg-white p-3 sm:p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <p className="font-semibold text-slate-900">{labelOf(event)}</p>
              <p className="text-sm text-slate-600">
                {actorOf(event)} · <time dateTime={event.recordedAt}>{formatDateTime(event.recordedAt)}</time>
              </p>
            </div>
            {note && <p className="mt-1 text-xs text-slate-500">{note}</p>}
            {lines.length > foldAfter ? (
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer font-medium text-accent-700">{t.fieldCount(lines.length)}</summary>
                <ChangeList lines={lines} />
              </details>
            ) : (
              lines.length > 0 && <ChangeList lines={lines} />
            )}
          </li>
        );
      })}
    </ol>
  );
}

function ChangeList({ lines }: { lines: ChangeLine[] }) {
  return (
    <dl className="mt-2 grid gap-1 text-sm">
      {lines.map((line) => (
        <div key={line.field} className="grid gap-x-3 sm:grid-cols-[11rem_1fr]">
          <dt className="font-medium text-slate-800">{line.label}</dt>
          <dd className="break-words text-slate-700">
            {line.created ? (
              line.to
            ) : (
              <>
                <span className="text-slate-500 line-through decoration-slate-400">{line.from}</span> <span aria-hidden="true">{t.changeArrow}</span>
                <span className="sr-only">{t.changedTo}</span> <span>{line.to}</span>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
