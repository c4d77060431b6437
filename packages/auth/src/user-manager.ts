/**
 * Turns the server's client settings into oidc-client-ts settings with our security choices:
 * tokens in memory only, authorization code + PKCE, silent renewal, no popups.
 */
import { InMemoryWebStorage, type UserManagerSettings, WebStorageStateStore } from 'oidc-client-ts';
import type { ClientSettings } from './client-settings';

/**
 * A user store that keeps the signed-in user (and so the access token) in memory only.
 *
 * oidc-client-ts defaults to sessionStorage, where any script on the host page could read the
 * token. In memory, a reload loses it and the silent sign-in gets a new one from the provider's
 * session cookie instead. One store per session: two sessions on a page never share a user.
 */
export function createInMemoryUserStore(): WebStorageStateStore {
  return new WebStorageStateStore({ store: new InMemoryWebStorage() });
}

/**
 * The transient sign-in state (PKCE verifier, nonce, return URL) must survive the redirect to
 * the provider, so it goes to sessionStorage (this tab only, removed when the callback completes).
 * It never holds a token. Falls back to memory where there is no sessionStorage (tests, SSR).
 */
function createStateStore(): WebStorageStateStore {
  const store = typeof sessionStorage === 'undefined' ? new InMemoryWebStorage() : sessionStorage;
  return new WebStorageStateStore({ store, prefix: 'reviewdesk.oidc.' });
}

/**
 * oidc-client-ts settings for the Reviewdesk SPA.
 *
 * @param settings - the server's client settings ({@link loadClientSettings})
 * @param overrides - host adjustments (e.g. a lightweight `silent_redirect_uri` page); `userStore`
 *   cannot be overridden, so tokens stay in memory.
 */
export function createUserManagerSettings(
  settings: ClientSettings,
  overrides: Partial<UserManagerSettings> = {},
): UserManagerSettings {
  return {
    authority: settings.authority,
    client_id: settings.client_id,
    redirect_uri: settings.redirect_uri,
    post_logout_redirect_uri: settings.post_logout_redirect_uri,
    response_type: settings.response_type,
    scope: settings.scope,
    // The iframe of the silent sign-in lands on the same callback route; <AuthenticationPage
    // action="login-callback"> recognises it and hands the answer to the parent window.
    silent_redirect_uri: settings.redirect_uri,
    automaticSilentRenew: true,
    stateStore: createStateStore(),
    ...overrides,
    userStore: createInMemoryUserStore(),
  };
}
