// A turning circle for work in progress; decorative unless given a label for screen readers.
import { LoaderCircle } from 'lucide-react';

export function Spinner({ className = 'size-5', label }: { className?: string; label?: string }) {
  return (
    <>
      <LoaderCircle className={`animate-spin ${className}`} aria-hidden="true" />
      {label && <span className="sr-only">{label}</span>}
    </>
  );
}
