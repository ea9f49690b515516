// The look shared by every form control: label, box, help text and error.
export const labelClass = 'text-sm font-medium text-slate-800';
export const inputClass =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 outline-none transition-colors data-[focused]:border-accent-500 data-[focus-visible]:ring-2 data-[focus-visible]:ring-accent-400 data-[invalid]:border-red-600 data-[disabled]:bg-slate-100 data-[disabled]:opacity-70';
export const descriptionClass = 'text-sm text-slate-600';
export const errorClass = 'text-sm font-medium text-red-700';
/** A field's small icon buttons (clear, calendar): react-aria's marks its keyboard focus with data-focus-visible. */
const iconButtonBase = 'inline-flex size-9 items-center justify-center rounded-md text-slate-600 outline-none hover:bg-slate-100';
export const iconButtonClass = `${iconButtonBase} data-[focus-visible]:ring-2 data-[focus-visible]:ring-accent-400`;
/** The same look on a plain <button>, whose keyboard focus is :focus-visible. */
export const plainIconButtonClass = `${iconButtonBase} focus-visible:ring-2 focus-visible:ring-accent-400`;
