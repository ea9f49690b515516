// The honeypot of a public form: a text field people never see or reach, which bots fill in. The
// server refuses a submission whose 'website' is not empty.
import type { UseFormRegisterReturn } from 'react-hook-form';

export function Honeypot({ label, field }: { label: string; field: UseFormRegisterReturn }) {
  return (
    // Off-screen and out of the tab order rather than display:none, which some bots skip.
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        {label}
        <input type="text" tabIndex={-1} autoComplete="off" {...field} />
      </label>
    </div>
  );
}
