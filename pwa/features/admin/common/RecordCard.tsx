// The card every record of the dashboard is shown in: a title line with badges, details, and a row
// of actions that wraps on narrow screens.
import type { ReactNode } from 'react';

type Props = {
  title: ReactNode;
  badges?: ReactNode;
  children?: ReactNode;
  actions: ReactNode;
  /** Set on cards a test or a screen reader needs to find by their record. */
  label?: string;
};

export function RecordCard({ title, badges, children, actions, label }: Props) {
  return (
    <article aria-label={label} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 text-lg font-semibold break-words text-slate-900">{title}</h3>
        {badges && <div className="flex flex-wrap gap-1.5">{badges}</div>}
      </header>
      {children && <div className="flex flex-col gap-1.5 text-sm text-slate-700">{children}</div>}
      <footer className="mt-auto flex flex-wrap gap-2 border-t border-slate-100 pt-3">{actions}</footer>
    </article>
  );
}

/** A "label: value" line inside a card. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <p className="break-words">
      <span className="font-medium text-slate-900">{label}:</span> {children}
    </p>
  );
}
