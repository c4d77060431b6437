// The session's flows with oidc-client-ts's UserManager replaced at the module boundary: the
// order of silent sign-in and redirect, callbacks, abilities and tokens. The real exchange with
// the reference server's provider is covered by the e2e suite.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientSettings } from './client-settings';
import { createAuthSession } from './session';
import { authDetails } from './test-fixtures';
import type { UserAuthDetailsClient } from './user-auth-details';

const oidc = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => void;
  class FakeUserManager {
    static instances: FakeUserManager[] = [];
    /** Lets a test script a manager before the session under test uses it. */
    static onCreate: ((manager: FakeUserManager) => void) | null = null;
    settings: Record<string, unknown>;
    calls: string[] = [];
    stored: unknown = null;
    listeners = new Map<string, Set<Listener>>();
    signinSilent = vi.fn(async (): Promise<unknown> => {
      this.calls.push('signinSilent');
      throw Object.assign(new Error('login_required'), { error: 'login_required' });
    });
    signinRedirect = vi.fn(async (_args?: unknown) => {
      this.calls.push('signinRedirect');
    });
    signinCallback = vi.fn(async (_url?: string): Promise<unknown> => undefined);
    signoutRedirect = vi.fn(async (_args?: unknown) => {
      this.calls.push('signoutRedirect');
      this.stored = null;
      this.emit('userUnloaded');
    });
    signoutCallback = vi.fn(async (_url?: string): Promise<unknown> => ({ userState: { returnUrl: '/bye' } }));
    getUser = vi.fn(async () => this.stored);
    removeUser = vi.fn(async () => {
      this.stored = null;
    });
    startSilentRenew = vi.fn();
    stopSilentRenew = vi.fn();
    events = {
      addUserLoaded: (cb: Listener) => this.on('userLoaded', cb),
      addUserUnloaded: (cb: Listener) => this.on('userUnloaded', cb),
      addAccessTokenExpired: (cb: Listener) => this.on('accessTokenExpired', cb),
    };
    constructor(settings: Record<string, unknown>) {
      this.settings = settings;
      FakeUserManager.instances.push(this);
      FakeUserManager.onCreate?.(this);
    }
    on(name: string, cb: Listener) {
      const set = this.listeners.get(name) ?? new Set();
      set.add(cb);
      this.listeners.set(name, set);
      return () => set.delete(cb);
    }
    emit(name: string, ...args: unknown[]) {
      for (const cb of this.listeners.get(name) ?? []) cb(...args);
    }
  }
  return { FakeUserManager };
});

vi.mock('oidc-client-ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('oidc-client-ts')>()),
  UserManager: oidc.FakeUserManager,
}));

const { FakeUserManager } = oidc;

const settings: ClientSettings = {
  authority: 'http://localhost:8080',
  client_id: 'reviewdesk-web',
  redirect_uri: 'http://localhost:3000/authentication/login-callback',
  post_logout_redirect_uri: 'http://localhost:3000/authentication/logout-callback',
  response_type: 'code',
  scope: 'openid profile api',
};

const location = { href: 'http://localhost:3000/task/list', origin: 'http://localhost:3000', pathname: '/task/list' };

const fakeUser = (sub = 'alice', extra: Record<string, unknown> = {}) => ({
  profile: { sub, name: 'Alice' },
  access_token: `token-${sub}`,
  expired: false,
  ...extra,
});

const details = authDetails;

function lastManager() {
  const manager = FakeUserManager.instances.at(-1);
  if (!manager) throw new Error('no UserManager was created');
  return manager;
}

/** Scripts the next UserManager the session creates. */
function script(setup: (manager: InstanceType<typeof FakeUserManager>) => void) {
  FakeUserManager.onCreate = setup;
}

afterEach(() => {
  FakeUserManager.instances.length = 0;
  FakeUserManager.onCreate = null;
});

