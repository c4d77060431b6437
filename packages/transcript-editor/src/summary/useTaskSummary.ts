/**
 * The summary calls of one task through react-query: whether summaries can be made, the task's
 * summary (none until one is requested: the server answers 404), what a new one costs, the
 * request, canceling the one being made and giving it a summary written by the person. While the summary is being made it is polled every 20 s (api-spec §9).
 */
import { isApiError, type Schema, TEXT_SUMMARY_POLLING_INTERVAL_MS } from '@reviewdesk/api-client';
import { useApiClient } from '@reviewdesk/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export type Summary = Schema<'Summary'>;
export type SummaryRequest = Schema<'SummaryRequest'>;
export type SummaryUpload = Schema<'SummaryUpload'>;

/** Summary state codes (product-spec §4). */
export const SUMMARY_STATE = {
  Processing: 0,
  Processed: 1,
  Failed: 2,
  Timeout: 3,
  CanceledByUser: 4,
  CanceledExternally: 5,
  Uploaded: 6,
} as const;

export const summaryKey = (taskId: string) => ['transcript-editor', 'summary', taskId] as const;

export function useTaskSummary(taskId: string, pollMs = TEXT_SUMMARY_POLLING_INTERVAL_MS) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const available = useQuery({
    queryKey: ['transcript-editor', 'summarizable'],
    queryFn: async () => (await api.call('Index_IsSummarizable', {})).data,
    staleTime: 5 * 60_000,
  });
  const summary = useQuery({
    queryKey: summaryKey(taskId),
    queryFn: async (): Promise<Summary | null> => {
      try {
        return (await api.call('Index_GetVideoTextualSummary', { params: { path: { taskId } } })).data;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    enabled: available.data === true,
    refetchInterval: (query) => (query.state.data?.state === SUMMARY_STATE.Processing ? pollMs : false),
  });
  const cost = useQuery({
    queryKey: ['transcript-editor', 'summary-cost', taskId],
    queryFn: async () => (await api.call('Index_GetSummaryCostsInfo', { params: { path: { taskId } } })).data,
    enabled: available.data === true,
  });
  const request = useMutation({
    mutationFn: async (body: SummaryRequest) =>
      (await api.call('Index_CreateOrUpdateVideoTextualSummary', { body })).data,
    onSuccess: (made) => queryClient.setQueryData(summaryKey(taskId), made),
  });
  const cancel = useMutation({
    mutationFn: async () => (await api.call('Index_CancelVideoTextualSummary', { params: { path: { taskId } } })).data,
    onSuccess: (canceled) => queryClient.setQueryData(summaryKey(taskId), canceled),
    // Already made (or gone) meanwhile: show what it is now.
    onError: () => void queryClient.invalidateQueries({ queryKey: summaryKey(taskId) }),
  });
  const upload = useMutation({
    mutationFn: async (body: SummaryUpload) => (await api.call('Index_UploadVideoTextualSummary', { body })).data,
    onSuccess: (uploaded) => queryClient.setQueryData(summaryKey(taskId), uploaded),
  });
  return { available, summary, cost, request, cancel, upload };
}
