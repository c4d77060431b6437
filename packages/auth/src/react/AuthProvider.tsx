/**
 * <AuthProvider>: puts one auth session into React. Either hand it a session you created (so the
 * api client can take its `getAccessToken`) or the options to create one; a created session lives
 * and dies with this provider instance.
 */
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { type AuthSession, type AuthSessionOptions, createAuthSession } from '../session';
import { AuthContext, type AuthContextValue, type Navigate } from './context';

interface AuthProviderBaseProps {
  children?: ReactNode;
  /**
   * How the package moves between app routes (after sign-in, to the login route, to /not-authorized).
   * Pass your router's navigate; sign-in redirects to the provider are done by oidc-client-ts itself.
   * @default (url) => window.location.assign(url)
   */
  navigate?: Navigate;
}

/** Props of {@link AuthProvider}: an existing `session`, or the {@link AuthSessionOptions} to create one. */
export type AuthProviderProps = AuthProviderBaseProps &
  ({ session: AuthSession } | ({ session?: undefined } & AuthSessionOptions));

const assign: Navigate = (url) => globalThis.location.assign(url);

/**
 * Provides the auth session to `useAuth`, `<Can>`, `<RequireAbility>` and `<AuthenticationPage>`.
 *
 * @example
 * const session = createAuthSession({ serverUrl, apiClient: () => api });
 * const api = createApiClient({ baseUrl: serverUrl, getAccessToken: session.getAccessToken });
 * <AuthProvider session={session} navigate={navigate}><App /></AuthProvider>
 */
export function AuthProvider(props: AuthProviderProps): ReactNode {
  const { children, navigate = assign } = props;
  // Created once per provider instance (creation has no side effects, so React may discard it safely).
  const own = useRef<AuthSession | null>(null);
  if (!props.session && !own.current) {
    const { children: _children, navigate: _navigate, session: _session, ...options } = props;
    own.current = createAuthSession(options);
  }
  const session = props.session ?? (own.current as AuthSession);

  useEffect(() => session.connect(), [session]);

  const value = useMemo<AuthContextValue>(() => ({ session, navigate }), [session, navigate]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
