/**
 * The auth session: one OpenID Connect sign-in (oidc-client-ts UserManager) plus the signed-in
 * user's abilities, as a small observable store. Framework-free so React, the vanilla embeds and
 * e2e tests drive the same object; every session owns its UserManager and in-memory token store,
 * so two sessions on one page never share anything.
 *
 * Flow: load the server's client settings → silent sign-in (iframe, prompt=none) → if that fails,
 * the user is signed out until `signIn()`, which tries silent again and then redirects.
 * Popups are never used.
 */
import { type User, UserManager, type UserManagerSettings } from 'oidc-client-ts';
import { type Abilities, type AbilityLike, createAbilities, noAbilities } from './abilities';
import { type ClientSettings, DEFAULT_CLIENT_ID, loadClientSettings } from './client-settings';
import { AuthError, type AuthMessages, defaultAuthMessages, toSignInError } from './messages';
import { isPublicRoute, sanitizeReturnUrl } from './routes';
import {
  type AbilitiesLoader,
  createUserAuthDetailsLoader,
  toLoadedAuthDetails,
  type UserAuthDetails,
  type UserAuthDetailsClient,
} from './user-auth-details';
import { createUserManagerSettings } from './user-manager';

/** Where the session is. `loading` covers settings, silent sign-in and loading the abilities. */
export type AuthStatus = 'loading' | 'signed-in' | 'signed-out' | 'error';

/** The signed-in user, without tokens (safe to log or render). */
export interface AuthUser {
  /** The OpenID Connect subject. */
  id: string;
  name?: string;
  email?: string;
  /** The claims of the ID token. */
  claims: Readonly<Record<string, unknown>>;
  /** The answer of GetUserAuthDetails, once loaded. */
  details: UserAuthDetails | null;
}

/** A snapshot of the session. A new object on every change (fit for `useSyncExternalStore`). */
export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  error: AuthError | null;
  /** The user's abilities; allow nothing until loaded or when signed out. */
  abilities: Abilities;
}

/** Options of {@link AuthSession.signIn}. */
export interface SignInOptions {
  /** The app path to return to after a redirect sign-in (same origin only). @default '/' */
  returnUrl?: string;
}

/** Options of {@link AuthSession.signOut}. */
export interface SignOutOptions {
  /** The app path to go to after the provider signed the user out. @default the logged-out route */
  returnUrl?: string;
}

/** Outcome of {@link AuthSession.completeSignIn} in the main window. */
export interface CompletedSignIn {
  /** The sanitized app path to navigate to. */
  returnUrl: string;
}

/** One sign-in session. Create with {@link createAuthSession}; all methods are bound (pass them around freely). */
export interface AuthSession {
  /** The current snapshot. */
  getState(): AuthState;
  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /**
   * Starts the session on first call (settings, silent sign-in) and keeps token renewal running
   * while at least one connection is open. Returns the disconnect; `<AuthProvider>` calls this on mount.
   */
  connect(): () => void;
  /** Silent sign-in first; when the provider needs the user, a redirect (never a popup). */
  signIn(options?: SignInOptions): Promise<'signed-in' | 'redirecting'>;
  /** Ends the session at the provider (redirect) and forgets the tokens. */
  signOut(options?: SignOutOptions): Promise<void>;
  /**
   * Processes the provider's answer on the login-callback route. Resolves `null` inside the silent
   * sign-in iframe (the answer went to the parent window).
   * @throws {@link AuthError} "There was an error signing in."
   */
  completeSignIn(url?: string): Promise<CompletedSignIn | null>;
  /** Processes the provider's answer on the logout-callback route; resolves the path to go to. */
  completeSignOut(url?: string): Promise<{ returnUrl: string | null }>;
  /**
   * The current access token, renewed silently if it has expired; `undefined` when signed out.
   * Hand it to the api client (`createApiClient({ getAccessToken: session.getAccessToken })`).
   */
  getAccessToken(): Promise<string | undefined>;
  /** The path the app is mounted under, for the routes the package builds. */
  readonly basePath: string;
  /** The texts the session puts into errors. */
  readonly messages: Readonly<AuthMessages>;
}

