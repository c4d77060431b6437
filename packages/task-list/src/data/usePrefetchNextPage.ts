/**
 * The next page, fetched ahead while the user reads this one, so "next" only has to render (the
 * page-change budget of ARCHITECTURE §6 cannot include a server round trip).
 *
 * The fetch starts once the browser is idle after a page is shown. Started from the effect of a
 * page change, it ran inside the click itself (React flushes the effects of a discrete event
 * before returning), and building and sending the request delayed the paint of the new page.
 */
import type { ApiClient } from '@reviewdesk/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type TaskPageRequest, taskPageQueryOptions } from './useTaskPage';

/** Longest wait for an idle moment before the next page is fetched anyway (ms). */
const IDLE_TIMEOUT_MS = 1_000;

export function usePrefetchNextPage(api: ApiClient, next: TaskPageRequest | null): void {
  const queryClient = useQueryClient();
  const key = next ? JSON.stringify(next) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the serialised request
  useEffect(() => {
    if (!next) return;
    const prefetch = () => void queryClient.prefetchQuery(taskPageQueryOptions(api, next) as never);
    const view = typeof window === 'undefined' ? null : window;
    if (view && typeof view.requestIdleCallback === 'function') {
      const id = view.requestIdleCallback(prefetch, { timeout: IDLE_TIMEOUT_MS });
      return () => view.cancelIdleCallback(id);
    }
    const id = setTimeout(prefetch, 0);
    return () => clearTimeout(id);
  }, [key, api, queryClient]);
}
