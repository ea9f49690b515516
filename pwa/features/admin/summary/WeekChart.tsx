// One chart of the 'Resumen' tab, drawn by uPlot on a canvas: the weeks across, up to two series of bars
// side by side and lines over them. It comes in a chunk of its own, loaded only when the tab is shown. A
// canvas tells a screen reader nothing: the card around it gives the figures in words and a table.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatWeekLabel } from '../../../../domain';
import { chartColors, type ChartSeries } from './chart-series';

const height = 220;
/** '3 de nov.': the axis says which week without repeating 'semana del'. */
const shortWeek = (week: string) => formatWeekLabel(week).replace('semana del ', '');

export default function WeekChart({ weeks, series, label, integers = true }: { weeks: string[]; series: ChartSeries[]; label: string; integers?: boolean }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // Axes in the text colour of the card, grid lines in its borders' grey.
    const ink = getComputedStyle(element).color;
    const bars = series.filter((s) => s.kind === 'bar');
    const options: uPlot.Options = {
      width: element.clientWidth,
      height,
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: false, range: [-0.5, weeks.length - 0.5] },
        y: { range: (_u, _min, max) => [0, Math.max(integers ? 4 : 1, max * 1.1)] },
      },
      axes: [
        {
          stroke: ink,
          grid: { show: false },
          ticks: { show: false },
          // A label ('28 de sep.') is about 70 px wide: at least that much between two.
          space: 84,
          incrs: [1, 2, 3, 4, 6, 12],
          values: (_u, splits) => splits.map((i) => (Number.isInteger(i) && weeks[i] ? shortWeek(weeks[i]) : '')),
        },
        {
          stroke: ink,
          grid: { stroke: '#e2e8f0', width: 1 },
          ticks: { show: false },
          size: 44,
          ...(integers ? { incrs: [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000] } : {}),
          values: (_u, splits) => splits.map((v) => (integers ? String(v) : v.toLocaleString('es-CR', { maximumFractionDigits: 1 }))),
        },
      ],
      series: [
        {},
        ...series.map((s): uPlot.Series => {
          const color = chartColors[s.color];
          if (s.kind === 'line')
            return { label: s.label, stroke: color, width: 2, dash: s.dashed ? [6, 4] : undefined, points: { show: !s.dashed, size: 5, fill: color } };
          const index = bars.indexOf(s);
          const align = bars.length === 1 ? 0 : index === 0 ? -1 : 1;
          return {
            label: s.label,
            stroke: color,
            fill: color,
            width: 0,
            points: { show: false },
            paths: uPlot.paths.bars!({ size: [0.7 / bars.length, 48], align }),
          };
        }),
      ],
    };
    const plot = new uPlot(options, [weeks.map((_, i) => i), ...series.map((s) => s.values)], element);
    const resize = new ResizeObserver(() => {
      if (element.clientWidth !== plot.width) plot.setSize({ width: element.clientWidth, height });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [weeks, series, integers]);

  return <div ref={box} role="img" aria-label={label} className="min-h-[220px] w-full text-slate-600" />;
}
