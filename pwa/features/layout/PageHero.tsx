// The dark band that opens every inner public page with its title.
import type { ReactNode } from 'react';

export function PageHero({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <section className="relative overflow-hidden bg-navy-900 text-white">
      <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(34,211,238,0.16),transparent_55%)]" />
      <div className="relative mx-auto max-w-7xl px-4 py-14 text-center sm:px-6 sm:py-20 lg:px-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">{title}</h1>
        {subtitle && <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-300">{subtitle}</p>}
        {children}
      </div>
    </section>
  );
}