describe('start-up', () => {
  it('tries the silent sign-in first and loads the abilities after it', async () => {
    const order: string[] = [];
    const session = createAuthSession({
      settings,
      location,
      loadAbilities: async () => {
        order.push('abilities');
        return details(['Task.Review']);
      },
    });
    script((m) =>
      m.signinSilent.mockImplementationOnce(async () => {
        order.push('signinSilent');
        return fakeUser();
      }),
    );
    expect(session.getState().status).toBe('loading');
    session.connect();
    await vi.waitFor(() => expect(session.getState().status).toBe('signed-in'));
    expect(order).toEqual(['signinSilent', 'abilities']);
    expect(lastManager().signinRedirect).not.toHaveBeenCalled();
    expect(session.getState().abilities.can('Task.Review')).toBe(true);
    expect(session.getState().user).toMatchObject({ id: 'alice', name: 'Alice', details: { userName: 'dana' } });
    expect(JSON.stringify(session.getState())).not.toContain('token-alice');
  });

  it('is signed out (no redirect) when the provider has no session', async () => {
    const session = createAuthSession({ settings, location, loadAbilities: async () => details([]) });
    session.connect();
    await vi.waitFor(() => expect(session.getState().status).toBe('signed-out'));
    expect(lastManager().calls).toEqual(['signinSilent']);
  });

  it('does not sign in on public and /authentication routes (the silent iframe lands there)', async () => {
    const session = createAuthSession({
      settings,
      location: { ...location, pathname: '/authentication/login-callback' },
    });
    session.connect();
    await vi.waitFor(() => expect(session.getState().status).toBe('signed-out'));
    expect(lastManager().signinSilent).not.toHaveBeenCalled();
  });

  it('reports the missing client configuration as an error', async () => {
    const session = createAuthSession({
      serverUrl: 'http://localhost:8080',
      location,
      fetch: async () => new Response('', { status: 404 }),
    });
    session.connect();
    await vi.waitFor(() => expect(session.getState().status).toBe('error'));
    expect(session.getState().error?.message).toBe("The client configuration for 'reviewdesk-web' is missing.");
    expect(FakeUserManager.instances).toHaveLength(0);
  });

  it('runs renewal only while connected', async () => {
    const session = createAuthSession({ settings, location, autoSignIn: false });
    const disconnect = session.connect();
    await vi.waitFor(() => expect(session.getState().status).toBe('signed-out'));
    const manager = lastManager();
    expect(manager.settings.automaticSilentRenew).toBe(true);
    disconnect();
    disconnect();
    expect(manager.stopSilentRenew).toHaveBeenCalledTimes(1);
  });
});

describe('signIn', () => {
  it('tries silent first, then redirects with the return URL', async () => {
    const session = createAuthSession({ settings, location, autoSignIn: false });
    await expect(session.signIn({ returnUrl: '/task/list?tab=archive' })).resolves.toBe('redirecting');
    const manager = lastManager();
    expect(manager.calls).toEqual(['signinSilent', 'signinRedirect']);
    expect(manager.signinRedirect).toHaveBeenCalledWith({ state: { returnUrl: '/task/list?tab=archive' } });
  });

  it('asks the provider for the culture chosen at the time of signing in (ui_locales)', async () => {
    let culture = 'pt-PT';
    const session = createAuthSession({ settings, location, autoSignIn: false, uiLocales: () => culture });
    culture = 'de-DE';
    await session.signIn({ returnUrl: '/task/list' });
    expect(lastManager().signinRedirect).toHaveBeenCalledWith({
      state: { returnUrl: '/task/list' },
      ui_locales: 'de-DE',
    });
  });

  it('does not redirect when the silent sign-in succeeds', async () => {
    const session = createAuthSession({
      settings,
      location,
      autoSignIn: false,
      loadAbilities: async () => details([]),
    });
    script((m) => m.signinSilent.mockResolvedValueOnce(fakeUser()));
    await expect(session.signIn()).resolves.toBe('signed-in');
    expect(lastManager().signinRedirect).not.toHaveBeenCalled();
  });

  it('never sends the user to another origin after sign-in', async () => {
    const session = createAuthSession({ settings, location, autoSignIn: false });
    await session.signIn({ returnUrl: 'https://evil.example.com/' });
    expect(lastManager().signinRedirect).toHaveBeenCalledWith({ state: { returnUrl: '/' } });
  });

  it('never opens a popup', async () => {
    const session = createAuthSession({ settings, location, autoSignIn: false });
    await session.signIn();
    expect(lastManager()).not.toHaveProperty('signinPopup');
  });
});

describe('completeSignIn', () => {
  it('takes the user from the callback and returns the sanitized return URL', async () => {
    const session = createAuthSession({
      settings,
      location,
      autoSignIn: false,
      loadAbilities: async () => details([]),
    });
    script((m) => m.signinCallback.mockResolvedValueOnce(fakeUser('alice', { state: { returnUrl: '/home' } })));
    const pending = session.completeSignIn('http://localhost:3000/authentication/login-callback?code=x&state=y');
    await expect(pending).resolves.toEqual({ returnUrl: '/home' });
    await vi.waitFor(() => expect(session.getState().status).toBe('signed-in'));
  });

  it('fails with "There was an error signing in."', async () => {
    const session = createAuthSession({ settings, location, autoSignIn: false });
    script((m) => m.signinCallback.mockRejectedValueOnce(new Error('No matching state found in storage')));
    const pending = session.completeSignIn('http://localhost:3000/authentication/login-callback?error=access_denied');
    await expect(pending).rejects.toMatchObject({ code: 'sign-in-failed', message: 'There was an error signing in.' });
    expect(session.getState()).toMatchObject({ status: 'error', error: { message: 'There was an error signing in.' } });
  });

  it('resolves null inside the silent iframe and processes one URL only once', async () => {
    const session = createAuthSession({ settings, location, autoSignIn: false });
    const url = 'http://localhost:3000/authentication/login-callback?code=x&state=y';
    const [a, b] = await Promise.all([session.completeSignIn(url), session.completeSignIn(url)]);
    expect(a).toBeNull();
    expect(b).toBeNull();
    expect(lastManager().signinCallback).toHaveBeenCalledTimes(1);
  });
});

