// The 'Resumen' tab's calls: each chart's figures, the response target, each chart's CSV (made by the
// server, like the messages export) and the PDF (made here with jsPDF, in a chunk of its own).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SummaryChart, SummaryFigures, SummarySettings } from '../../../../domain';
import { apiJson, apiRequest } from '../../../lib/api';
import { toast } from '../../../ui/toast';
import { toastError, useToastMutation } from '../common/mutations';
import { saveFile } from '../common/save-file';
import { summaryTexts as t } from './texts';

const summaryPaths: Record<SummaryChart, string> = {
  leads: '/api/summary/leads',
  responseTimes: '/api/summary/response-times',
  advanceForms: '/api/summary/advance-forms',
  feeds: '/api/summary/feeds',
};
const settingsKey = ['/api/summary/settings'] as const;

export const useSummary = <C extends SummaryChart>(chart: C) => useQuery<SummaryFigures[C]>({ queryKey: [summaryPaths[chart]], refetchOnMount: true });

export const useSummarySettings = () => useQuery<SummarySettings>({ queryKey: settingsKey, refetchOnMount: true });

export function useSaveResponseTarget() {
  return useToastMutation({
    mutationFn: (input: SummarySettings) => apiJson<SummarySettings>('PUT', settingsKey[0], input),
    invalidates: [settingsKey, [summaryPaths.responseTimes]],
    success: t.targetSaved,
    error: t.targetError,
  });
}

/** GET .../export: the chart's numbers as the server writes them, saved under the server's file name. */
export function useDownloadCsv() {
  return useMutation({
    mutationFn: async (chart: SummaryChart) => {
      const response = await apiRequest('GET', `${summaryPaths[chart]}/export`, undefined, { headers: { Accept: 'text/csv' } });
      const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'resumen.csv';
      saveFile(await response.blob(), name);
    },
    onSuccess: () => toast({ title: t.csvDone }),
    onError: (error) => toastError(t.csvError, error),
  });
}

/** The whole screen as a PDF, from the figures the tab shows (asked again only if they are missing). */
export function useDownloadPdf(companyName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const read = <C extends SummaryChart>(chart: C) => queryClient.fetchQuery<SummaryFigures[C]>({ queryKey: [summaryPaths[chart]] });
      const [leads, responseTimes, advanceForms, feeds] = await Promise.all([read('leads'), read('responseTimes'), read('advanceForms'), read('feeds')]);
      const { buildSummaryPdf } = await import('../../../../domain/summary-pdf');
      const generatedAt = new Date();
      const bytes = buildSummaryPdf({ leads, responseTimes, advanceForms, feeds }, { companyName, generatedAt });
      saveFile(new Blob([bytes as BlobPart], { type: 'application/pdf' }), `resumen-${leads.weeks[leads.weeks.length - 1].week}.pdf`);
    },
    onSuccess: () => toast({ title: t.pdfDone }),
    onError: (error) => toastError(t.pdfError, error),
  });
}