/** Options of {@link createAuthSession}. */
export interface AuthSessionOptions {
  /** The Reviewdesk server whose `/_configuration/<clientId>` holds the settings. @default the page's origin */
  serverUrl?: string;
  /** @default 'reviewdesk-web' */
  clientId?: string;
  /** Settings to use instead of fetching them (tests, hosts that inline them). */
  settings?: ClientSettings;
  /** Fetch for the settings request. @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Adjustments to the oidc-client-ts settings (the in-memory `userStore` is always kept). */
  userManagerSettings?: Partial<UserManagerSettings>;
  /** The api client, used to call GetUserAuthDetails (or a getter, when the client is created after the session). */
  apiClient?: UserAuthDetailsClient | (() => UserAuthDetailsClient);
  /** Loads the abilities instead of `apiClient`. */
  loadAbilities?: AbilitiesLoader;
  /** Abilities always denied, whatever the server grants. */
  blacklist?: readonly AbilityLike[];
  /**
   * Whether `connect()` tries the silent sign-in. @default true, except on public and
   * `/authentication/*` routes (where a nested sign-in would loop inside the silent iframe)
   */
  autoSignIn?: boolean;
  /** Path the app is mounted under. @default '' */
  basePath?: string;
  /** Texts for errors (translations). */
  messages?: Partial<AuthMessages>;
  /**
   * The culture the provider's pages should speak (OpenID Connect `ui_locales`, e.g. `'de-DE'`),
   * read at each sign-in so a language changed in the app after start-up is followed too.
   */
  uiLocales?: () => string | undefined;
  /** The page location. @default globalThis.location */
  location?: Pick<Location, 'href' | 'origin' | 'pathname'>;
}

type LoadState = 'idle' | 'loading' | 'loaded' | 'failed';

function toAuthUser(user: User, details: UserAuthDetails | null): AuthUser {
  const profile = user.profile;
  return {
    id: profile.sub,
    name: profile.name ?? details?.name,
    email: profile.email ?? details?.email,
    claims: profile,
    details,
  };
}

/**
 * Creates a session. Nothing happens until `connect()`, `signIn()` or a callback method runs, so
 * creating one (e.g. in a React state initialiser) is free of side effects.
 *
 * @example
 * const session = createAuthSession({ serverUrl: 'https://reviewdesk.example.com', apiClient: () => api });
 * const api = createApiClient({ baseUrl: 'https://reviewdesk.example.com', getAccessToken: session.getAccessToken });
 */
