/**
 * What the server can do (Server/Capabilities): the operationIds it implements. Screens and menu
 * entries whose calls a server lacks are not offered, instead of ending in "not available".
 */
import type { ApiClient, OperationId } from '@reviewdesk/api-client';
import { isApiError } from '@reviewdesk/api-client';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useApiClient } from '../provider/hooks';

/** The React Query options of the capabilities call; the answer does not change while the page lives. */
export function serverCapabilitiesQuery(client: ApiClient) {
  return client.queryOptions('get', '/api/v{version}/Server/Capabilities', undefined, {
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    // A server without the call (501) or a refusal will answer the same way again; and a component
    // mounting later must not ask again, or everything depending on the answer would flip back to
    // "loading" and remount it (React Query refetches a failed query on mount by default).
    retry: (count: number, error: unknown) => !isApiError(error) && count < 2,
    retryOnMount: false,
  });
}

/**
 * - `loading`: not known yet; nothing that depends on a call is offered.
 * - `known`: the server listed its operations.
 * - `unknown`: the server cannot say (it predates the call, or the call failed); everything is
 *   offered and each screen handles a 501 itself.
 */
export type CapabilitiesStatus = 'loading' | 'known' | 'unknown';

/** What {@link useServerCapabilities} returns. */
export interface ServerCapabilities {
  status: CapabilitiesStatus;
  /** Whether the server implements `operationId` (false while loading, true when it cannot say). */
  supports: (operationId: OperationId | string) => boolean;
  /**
   * The translation directions the server offers (ISO 639-1 codes); `null` while loading or when
   * the server cannot say (then offer what you would and let the server refuse with its reasons).
   */
  translationPairs: readonly TranslationPair[] | null;
}

/** One direction of translation the server offers. */
export interface TranslationPair {
  from: string;
  to: string;
}

/** A `supports` check over a known list of operationIds (also for tests and Storybook). */
export function supportsFrom(operations: readonly string[]): (operationId: string) => boolean {
  const known = new Set(operations);
  return (operationId) => known.has(operationId);
}

/**
 * The server's capabilities, asked once per client.
 * @example
 * const { supports } = useServerCapabilities();
 * if (supports('User_GetExternalLogins')) tabs.push('external-logins');
 */
export function useServerCapabilities(): ServerCapabilities {
  const client = useApiClient();
  const query = useQuery(serverCapabilitiesQuery(client));
  const status: CapabilitiesStatus = query.isPending ? 'loading' : query.isError ? 'unknown' : 'known';
  const listed = useMemo(() => supportsFrom(query.data?.operations ?? []), [query.data]);
  const supports = useCallback(
    (operationId: string) => (status === 'known' ? listed(operationId) : status === 'unknown'),
    [status, listed],
  );
  const translationPairs = status === 'known' ? (query.data?.translationPairs ?? null) : null;
  return { status, supports, translationPairs };
}
