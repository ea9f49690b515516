// Loading, error and empty states shared by every tab, so each looks and reads the same.
import type { ReactNode } from 'react';
import { Plus } from 'lucide-react';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { commonTexts } from '../texts';
import { reasonOf } from './mutations';

export function CenteredMessage({
  text,
  busy,
  onRetry,
  retryLabel = commonTexts.retry,
}: {
  text: string;
  busy?: boolean;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  return (
    <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-4 text-center text-slate-600">
      {busy && <Spinner className="size-6 text-accent-700" />}
      <p>{text}</p>
      {onRetry && (
        <Button variant="outline" size="sm" onPress={onRetry}>
          {retryLabel}
        </Button>
      )}
    </div>
  );
}

type ListStateProps = {
  isPending: boolean;
  error: unknown;
  isEmpty: boolean;
  emptyText: string;
  /** The screen's required error text when it has one ('Error al cargar noticias'). */
  errorText?: string;
  onRetry: () => void;
  children: ReactNode;
};

/** The list itself, or what stands in its place: loading, the error with a retry, or the empty text. */
export function ListState({ isPending, error, isEmpty, emptyText, errorText = commonTexts.loadError, onRetry, children }: ListStateProps) {
  if (isPending) {
    return (
      <p role="status" className="flex items-center justify-center gap-3 py-12 text-slate-600">
        <Spinner className="size-5 text-accent-700" />
        {commonTexts.loading}
      </p>
    );
  }
  if (error) {
    const reason = reasonOf(error);
    return (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-8 text-center text-red-800">
        <p className="font-medium">{errorText}</p>
        {reason && <p className="text-sm">{reason}</p>}
        <Button variant="outline" size="sm" onPress={onRetry}>
          {commonTexts.retry}
        </Button>
      </div>
    );
  }
  if (isEmpty) return <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-12 text-center text-slate-600">{emptyText}</p>;
  return <>{children}</>;
}

/** A tab's heading row: its title (an h2), an optional subtitle or count, and its main action. */
export function SectionHeader({ id, title, subtitle, action }: { id: string; title: string; subtitle?: ReactNode; action?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h2 id={id} className="text-2xl font-bold text-slate-900">
          {title}
        </h2>
        {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
      </div>
      {action}
    </div>
  );
}

/** 'Cargar más' under a paged list, while pages remain. */
export function LoadMore({ hasMore, isLoading, onLoad }: { hasMore: boolean; isLoading: boolean; onLoad: () => void }) {
  if (!hasMore) return null;
  return (
    <div className="mt-4 flex justify-center">
      <Button variant="outline" onPress={onLoad} isPending={isLoading}>
        {commonTexts.loadMore}
      </Button>
    </div>
  );
}

/** A tab's main action: 'Nueva Noticia', 'Nuevo Servicio', ... */
export function CreateButton({ label, onPress }: { label: string; onPress: () => void }) {
  return (
    <Button onPress={onPress}>
      <Plus className="size-4" aria-hidden="true" />
      {label}
    </Button>
  );
}
