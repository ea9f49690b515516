// The one way a tab reports a mutation: a success toast, or a destructive toast with the required
// title and the server's Spanish reason, and the lists it touched (and every history) refreshed.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError, apiJson } from '../../../lib/api';
import { toast } from '../../../ui/toast';

/** The server's own message when it sent one; otherwise nothing (the title says enough). */
export function reasonOf(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.serverMessage ?? undefined;
  if (error instanceof TypeError) return 'Sin conexión con el servidor';
  return undefined;
}

export function toastError(title: string, error: unknown) {
  toast({ title, description: reasonOf(error), variant: 'destructive' });
}

type Options<TInput, TResult> = {
  mutationFn: (input: TInput) => Promise<TResult>;
  /** Query key prefixes to refresh after success. */
  invalidates: QueryKey[];
  success: string | ((result: TResult, input: TInput) => { title: string; description?: string });
  error: string;
  onSuccess?: (result: TResult, input: TInput) => void;
  /** Refresh the lists after a failure too (a failed import is still a run the card shows). */
  refreshOnError?: boolean;
  /** 'always': sent (and failing) without a connection, instead of waiting paused for one. */
  networkMode?: 'always';
};

export function useToastMutation<TInput, TResult = unknown>(options: Options<TInput, TResult>) {
  const queryClient = useQueryClient();
  const refresh = () => Promise.all([...options.invalidates, historyKeyPrefix].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn: options.mutationFn,
    networkMode: options.networkMode,
    onSuccess: async (result, input) => {
      const message = typeof options.success === 'string' ? { title: options.success } : options.success(result, input);
      toast(message);
      options.onSuccess?.(result, input);
      await refresh();
    },
    onError: async (error) => {
      toastError(options.error, error);
      if (options.refreshOnError) await refresh();
    },
  });
}

export const historyKeyPrefix = ['/api/history'] as const;

type ResourceTexts = { created: string; updated: string; deleted: string; createError: string; updateError: string; deleteError: string };

/**
 * Create, update and delete of one REST resource (POST path, PATCH path/id, DELETE path/id), each with
 * the required toasts and the given lists refreshed.
 */
export function resourceMutations<TInput, TRecord>(path: string, invalidates: QueryKey[], texts: ResourceTexts) {
  return {
    useCreate: () =>
      useToastMutation({ mutationFn: (input: TInput) => apiJson<TRecord>('POST', path, input), invalidates, success: texts.created, error: texts.createError }),
    useUpdate: () =>
      useToastMutation({
        mutationFn: ({ id, input }: { id: string; input: Partial<TInput> }) => apiJson<TRecord>('PATCH', `${path}/${id}`, input),
        invalidates,
        success: texts.updated,
        error: texts.updateError,
      }),
    useDelete: () =>
      useToastMutation({ mutationFn: (id: string) => apiJson<null>('DELETE', `${path}/${id}`), invalidates, success: texts.deleted, error: texts.deleteError }),
  };
}
