/**
 * The page of tasks the list shows, with the next page fetched ahead while the user reads this one
 * (so "next" only has to render: the page-change budget of ARCHITECTURE §6 cannot include a server
 * round trip), and a failed load reported once per error.
 */
import type { ApiCallError, ApiClient } from '@reviewdesk/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type TaskPageRequest, taskPageQueryOptions, useTaskPage } from '../data/useTaskPage';

export function useListedPage(
  api: ApiClient,
  request: TaskPageRequest,
  onError: (error: ApiCallError | Error) => void,
): ReturnType<typeof useTaskPage> {
  const queryClient = useQueryClient();
  const page = useTaskPage(api, request);
  const hasNext = page.data?.hasNextPage === true && !page.isPlaceholderData;
  const nextRequest = hasNext && request.tab !== 'archive' ? { ...request, pageNumber: request.pageNumber + 1 } : null;
  const nextKey = nextRequest ? JSON.stringify(nextRequest) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the serialised request
  useEffect(() => {
    if (nextRequest) void queryClient.prefetchQuery(taskPageQueryOptions(api, nextRequest) as never);
  }, [nextKey, api, queryClient]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per error object; onError reads the host's latest callback
  useEffect(() => {
    if (page.error) onError(page.error);
  }, [page.error]);
  return page;
}
