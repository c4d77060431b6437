/** `useAuth()`: the session's state and actions for components. */
import type { Abilities } from '../abilities';
import type { AuthError } from '../messages';
import type { AuthSession, AuthStatus, AuthUser } from '../session';
import { useAuthContext, useSessionState } from './context';

/** What {@link useAuth} returns. Actions are stable across renders. */
export interface UseAuthResult {
  status: AuthStatus;
  user: AuthUser | null;
  error: AuthError | null;
  /** Allow nothing until loaded. */
  abilities: Abilities;
  signIn: AuthSession['signIn'];
  signOut: AuthSession['signOut'];
  getAccessToken: AuthSession['getAccessToken'];
  /** The underlying session, e.g. to hand to `@reviewdesk/ui`. */
  session: AuthSession;
}

/**
 * The nearest <AuthProvider>'s session state.
 *
 * @example
 * const { status, abilities, signIn } = useAuth();
 * if (status === 'signed-out') return <button onClick={() => signIn()}>Sign in</button>;
 */
export function useAuth(): UseAuthResult {
  const { session } = useAuthContext('useAuth');
  const state = useSessionState(session);
  return {
    status: state.status,
    user: state.user,
    error: state.error,
    abilities: state.abilities,
    signIn: session.signIn,
    signOut: session.signOut,
    getAccessToken: session.getAccessToken,
    session,
  };
}
