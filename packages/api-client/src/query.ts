/**
 * React Query options for every call of the contract, keyed `[method, path, init]` like
 * openapi-react-query (whose `queryOptions` builds them at run time). What this layer adds: the
 * error type is {@link ApiCallError}, file calls cache a {@link FileDownload}, and keys are normalised
 * (the API version filled in) so the same call always has the same key.
 */

import type { DataTag, QueryFunction, UseMutationOptions, UseQueryOptions } from '@tanstack/react-query';
import createQueryClient from 'openapi-react-query';
import { type InitLike, withDefaults } from './arguments.js';
import type { ApiCallError } from './errors.js';
import { findOperation, type HttpMethod } from './metadata.js';
import type { ApiData, ApiInit, ApiPaths, ApiPathsWith, ApiResult, RequiredKeysOf } from './types.js';

/** Query key of a call: method, contract path and the call's init (`params`, `body`). */
export type ApiQueryKey<M extends HttpMethod, P extends keyof ApiPaths> = readonly [M, P, NonNullable<ApiInit<P, M>>];

/** Data a query caches: the call's data, with a 204's `undefined` stored as `null` (React Query forbids undefined). */
export type ApiQueryData<P extends keyof ApiPaths, M extends HttpMethod, Init = ApiInit<P, M>> =
  | Exclude<ApiData<P, M, Init>, undefined>
  | (undefined extends ApiData<P, M, Init> ? null : never);

/** Options a caller may add to {@link ApiQueries.queryOptions} (everything but the key and function). */
export type ApiQueryExtraOptions<M extends HttpMethod, P extends keyof ApiPaths, TData, TSelect = TData> = Omit<
  UseQueryOptions<TData, ApiCallError, TSelect, ApiQueryKey<M, P>>,
  'queryKey' | 'queryFn'
>;

/** Query options of one call, ready for `useQuery`, `useSuspenseQuery`, `queryClient.fetchQuery`. */
export type ApiQueryOptions<M extends HttpMethod, P extends keyof ApiPaths, TData, TSelect = TData> = UseQueryOptions<
  TData,
  ApiCallError,
  TSelect,
  ApiQueryKey<M, P>
> & {
  queryKey: DataTag<ApiQueryKey<M, P>, TData, ApiCallError>;
  queryFn: QueryFunction<TData, ApiQueryKey<M, P>>;
};

/** Mutation options of one call; the mutation's variables are the call's init (`params`, `body`). */
export type ApiMutationOptions<
  M extends HttpMethod,
  P extends keyof ApiPaths,
  TOnMutateResult = unknown,
> = UseMutationOptions<ApiData<P, M>, ApiCallError, ApiInit<P, M>, TOnMutateResult> & {
  mutationKey: readonly [M, P];
  mutationFn: (init: ApiInit<P, M>) => Promise<ApiData<P, M>>;
};

/** React Query helpers bound to one client. */
export interface ApiQueries {
  /**
   * Query options for a call. Arguments are checked when the query runs, not here, so a query
   * that waits for an id (`enabled: Boolean(taskId)`) can be declared before the id exists.
   *
   * @example
   * ```ts
   * const task = useQuery(api.queryOptions('get', '/api/v{version}/SdTask/{id}', { params: { path: { id } } }));
   * ```
   */
  queryOptions<
    M extends HttpMethod,
    P extends ApiPathsWith<M>,
    Init extends ApiInit<P, M>,
    TSelect = ApiQueryData<P, M, Init>,
  >(
    method: M,
    path: P,
    ...[init, options]: RequiredKeysOf<Init> extends never
      ? [(Init & { [key: string]: unknown })?, ApiQueryExtraOptions<M, P, ApiQueryData<P, M, Init>, TSelect>?]
      : [Init & { [key: string]: unknown }, ApiQueryExtraOptions<M, P, ApiQueryData<P, M, Init>, TSelect>?]
    // NoInfer: without it, a call written inline (`fetchQuery(api.queryOptions(…))`) lets the
    // outer generic widen P to every path, and the data type to every answer.
  ): NoInfer<ApiQueryOptions<M, P, ApiQueryData<P, M, Init>, TSelect>>;

  /**
   * Mutation options for a call; `mutate(init)` takes the call's `params` and `body`.
   *
   * @example
   * ```ts
   * const rename = useMutation(api.mutationOptions('put', '/api/v{version}/SdTask/UpdateDisplayName/{taskId}'));
   * rename.mutate({ params: { path: { taskId } }, body: { displayName } });
   * ```
   */
  mutationOptions<M extends HttpMethod, P extends ApiPathsWith<M>, TOnMutateResult = unknown>(
    method: M,
    path: P,
    options?: Omit<
      UseMutationOptions<ApiData<P, M>, ApiCallError, ApiInit<P, M>, TOnMutateResult>,
      'mutationKey' | 'mutationFn'
    >,
  ): NoInfer<ApiMutationOptions<M, P, TOnMutateResult>>;

  /**
   * The key {@link ApiQueries.queryOptions} gives the same call, for `invalidateQueries`,
   * `setQueryData` and friends. A prefix (`['get', path]`) matches every call of the path.
   */
  queryKey<M extends HttpMethod, P extends ApiPathsWith<M>>(
    method: M,
    path: P,
    init?: ApiInit<P, M>,
  ): NoInfer<ApiQueryKey<M, P>>;
}

type Send = (method: HttpMethod, path: string, init: InitLike | undefined) => Promise<ApiResult<unknown>>;

/** Builds the React Query helpers of a client from its send function. */
export function createApiQueries(send: Send): ApiQueries {
  // openapi-react-query calls `client[METHOD](path, init)` and throws `error` when set; our calls
  // throw ApiError themselves and never return `error`, so its behaviour is kept as is.
  const asFetchClient = Object.fromEntries(
    (['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const).map((verb) => [
      verb,
      (path: string, init?: InitLike) => send(verb.toLowerCase() as HttpMethod, path, init),
    ]),
  );
  const openapiQueries = createQueryClient(asFetchClient as never);

  const queryKey = (method: string, path: string, init?: unknown) =>
    [method, path, withDefaults(findOperation(path, method), init as InitLike | undefined) ?? {}] as const;

  return {
    queryKey: queryKey as ApiQueries['queryKey'],
    queryOptions: ((method: string, path: string, init?: unknown, options?: object) => {
      // Always three elements, so `['get', path]` prefixes every key of the path.
      const [, , normalised] = queryKey(method, path, init);
      return openapiQueries.queryOptions(method as never, path as never, normalised as never, options as never);
    }) as unknown as ApiQueries['queryOptions'],
    mutationOptions: ((method: HttpMethod, path: string, options?: object) => ({
      mutationKey: [method, path] as const,
      mutationFn: async (init: InitLike | undefined) => (await send(method, path, init)).data,
      ...options,
    })) as ApiQueries['mutationOptions'],
  };
}