describe('abilities', () => {
  it('are loaded with the api client, with the server blacklist applied', async () => {
    const GET = vi.fn(async () => ({ data: details(['Task.View', 'Task.Delete']) }));
    const apiClient: UserAuthDetailsClient = { GET };
    const session = createAuthSession({ settings, location, apiClient, blacklist: ['Task.Delete'] });
    script((m) => {
      m.stored = fakeUser();
    });
    session.connect();
    await vi.waitFor(() => expect(session.getState().status).toBe('signed-in'));
    expect(GET).toHaveBeenCalledWith('/api/v{version}/User/GetUserAuthDetails', {
      params: { path: { version: '1.0' } },
      signal: expect.any(AbortSignal),
    });
    const { abilities } = session.getState();
    expect(abilities.can('Task.View')).toBe(true);
    expect(abilities.can('Task.Delete')).toBe(false);
  });

  it('turn into an error state when they cannot be loaded', async () => {
    const apiClient: UserAuthDetailsClient = { GET: vi.fn(async () => ({ error: { status: 500 } })) };
    const session = createAuthSession({ settings, location, apiClient });
    script((m) => m.signinSilent.mockResolvedValueOnce(fakeUser()));
    await session.signIn();
    await vi.waitFor(() => expect(session.getState().status).toBe('error'));
    expect(session.getState().error?.code).toBe('abilities-failed');
    expect(session.getState().abilities.can('Task.View')).toBe(false);
  });

  it('are kept across a token renewal of the same user and reloaded for another one', async () => {
    const loadAbilities = vi.fn(async () => details(['Home.View']));
    const session = createAuthSession({ settings, location, autoSignIn: false, loadAbilities });
    session.connect();
    await vi.waitFor(() => expect(session.getState().status).toBe('signed-out'));
    const manager = lastManager();
    manager.emit('userLoaded', fakeUser('alice'));
    await vi.waitFor(() => expect(session.getState().status).toBe('signed-in'));
    manager.emit('userLoaded', fakeUser('alice', { access_token: 'renewed' }));
    expect(loadAbilities).toHaveBeenCalledTimes(1);
    manager.emit('userLoaded', fakeUser('bob'));
    await vi.waitFor(() => expect(loadAbilities).toHaveBeenCalledTimes(2));
    manager.emit('userUnloaded');
    expect(session.getState()).toMatchObject({ status: 'signed-out', user: null });
  });
});

describe('tokens', () => {
  it('hands out the current access token, waiting for the start-up, undefined when signed out', async () => {
    const session = createAuthSession({ settings, location, loadAbilities: async () => details([]) });
    await expect(session.getAccessToken()).resolves.toBeUndefined();
    script((m) => m.signinSilent.mockResolvedValueOnce(fakeUser()));
    session.connect();
    // Asked during start-up: waits for the silent sign-in instead of answering "no token".
    await expect(session.getAccessToken()).resolves.toBe('token-alice');
  });

  it('renews an expired token once for all waiting callers', async () => {
    const session = createAuthSession({
      settings,
      location,
      autoSignIn: false,
      loadAbilities: async () => details([]),
    });
    session.connect();
    await vi.waitFor(() => expect(session.getState().status).toBe('signed-out'));
    const manager = lastManager();
    manager.emit('userLoaded', fakeUser('alice', { expired: true }));
    manager.signinSilent.mockResolvedValueOnce(fakeUser('alice', { access_token: 'fresh' }));
    const tokens = await Promise.all([session.getAccessToken(), session.getAccessToken()]);
    expect(tokens).toEqual(['fresh', 'fresh']);
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('keeps two sessions apart', async () => {
    const a = createAuthSession({ settings, location, autoSignIn: false, loadAbilities: async () => details([]) });
    const b = createAuthSession({ settings, location, autoSignIn: false, loadAbilities: async () => details([]) });
    a.connect();
    b.connect();
    await vi.waitFor(() => expect(FakeUserManager.instances).toHaveLength(2));
    FakeUserManager.instances[0]?.emit('userLoaded', fakeUser('alice'));
    await expect(a.getAccessToken()).resolves.toBe('token-alice');
    await expect(b.getAccessToken()).resolves.toBeUndefined();
    expect(b.getState().user).toBeNull();
  });
});

describe('sign-out', () => {
  it('redirects to the provider and forgets the user; the callback returns where to go', async () => {
    const session = createAuthSession({
      settings,
      location,
      autoSignIn: false,
      loadAbilities: async () => details([]),
    });
    session.connect();
    await vi.waitFor(() => expect(FakeUserManager.instances).toHaveLength(1));
    lastManager().emit('userLoaded', fakeUser());
    await session.signOut({ returnUrl: '/home' });
    expect(lastManager().signoutRedirect).toHaveBeenCalledWith({ state: { returnUrl: '/home' } });
    expect(session.getState().user).toBeNull();
    await expect(session.completeSignOut('http://localhost:3000/authentication/logout-callback')).resolves.toEqual({
      returnUrl: '/bye',
    });
  });
});
