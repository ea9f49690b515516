// A yes/no switch with its label (react-aria Switch: a real checkbox underneath, Space toggles it).
import type { ReactNode } from 'react';
import { Switch as AriaSwitch, type SwitchProps as AriaSwitchProps } from 'react-aria-components';

export type SwitchProps = Omit<AriaSwitchProps, 'className' | 'children'> & { children: ReactNode; className?: string };

export function Switch({ children, className = '', ...props }: SwitchProps) {
  return (
    <AriaSwitch
      {...props}
      className={`group inline-flex cursor-pointer items-center gap-3 text-sm font-medium text-slate-800 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 ${className}`}
    >
      <span className="flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 p-0.5 transition-colors group-data-[focus-visible]:ring-2 group-data-[focus-visible]:ring-accent-400 group-data-[focus-visible]:ring-offset-2 group-data-[selected]:bg-accent-700">
        <span className="size-5 rounded-full bg-white shadow transition-transform group-data-[selected]:translate-x-5" />
      </span>
      {children}
    </AriaSwitch>
  );
}
