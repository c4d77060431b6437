/**
 * `createApiClient`: the typed fetch client of the Reviewdesk API, on openapi-fetch. Calls are
 * made the openapi-fetch way (`api.GET(path, { params })`) or by operationId (`api.call(id, …)`);
 * on top of openapi-fetch the client checks arguments before sending, fills in the API version,
 * throws {@link ApiError} for every failed answer, and turns file answers into downloads.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import { type InitLike, prepareRequest } from './arguments.js';
import { toFileDownload } from './files.js';
import { apiOperations } from './generated/operations.js';
import type { paths } from './generated/schema.js';
import { findOperation, type HttpMethod, type OperationId, type OperationMeta } from './metadata.js';
import { type AccessTokenProvider, createAuthMiddleware, createStatusMiddleware } from './middleware.js';
import { type ApiQueries, createApiQueries } from './query.js';
import type {
  ApiCallMethod,
  ApiData,
  ApiInit,
  ApiPathsWith,
  ApiResult,
  InitParam,
  OperationMethod,
  OperationPath,
} from './types.js';

/** Options of {@link createApiClient}. */
export interface ApiClientOptions {
  /**
   * Where the API lives, e.g. `https://reviewdesk.example.com`. A relative URL is resolved against
   * the page's location. Requests under `<baseUrl>/api` on this origin carry the bearer token.
   */
  baseUrl: string;
  /**
   * Returns the signed-in user's access token (or nothing when signed out). Asked before every API
   * request, so a silently renewed token is used at once.
   */
  getAccessToken: AccessTokenProvider;
  /**
   * The fetch to send requests with.
   * @default `(request) => globalThis.fetch(request)`, looked up on every request so that fetch
   * replaced after the client was created (test mocks, instrumentation) is still used.
   */
  fetch?: (request: Request) => Promise<Response>;
}

/** The typed Reviewdesk API client returned by {@link createApiClient}. */
export interface ApiClient extends ApiQueries {
  /** The resolved, absolute base URL of the API (no trailing slash). */
  readonly baseUrl: string;
  /** Calls a GET operation: `api.GET('/api/v{version}/SdTask/{id}', { params: { path: { id } } })`. */
  GET: ApiCallMethod<'get'>;
  /** Calls a PUT operation. */
  PUT: ApiCallMethod<'put'>;
  /** Calls a POST operation. */
  POST: ApiCallMethod<'post'>;
  /** Calls a DELETE operation. */
  DELETE: ApiCallMethod<'delete'>;
  /** Calls a PATCH operation. */
  PATCH: ApiCallMethod<'patch'>;
  /** Calls an operation with the method as an argument (`'get'`, `'post'`, …). */
  request<M extends HttpMethod, P extends ApiPathsWith<M>, Init extends ApiInit<P, M>>(
    method: M,
    path: P,
    ...init: InitParam<Init>
  ): Promise<ApiResult<ApiData<P, M, Init>>>;
  /**
   * Calls an operation by its operationId.
   * @example
   * ```ts
   * const { data: task } = await api.call('SdTask_GetById', { params: { path: { id } } });
   * ```
   */
  call<Id extends OperationId, Init extends ApiInit<OperationPath<Id>, OperationMethod<Id>>>(
    operationId: Id,
    ...init: InitParam<Init>
  ): Promise<ApiResult<ApiData<OperationPath<Id>, OperationMethod<Id>, Init>>>;
  /**
   * Adds openapi-fetch middleware. Its `onRequest` runs after the token is set; its `onResponse`
   * runs before the status check, so it sees failed answers before they become an {@link ApiError}.
   */
  use(...middleware: Middleware[]): void;
  /** Removes middleware added with {@link ApiClient.use}. */
  eject(...middleware: Middleware[]): void;
}

// What the run-time code needs of an openapi-fetch client, without its path-level typing.
interface UntypedFetchClient {
  request(method: string, path: string, init?: InitLike): Promise<{ data?: unknown; response: Response }>;
  use(...middleware: Middleware[]): void;
  eject(...middleware: Middleware[]): void;
}

/**
 * Creates a client of the Reviewdesk API.
 *
 * @example
 * ```ts
 * const api = createApiClient({
 *   baseUrl: 'https://reviewdesk.example.com',
 *   getAccessToken: () => auth.user?.access_token,
 * });
 * const { data: user } = await api.POST('/api/v{version}/User/GetCurrentUser');
 * ```
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = resolveBaseUrl(options.baseUrl);
  const fetchClient = createClient<paths>({
    baseUrl,
    fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
  }) as unknown as UntypedFetchClient;
  fetchClient.use(createAuthMiddleware(baseUrl, options.getAccessToken), createStatusMiddleware());

  async function send(method: HttpMethod, path: string, init: InitLike | undefined): Promise<ApiResult<unknown>> {
    const operation = findOperation(path, method);
    const prepared: InitLike = { ...prepareRequest(operation, init) };
    if (operation?.body === 'multipart/form-data' && prepared.bodySerializer === undefined) {
      prepared.bodySerializer = toFormData;
    }
    // A file call always reads the body as a Blob: its answer is a FileDownload, whatever parseAs says.
    if (operation?.file) prepared.parseAs = 'blob';
    const { data, response } = await fetchClient.request(method, path, prepared);
    return { data: operation?.file && data instanceof Blob ? toFileDownload(response, data) : data, response };
  }

  const byVerb = (method: HttpMethod) => (path: string, init?: InitLike) => send(method, path, init);
  const operations: Readonly<Record<string, OperationMeta>> = apiOperations;

  return {
    baseUrl,
    GET: byVerb('get') as ApiClient['GET'],
    PUT: byVerb('put') as ApiClient['PUT'],
    POST: byVerb('post') as ApiClient['POST'],
    DELETE: byVerb('delete') as ApiClient['DELETE'],
    PATCH: byVerb('patch') as ApiClient['PATCH'],
    request: ((method: HttpMethod, path: string, init?: InitLike) => send(method, path, init)) as ApiClient['request'],
    call: ((operationId: string, init?: InitLike) => {
      const operation = operations[operationId];
      if (!operation) return Promise.reject(new Error(`Unknown operation '${operationId}'.`));
      return send(operation.method, operation.path, init);
    }) as ApiClient['call'],
    use: (...middleware) => fetchClient.use(...middleware),
    eject: (...middleware) => fetchClient.eject(...middleware),
    ...createApiQueries(send),
  };
}

function resolveBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl, globalThis.location?.href);
  } catch {
    throw new Error(`createApiClient: baseUrl '${baseUrl}' is not a URL (give an absolute URL outside a browser).`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

// Multipart bodies (Import): files go in as files, lists as repeated fields, objects as JSON.
function toFormData(body: unknown): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      if (item instanceof Blob) form.append(name, item);
      else if (typeof item === 'object') form.append(name, JSON.stringify(item));
      else form.append(name, String(item));
    }
  }
  return form;
}
