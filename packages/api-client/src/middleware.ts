/**
 * The two openapi-fetch middlewares every client runs: the bearer token on API requests, and the
 * status rule that turns every non-success answer into an {@link ApiError}. Both read the request
 * itself, so they also hold for calls made with a per-request `baseUrl`.
 */
import type { Middleware } from 'openapi-fetch';
import { SERVER_SIDE_ERROR_MESSAGE, toApiError, UNEXPECTED_ERROR_MESSAGE } from './errors.js';
import { findOperation } from './metadata.js';

/** Returns the current access token, or nothing when no user is signed in. */
export type AccessTokenProvider = () => string | null | undefined | PromiseLike<string | null | undefined>;

/**
 * Whether a request goes to the API: same origin as `apiBase`, and a path that starts with the
 * `/api` segment below `apiBase`'s own path (so a base of `https://host/portal` covers
 * `https://host/portal/api/…`). `/apis` or `/assets/…` do not count.
 */
export function isApiRequest(url: string | URL, apiBase: string | URL): boolean {
  const target = new URL(url);
  const base = new URL(apiBase);
  if (target.origin !== base.origin) return false;
  const prefix = base.pathname.replace(/\/+$/, '');
  if (prefix !== '' && target.pathname !== prefix && !target.pathname.startsWith(`${prefix}/`)) return false;
  const rest = target.pathname.slice(prefix.length);
  return rest === '/api' || rest.startsWith('/api/');
}

/**
 * Middleware that sends `Authorization: Bearer <token>` on every request to the API (see
 * {@link isApiRequest}) and on nothing else, so the token never leaks to another origin (a storage
 * URL, a CDN) nor to the app's own static files.
 *
 * @param apiBase - The API's base URL; its origin and path decide what counts as the API.
 * @param getAccessToken - Asked once per API request, so a renewed token is picked up at once.
 */
export function createAuthMiddleware(apiBase: string | URL, getAccessToken: AccessTokenProvider): Middleware {
  return {
    async onRequest({ request }) {
      if (!isApiRequest(request.url, apiBase)) return undefined;
      const token = await getAccessToken();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
  };
}

// The specification gives these two calls a structured error body on 400 (api-spec §7, §8).
const STRUCTURED_400_OPERATIONS: ReadonlySet<string> = new Set(['SdTask_Import', 'SdTask_Process']);

/**
 * Middleware that throws an {@link ApiError} for every answer that is not 200 or 204, or 206 for a
 * file call (api-spec §8). Throwing here, rather than returning openapi-fetch's `{ error }`, means
 * a caller can never mistake a failed call for an empty success.
 */
export function createStatusMiddleware(): Middleware {
  return {
    async onResponse({ response, schemaPath, request }) {
      const operation = findOperation(schemaPath, request.method);
      const { status } = response;
      if (status === 200 || status === 204 || (status === 206 && operation?.file === true)) return undefined;
      const message =
        status === 400 && operation && STRUCTURED_400_OPERATIONS.has(operation.operationId)
          ? SERVER_SIDE_ERROR_MESSAGE
          : UNEXPECTED_ERROR_MESSAGE;
      throw await toApiError(message, response, operation?.operationId);
    },
  };
}
