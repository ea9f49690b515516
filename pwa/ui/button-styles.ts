// The look of every button, shared by <Button> (react-aria) and plain links styled as buttons, which
// the light public pages use to keep react-aria out of their first load.
export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive' | 'dark' | 'onDark';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const base =
  'inline-flex items-center justify-center gap-2 rounded-md font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-60 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-accent-400 text-navy-950 hover:bg-accent-300 data-[hovered]:bg-accent-300',
  secondary: 'bg-slate-100 text-slate-900 hover:bg-slate-200 data-[hovered]:bg-slate-200',
  outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 data-[hovered]:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100 data-[hovered]:bg-slate-100',
  destructive: 'bg-red-600 text-white hover:bg-red-700 data-[hovered]:bg-red-700',
  dark: 'bg-navy-900 text-white hover:bg-navy-700 data-[hovered]:bg-navy-700',
  onDark: 'border border-white/30 bg-white/5 text-white hover:bg-white/15 data-[hovered]:bg-white/15',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'size-10',
};

export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}
