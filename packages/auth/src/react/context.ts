/**
 * The React context of one auth session. Each <AuthProvider> provides its own, so two providers
 * on a page (two embedded widgets signed in differently) never see each other's state.
 */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { AuthSession, AuthState } from '../session';

/** Full-page or router navigation supplied by the host (react-router's `navigate`, `location.assign`, …). */
export type Navigate = (url: string) => void;

export interface AuthContextValue {
  session: AuthSession;
  navigate: Navigate;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/** The context, or a helpful error when a component is used outside <AuthProvider>. */
export function useAuthContext(component: string): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error(`${component} must be used inside <AuthProvider>.`);
  return value;
}

/** Subscribes to a session's snapshots. */
export function useSessionState(session: AuthSession): AuthState {
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}
