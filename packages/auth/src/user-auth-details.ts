/**
 * Loading the signed-in user's abilities (GET /api/v1.0/User/GetUserAuthDetails).
 *
 * The session does not call the API itself: tokens go only through `@reviewdesk/api-client`,
 * which attaches them to /api calls alone. The host hands in its client (or any loader).
 */
import type { components } from '@reviewdesk/api-client';
import type { AbilityLike } from './abilities';

/** The answer of GetUserAuthDetails: the current user, `userId` and the granted abilities (contract type). */
export type UserAuthDetails = components['schemas']['UserAuthDetails'];

/** What a loader returns: the details, and optionally extra abilities to deny. */
export interface LoadedAuthDetails {
  details: UserAuthDetails;
  /** Abilities denied even though granted (added to the session's `blacklist` option). */
  blacklist?: readonly AbilityLike[];
}

/** Loads the abilities of the user the session has just signed in. */
export type AbilitiesLoader = (context: { signal: AbortSignal }) => Promise<UserAuthDetails | LoadedAuthDetails>;

/** The API path of GetUserAuthDetails in the contract. */
export const USER_AUTH_DETAILS_PATH = '/api/v{version}/User/GetUserAuthDetails';

/**
 * The one call the package needs from `@reviewdesk/api-client`'s `ApiClient` (openapi-fetch style:
 * `GET(path, { params })` answering `{ data }`, or `{ error }` from plain openapi-fetch). Declared
 * structurally so a test double fits too; a type test checks that `ApiClient` is assignable.
 */
export interface UserAuthDetailsClient {
  GET(
    path: typeof USER_AUTH_DETAILS_PATH,
    init: { params: { path: { version: '1.0' } }; signal?: AbortSignal },
  ): Promise<{ data?: UserAuthDetails | undefined; error?: unknown; response?: Response }>;
}

/**
 * A loader that reads GetUserAuthDetails through the api client.
 *
 * @example
 * const session = createAuthSession({ loadAbilities: createUserAuthDetailsLoader(() => api) });
 */
export function createUserAuthDetailsLoader(
  client: UserAuthDetailsClient | (() => UserAuthDetailsClient),
): AbilitiesLoader {
  // Accepting a getter lets the host create the session before the client that needs its token.
  const resolve = typeof client === 'function' ? client : () => client;
  return async ({ signal }) => {
    const { data, error, response } = await resolve().GET(USER_AUTH_DETAILS_PATH, {
      params: { path: { version: '1.0' } },
      signal,
    });
    if (error !== undefined || !data) {
      throw new Error(`GetUserAuthDetails failed${response ? ` (${response.status})` : ''}`, { cause: error });
    }
    return data;
  };
}

/** Normalises a loader's answer. */
export function toLoadedAuthDetails(value: UserAuthDetails | LoadedAuthDetails): LoadedAuthDetails {
  return 'details' in value &&
    typeof value.details === 'object' &&
    value.details !== null &&
    'abilities' in value.details
    ? (value as LoadedAuthDetails)
    : { details: value as UserAuthDetails };
}
