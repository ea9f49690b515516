// The one way a tab reports a mutation: a success toast, or a destructive toast with the spec's
// title and the server's Spanish reason, and the lists it touched (and every history) refreshed.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
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
};

export function useToastMutation<TInput, TResult = unknown>(options: Options<TInput, TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: async (result, input) => {
      const message = typeof options.success === 'string' ? { title: options.success } : options.success(result, input);
      toast(message);
      options.onSuccess?.(result, input);
      await Promise.all([...options.invalidates, historyKeyPrefix].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => toastError(options.error, error),
  });
}

export const historyKeyPrefix = ['/api/history'] as const;