export function createAuthSession(options: AuthSessionOptions = {}): AuthSession {
  const messages: AuthMessages = { ...defaultAuthMessages, ...options.messages };
  const basePath = options.basePath ?? '';
  const location = options.location ?? globalThis.location;
  const loader =
    options.loadAbilities ?? (options.apiClient ? createUserAuthDetailsLoader(options.apiClient) : undefined);

  // --- store -----------------------------------------------------------------------------------
  let phase: 'idle' | 'starting' | 'ready' = 'idle';
  let error: AuthError | null = null;
  let user: User | null = null;
  let details: UserAuthDetails | null = null;
  let abilities: Abilities = noAbilities;
  let abilitiesFor: string | null = null;
  let abilitiesState: LoadState = 'idle';
  let abilitiesAbort: AbortController | null = null;
  let snapshot: AuthState = computeState();
  const listeners = new Set<() => void>();

  function computeState(): AuthState {
    if (user) {
      const status: AuthStatus =
        abilitiesState === 'loaded' ? 'signed-in' : abilitiesState === 'failed' ? 'error' : 'loading';
      return { status, user: toAuthUser(user, details), error, abilities };
    }
    // The status is derived rather than set by each flow, so concurrent flows (start-up and a
    // callback page, say) cannot leave it contradicting the user actually held.
    const status: AuthStatus = error ? 'error' : phase === 'ready' ? 'signed-out' : 'loading';
    return { status, user: null, error, abilities: noAbilities };
  }

  function changed(): void {
    snapshot = computeState();
    for (const listener of [...listeners]) listener();
  }

  // --- abilities -------------------------------------------------------------------------------
  let warnedNoLoader = false;
  async function loadAbilitiesFor(subject: string): Promise<void> {
    if (abilitiesFor === subject && abilitiesState !== 'failed') return;
    abilitiesAbort?.abort();
    const abort = new AbortController();
    abilitiesAbort = abort;
    abilitiesFor = subject;
    abilitiesState = 'loading';
    changed();
    if (!loader) {
      if (!warnedNoLoader) {
        warnedNoLoader = true;
        console.warn('@reviewdesk/auth: no apiClient or loadAbilities given; every permission check is denied.');
      }
      abilities = createAbilities([], { blacklist: options.blacklist ?? [] });
      abilitiesState = 'loaded';
      changed();
      return;
    }
    try {
      const loaded = toLoadedAuthDetails(await loader({ signal: abort.signal }));
      if (abort.signal.aborted) return;
      details = loaded.details;
      abilities = createAbilities(loaded.details.abilities, {
        blacklist: [...(options.blacklist ?? []), ...(loaded.blacklist ?? [])],
      });
      abilitiesState = 'loaded';
    } catch (cause) {
      if (abort.signal.aborted) return;
      abilities = noAbilities;
      abilitiesState = 'failed';
      error = new AuthError('abilities-failed', messages.abilitiesFailed, { cause });
    }
    changed();
  }

  /** Takes a user from any flow; idempotent for the same subject (renewals keep the abilities). */
  function acceptUser(next: User): void {
    user = next;
    error = null;
    phase = 'ready';
    if (abilitiesFor === next.profile.sub && abilitiesState !== 'failed') {
      changed();
      return;
    }
    details = null;
    abilities = noAbilities;
    void loadAbilitiesFor(next.profile.sub);
  }

  function clearUser(): void {
    abilitiesAbort?.abort();
    user = null;
    details = null;
    abilities = noAbilities;
    abilitiesFor = null;
    abilitiesState = 'idle';
    changed();
  }

  // --- the UserManager, created once the settings are known ---------------------------------------
  let manager: UserManager | null = null;
  let managerPromise: Promise<UserManager> | null = null;
  let connections = 0;
  const detachEvents: Array<() => void> = [];

  function attachEvents(um: UserManager): void {
    detachEvents.push(
      // Raised by every sign-in and renewal; acceptUser ignores repeats for the same subject.
      um.events.addUserLoaded((loaded) => acceptUser(loaded)),
      um.events.addUserUnloaded(() => clearUser()),
      // Renewal failed until expiry: the token is useless, so the user counts as signed out.
      um.events.addAccessTokenExpired(() => {
        void um.removeUser();
        clearUser();
      }),
    );
  }

  function getManager(): Promise<UserManager> {
    managerPromise ??= (async () => {
      const settings =
        options.settings ??
        (await loadClientSettings({
          serverUrl: options.serverUrl,
          clientId: options.clientId ?? DEFAULT_CLIENT_ID,
          fetch: options.fetch,
        }));
      const um = new UserManager(createUserManagerSettings(settings, options.userManagerSettings));
      // automaticSilentRenew starts with the manager; keep it only while someone is connected.
      if (connections === 0) um.stopSilentRenew();
      attachEvents(um);
      manager = um;
      return um;
    })();
    // A failed settings request may succeed later (server restarting); let the next call retry.
    managerPromise.catch(() => {
      managerPromise = null;
    });
    return managerPromise;
  }

  async function requireManager(): Promise<UserManager> {
    try {
      return await getManager();
    } catch (cause) {
      error = cause instanceof AuthError ? cause : toSignInError(cause, messages);
      phase = 'ready';
      changed();
      throw error;
    }
  }

  // --- start-up --------------------------------------------------------------------------------
  // Resolves once the start-up knows whether there is a user (before the abilities load, which
  // themselves ask for the token).
  let userReady: Promise<void> | null = null;

  function shouldAutoSignIn(): boolean {
    if (options.autoSignIn !== undefined) return options.autoSignIn;
    return !location || !isPublicRoute(location.pathname, { basePath });
  }

  async function start(): Promise<void> {
    phase = 'starting';
    changed();
    let um: UserManager;
    try {
      um = await requireManager();
    } catch {
      return;
    }
    const stored = await um.getUser();
    if (stored && !stored.expired) {
      acceptUser(stored);
      return;
    }
    if (shouldAutoSignIn()) {
      try {
        const signedIn = await um.signinSilent();
        if (signedIn) {
          acceptUser(signedIn);
          return;
        }
      } catch {
        // login_required and friends: the provider has no session for us; the user is signed out.
      }
    }
    phase = 'ready';
    changed();
  }

  function connect(): () => void {
    connections += 1;
    if (connections === 1) {
      userReady ??= start();
      if (manager && user) manager.startSilentRenew();
    }
    let open = true;
    return () => {
      if (!open) return;
      open = false;
      connections -= 1;
      // Unmounted: no timers or iframes may outlive the last consumer.
      if (connections === 0) manager?.stopSilentRenew();
    };
  }

  // --- actions ---------------------------------------------------------------------------------
  async function signIn(signInOptions: SignInOptions = {}): Promise<'signed-in' | 'redirecting'> {
    const um = await requireManager();
    if (user && !user.expired && abilitiesState !== 'failed') return 'signed-in';
    try {
      const signedIn = await um.signinSilent();
      if (signedIn) {
        acceptUser(signedIn);
        return 'signed-in';
      }
    } catch {
      // Expected when the provider needs the user (login_required): fall through to the redirect.
    }
    const returnUrl = sanitizeReturnUrl(signInOptions.returnUrl, location?.origin, `${basePath}/`);
    try {
      const ui_locales = options.uiLocales?.();
      await um.signinRedirect({ state: { returnUrl }, ...(ui_locales ? { ui_locales } : {}) });
      return 'redirecting';
    } catch (cause) {
      error = toSignInError(cause, messages);
      changed();
      throw error;
    }
  }

  async function signOut(signOutOptions: SignOutOptions = {}): Promise<void> {
    const um = await requireManager();
    const returnUrl = signOutOptions.returnUrl
      ? sanitizeReturnUrl(signOutOptions.returnUrl, location?.origin, `${basePath}/`)
      : undefined;
    try {
      // Also removes the user from the in-memory store (id_token_hint is taken first).
      await um.signoutRedirect({ state: { returnUrl } });
    } catch (cause) {
      throw new AuthError('sign-out-failed', cause instanceof Error ? cause.message : String(cause), { cause });
    }
  }

  // React may run a page's effect twice; the provider's answer can be used only once, so the
  // same callback URL shares one result.
  const callbacks = new Map<string, Promise<unknown>>();
  function once<T>(key: string, run: () => Promise<T>): Promise<T> {
    let pending = callbacks.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = run();
      callbacks.set(key, pending);
    }
    return pending;
  }

  function completeSignIn(url: string = location?.href ?? ''): Promise<CompletedSignIn | null> {
    return once(`in:${url}`, async () => {
      const um = await requireManager();
      let signedIn: User | undefined;
      try {
        signedIn = await um.signinCallback(url);
      } catch (cause) {
        error = toSignInError(cause, messages);
        phase = 'ready';
        changed();
        throw error;
      }
      if (!signedIn) return null;
      acceptUser(signedIn);
      const state = signedIn.state as { returnUrl?: unknown } | undefined;
      return { returnUrl: sanitizeReturnUrl(state?.returnUrl, location?.origin, `${basePath}/`) };
    });
  }

  function completeSignOut(url: string = location?.href ?? ''): Promise<{ returnUrl: string | null }> {
    return once(`out:${url}`, async () => {
      const um = await requireManager();
      const response = await um.signoutCallback(url);
      clearUser();
      phase = 'ready';
      changed();
      const state = response?.userState as { returnUrl?: unknown } | undefined;
      return { returnUrl: state?.returnUrl ? sanitizeReturnUrl(state.returnUrl, location?.origin) : null };
    });
  }

  let renewing: Promise<User | null> | null = null;
  async function getAccessToken(): Promise<string | undefined> {
    if (userReady) await userReady;
    const um = manager;
    const current = user;
    if (!um || !current) return undefined;
    if (!current.expired) return current.access_token;
    // A sleeping tab can miss the automatic renewal; renew once for all callers waiting now.
    renewing ??= um
      .signinSilent()
      .catch(() => null)
      .finally(() => {
        renewing = null;
      });
    const renewed = await renewing;
    return renewed && !renewed.expired ? renewed.access_token : undefined;
  }

  return {
    getState: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connect,
    signIn,
    signOut,
    completeSignIn,
    completeSignOut,
    getAccessToken,
    basePath,
    messages,
  };
}
