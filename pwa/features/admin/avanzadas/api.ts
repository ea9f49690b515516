// Advance forms as the dashboard lists them: the list, deletion, and the PDF saved as a file.
import { useMutation } from '@tanstack/react-query';
import { advanceFormPdfName, type AdvanceForm } from '../../../../domain';
import { apiJson, apiRequest } from '../../../lib/api';
import { toast } from '../../../ui/toast';
import { toastError, useToastMutation } from '../common/mutations';
import { usePagedList } from '../common/paged';
import { saveFile } from '../common/save-file';
import { avanzadasTexts as t } from '../texts';

const advanceFormsKey = ['/api/advance-forms'] as const;

export const useAdvanceForms = () => usePagedList<AdvanceForm>(advanceFormsKey[0]);

export function useDeleteAdvanceForm() {
  return useToastMutation({
    mutationFn: (id: string) => apiJson<null>('DELETE', `/api/advance-forms/${id}`),
    invalidates: [advanceFormsKey],
    success: t.deleted,
    error: t.deleteError,
  });
}

/** GET /api/advance-forms/{id}/pdf, saved as 'Avanzada-{hostName}-{id}.pdf' (docs/rules.md, 'Advance forms and photos'). */
export function useDownloadAdvanceFormPdf() {
  return useMutation({
    mutationFn: async (form: Pick<AdvanceForm, 'id' | 'hostName'>) => {
      const response = await apiRequest('GET', `/api/advance-forms/${form.id}/pdf`, undefined, { headers: { Accept: 'application/pdf' } });
      saveFile(await response.blob(), advanceFormPdfName(form.hostName, form.id));
    },
    onSuccess: () => toast({ title: t.pdfDownloaded }),
    onError: (error) => toastError(t.pdfError, error),
  });
}
