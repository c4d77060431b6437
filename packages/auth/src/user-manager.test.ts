// The token store against the real oidc-client-ts: whatever the library does, the signed-in user
// and its tokens must never reach localStorage or sessionStorage.
import { InMemoryWebStorage, User, UserManager } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientSettings } from './client-settings';
import { createUserManagerSettings } from './user-manager';

const settings: ClientSettings = {
  authority: 'http://localhost:8080',
  client_id: 'reviewdesk-web',
  redirect_uri: 'http://localhost:3000/authentication/login-callback',
  post_logout_redirect_uri: 'http://localhost:3000/authentication/logout-callback',
  response_type: 'code',
  scope: 'openid profile api',
};

const user = (sub: string) =>
  new User({
    access_token: `secret-access-token-${sub}`,
    id_token: 'header.payload.signature',
    token_type: 'Bearer',
    profile: { sub, iss: 'http://localhost:8080', aud: 'reviewdesk-web', exp: 0, iat: 0 },
    expires_at: Math.floor(Date.now() / 1000) + 3600,
  });

function storageDump(): string {
  const all: string[] = [];
  for (const storage of [localStorage, sessionStorage]) {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i) as string;
      all.push(`${key}=${storage.getItem(key)}`);
    }
  }
  return all.join('\n');
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('createUserManagerSettings', () => {
  it('configures code + PKCE, silent renewal through the callback route, no popup', () => {
    const result = createUserManagerSettings(settings);
    expect(result).toMatchObject({
      authority: settings.authority,
      client_id: 'reviewdesk-web',
      response_type: 'code',
      scope: 'openid profile api',
      redirect_uri: settings.redirect_uri,
      silent_redirect_uri: settings.redirect_uri,
      post_logout_redirect_uri: settings.post_logout_redirect_uri,
      automaticSilentRenew: true,
    });
    expect(result.popup_redirect_uri).toBeUndefined();
  });

  it('keeps the in-memory user store even when an override asks for another one', () => {
    const sneaky = new InMemoryWebStorage();
    const result = createUserManagerSettings(settings, {
      // biome-ignore lint/suspicious/noExplicitAny: deliberately wrong input
      userStore: { sneaky } as any,
      silent_redirect_uri: 'http://localhost:3000/silent.html',
    });
    expect(result.silent_redirect_uri).toBe('http://localhost:3000/silent.html');
    expect(result.userStore).not.toHaveProperty('sneaky');
  });
});

describe('in-memory token store', () => {
  it('keeps the user in memory and writes no token to localStorage or sessionStorage', async () => {
    const manager = new UserManager(createUserManagerSettings(settings, { automaticSilentRenew: false }));
    await manager.storeUser(user('alice'));
    const stored = await manager.getUser();
    expect(stored?.access_token).toBe('secret-access-token-alice');
    expect(storageDump()).not.toContain('secret-access-token');
    expect(storageDump()).not.toContain('header.payload.signature');
    expect(localStorage.length + sessionStorage.length).toBe(0);
  });

  it('gives every manager its own store (two sessions on a page stay apart)', async () => {
    const first = new UserManager(createUserManagerSettings(settings, { automaticSilentRenew: false }));
    const second = new UserManager(createUserManagerSettings(settings, { automaticSilentRenew: false }));
    await first.storeUser(user('alice'));
    expect(await second.getUser()).toBeNull();
    await second.storeUser(user('bob'));
    expect((await first.getUser())?.profile.sub).toBe('alice');
  });

  it('keeps the sign-in request state (PKCE verifier) out of localStorage and without tokens', async () => {
    const manager = new UserManager(
      createUserManagerSettings(settings, {
        automaticSilentRenew: false,
        // Offline: metadata given inline so no discovery request is made.
        metadata: {
          issuer: settings.authority,
          authorization_endpoint: `${settings.authority}/auth`,
          token_endpoint: `${settings.authority}/token`,
        },
      }),
    );
    // The redirect never resolves (the page would unload); the state is written before it.
    void manager.signinRedirect({ redirectMethod: 'replace' }).catch(() => undefined);
    await vi.waitFor(() => expect(sessionStorage.length).toBe(1));
    expect(sessionStorage.key(0)).toMatch(/^reviewdesk\.oidc\./);
    expect(storageDump()).toContain('code_verifier');
    expect(localStorage.length).toBe(0);
    expect(storageDump()).not.toContain('access_token');
  });
});
