// A list of history events: the event's name, who and when, then each changed field from → to.
import { formatDateTime } from '../../../../domain';
import { historyTexts as t } from '../texts';
import type { HistoryEvent } from './api';
import { actorOf, changeLines } from './describe';

type Props = {
  events: HistoryEvent[];
  /** The name of each event: a short verb in a record's history, the full name in the activity. */
  labelOf: (event: HistoryEvent) => string;
  /** Extra words under the name (the activity names the record). */
  extra?: (event: HistoryEvent) => string | null;
};

export function EventList({ events, labelOf, extra }: Props) {
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
            {lines.length > 0 && (
              <dl className="mt-2 grid gap-1 text-sm">
                {lines.map((line) => (
                  <div key={line.field} className="grid gap-x-2 sm:grid-cols-[minmax(8rem,auto)_1fr]">
                    <dt className="font-medium text-slate-800">{line.label}</dt>
                    <dd className="break-words text-slate-700">
                      {line.created ? (
                        line.to
                      ) : (
                        <>
                          <span className="text-slate-500 line-through decoration-slate-400">{line.from}</span> <span aria-label="cambió a">{t.changeArrow}</span> <span>{line.to}</span>
                        </>
                      )}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </li>
        );
      })}
    </ol>
  );
}
