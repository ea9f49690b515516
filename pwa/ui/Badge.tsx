// A small label (a category, a status such as 'Sin leer', 'Leído', 'Resuelto').
import type { ReactNode } from 'react';

export type BadgeVariant = 'default' | 'accent' | 'success' | 'warning' | 'danger' | 'outline';

const variants: Record<BadgeVariant, string> = {
  default: 'bg-slate-100 text-slate-800',
  accent: 'bg-accent-400/15 text-accent-800',
  success: 'bg-emerald-100 text-emerald-800',
  warning: 'bg-amber-100 text-amber-900',
  danger: 'bg-red-100 text-red-800',
  outline: 'border border-slate-300 text-slate-700',
};

export function Badge({ variant = 'default', className = '', children }: { variant?: BadgeVariant; className?: string; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${variants[variant]} ${className}`}>{children}</span>;
}
