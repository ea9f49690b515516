// What a chart of the 'Resumen' tab draws (its series and their colours) and its legend: apart from the
// chart itself, so the tab can describe a chart without loading uPlot.

export type ChartColor = 'navy' | 'accent' | 'amber' | 'slate';
export type ChartSeries = { label: string; values: (number | null)[]; kind: 'bar' | 'line'; color: ChartColor; dashed?: boolean };

/** The panel's colours (pwa/styles.css): they keep their contrast on the white cards. */
export const chartColors: Record<ChartColor, string> = { navy: '#1a2847', accent: '#0e7490', amber: '#b45309', slate: '#64748b' };

export function ChartLegend({ series }: { series: ChartSeries[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-hidden="true">
      {series.map((s) => (
        <li key={s.label} className="flex items-center gap-1.5">
          <span
            className={s.kind === 'bar' ? 'size-3 rounded-sm' : 'h-0.5 w-4'}
            style={
              s.kind === 'bar' ? { background: chartColors[s.color] } : { borderTop: `2px ${s.dashed ? 'dashed' : 'solid'} ${chartColors[s.color]}`, height: 0 }
            }
          />
          {s.label}
        </li>
      ))}
    </ul>
  );
}
