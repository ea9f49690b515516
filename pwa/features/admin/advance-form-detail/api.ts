// The detail screen's calls: one form, its deletion, and its PDF opened in a new tab.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdvanceForm } from '../../../../domain';
import { apiJson, apiRequest } from '../../../lib/api';

const advanceFormsKey = '/api/advance-forms';

/** GET /api/advance-forms/{id}; only asked when there is an id. */
export const useAdvanceForm = (id: string | undefined) => useQuery<AdvanceForm>({ queryKey: [advanceFormsKey, id ?? ''], enabled: Boolean(id) });

export function useDeleteAdvanceForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<null>('DELETE', `${advanceFormsKey}/${id}`),
    onSuccess: async (_result, id) => {
      // The lists refresh; the deleted form's own query is dropped once its screen is gone, since an
      // active query would be fetched again (a 404) and flash 'Formulario no encontrado'.
      await queryClient.invalidateQueries({
        predicate: ({ queryKey: [head, second] }) => (head === advanceFormsKey && second !== id) || head === '/api/history',
      });
      setTimeout(() => queryClient.removeQueries({ queryKey: [advanceFormsKey, id], exact: true }), 0);
    },
  });
}

/**
 * The PDF in a new tab. The tab is opened at once, inside the click, so no popup blocker stops it;
 * it is pointed at the PDF once the bytes arrive (the server sends it as an attachment, which a
 * plain link would download instead of showing).
 */
export async function openAdvanceFormPdf(id: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const response = await apiRequest('GET', `${advanceFormsKey}/${id}/pdf`, undefined, { headers: { Accept: 'application/pdf' } });
    const url = URL.createObjectURL(await response.blob());
    if (tab) tab.location.href = url;
    else window.location.href = url;
    // The tab has loaded it by then; the URL only holds the blob in memory.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
