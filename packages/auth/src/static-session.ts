/**
 * A session frozen in one state, for Storybook stories, component tests and demos: no provider,
 * no network. `signIn`/`signOut` only record that they were called.
 */
import { type AbilityLike, createAbilities, noAbilities } from './abilities';
import { AuthError, type AuthMessages, defaultAuthMessages } from './messages';
import type { AuthSession, AuthState, AuthStatus, AuthUser } from './session';

/** Options of {@link createStaticAuthSession}. */
export interface StaticAuthSessionOptions {
  /** @default 'signed-in' */
  status?: AuthStatus;
  /** Granted abilities (`'Task.Review'` or `{subject, action}`). @default [] */
  abilities?: readonly AbilityLike[];
  blacklist?: readonly AbilityLike[];
  /** @default a demo user when signed in */
  user?: AuthUser | null;
  /** @default an error with the spec's sign-in message when status is 'error' */
  error?: AuthError | null;
  /** The token `getAccessToken()` resolves when signed in. @default 'static-token' */
  accessToken?: string;
  basePath?: string;
  messages?: Partial<AuthMessages>;
}

/** A static session plus the calls it received. */
export interface StaticAuthSession extends AuthSession {
  /** Every `signIn`/`signOut`/`complete*` call, in order. */
  readonly calls: Array<{ method: string; args: unknown[] }>;
}

const demoUser: AuthUser = {
  id: 'demo-subject',
  name: 'Dana Reviewer',
  email: 'dana@example.com',
  claims: { sub: 'demo-subject', name: 'Dana Reviewer' },
  details: null,
};

/**
 * A session that always reports the given state.
 *
 * @example
 * <AuthProvider session={createStaticAuthSession({ abilities: ['Task.Review'] })}>…</AuthProvider>
 */
export function createStaticAuthSession(options: StaticAuthSessionOptions = {}): StaticAuthSession {
  const status = options.status ?? 'signed-in';
  const messages = { ...defaultAuthMessages, ...options.messages };
  const signedIn = status === 'signed-in';
  const state: AuthState = Object.freeze({
    status,
    user: options.user !== undefined ? options.user : signedIn ? demoUser : null,
    error:
      options.error !== undefined
        ? options.error
        : status === 'error'
          ? new AuthError('sign-in-failed', messages.signInFailed)
          : null,
    abilities: signedIn
      ? createAbilities(options.abilities ?? [], { blacklist: options.blacklist ?? [] })
      : noAbilities,
  });
  const calls: StaticAuthSession['calls'] = [];
  const record =
    <T>(method: string, result: T) =>
    async (...args: unknown[]): Promise<T> => {
      calls.push({ method, args });
      return result;
    };
  return {
    calls,
    getState: () => state,
    subscribe: () => () => {},
    connect: () => () => {},
    signIn: record('signIn', 'redirecting' as const),
    signOut: record('signOut', undefined),
    completeSignIn: record('completeSignIn', { returnUrl: '/' }),
    completeSignOut: record('completeSignOut', { returnUrl: null }),
    getAccessToken: async () => (signedIn ? (options.accessToken ?? 'static-token') : undefined),
    basePath: options.basePath ?? '',
    messages,
  };
}
