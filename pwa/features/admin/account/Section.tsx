// One block of the security screen: a titled card (an h2 with its intro), its content below.
import type { ReactNode } from 'react';

export function Section({ id, title, intro, status, children }: { id: string; title: string; intro?: string; status?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={id} className="text-lg font-bold text-slate-900">
            {title}
          </h2>
          {intro && <p className="mt-1 text-sm text-slate-600">{intro}</p>}
        </div>
        {status}
      </div>
      {children}
    </section>
  );
}
