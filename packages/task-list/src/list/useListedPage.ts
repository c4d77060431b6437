/**
 * The page of tasks the list shows, with the next page fetched ahead once the browser is idle
 * (usePrefetchNextPage), and a failed load reported once per error.
 */
import type { ApiCallError, ApiClient } from '@reviewdesk/api-client';
import { useEffect } from 'react';
import { usePrefetchNextPage } from '../data/usePrefetchNextPage';
import { type TaskPageRequest, useTaskPage } from '../data/useTaskPage';

export function useListedPage(
  api: ApiClient,
  request: TaskPageRequest,
  onError: (error: ApiCallError | Error) => void,
): ReturnType<typeof useTaskPage> {
  const page = useTaskPage(api, request);
  const hasNext = page.data?.hasNextPage === true && !page.isPlaceholderData;
  usePrefetchNextPage(
    api,
    hasNext && request.tab !== 'archive' ? { ...request, pageNumber: request.pageNumber + 1 } : null,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per error object; onError reads the host's latest callback
  useEffect(() => {
    if (page.error) onError(page.error);
  }, [page.error]);
  return page;
}
