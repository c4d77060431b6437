/**
 * <RequireAbility>: a route guard. Renders the route when the user may see it; otherwise sends a
 * signed-out user to sign in and a signed-in one to /not-authorized (or lets the host decide).
 */
import { type ReactNode, useEffect, useRef } from 'react';
import type { AuthError } from '../messages';
import type { Permission } from '../permissions';
import { getLoginUrl, NOT_AUTHORIZED_PATH } from '../routes';
import { checkPermission } from './Can';
import { useAuthContext, useSessionState } from './context';

/** Props of {@link RequireAbility}. Without `I` or `anyOf` it only requires a signed-in user. */
export interface RequireAbilityProps {
  children?: ReactNode;
  /** The permission the route needs. */
  I?: Permission;
  /** The route needs at least one of these. */
  anyOf?: readonly Permission[];
  /** Rendered while redirecting or when denied. @default null */
  fallback?: ReactNode;
  /** Rendered while the session and abilities load. @default null */
  loading?: ReactNode;
  /** Called instead of navigating to /not-authorized when a signed-in user is denied. */
  onDenied?: () => void;
  /** Rendered when sign-in failed. @default the error message in an alert */
  renderError?: (error: AuthError) => ReactNode;
  /** Where to come back after sign-in. @default the current location */
  returnUrl?: string;
}

type Decision = 'loading' | 'allowed' | 'denied' | 'signed-out' | 'error';

function currentLocation(): string {
  const location = globalThis.location;
  return location ? `${location.pathname}${location.search}${location.hash}` : '/';
}

/**
 * Guards a route by permission.
 *
 * @example
 * <RequireAbility I="Task.ListView" loading={<Spinner />}><TaskList /></RequireAbility>
 * <RequireAbility anyOf={['Tenant.Edit', 'Tenant.View']} onDenied={() => toast('No access')} fallback={<Home />}>…</RequireAbility>
 */
export function RequireAbility(props: RequireAbilityProps): ReactNode {
  const { session, navigate } = useAuthContext('<RequireAbility>');
  const state = useSessionState(session);
  const { I, anyOf, onDenied, returnUrl } = props;

  let decision: Decision;
  if (state.status === 'signed-in') {
    const check = anyOf ? { anyOf } : I ? { I } : null;
    decision = !check || checkPermission(state.abilities, check) ? 'allowed' : 'denied';
  } else {
    decision = state.status;
  }

  // Hosts often pass inline callbacks; reading them through a ref keeps the effect below from
  // re-running (and navigating again) on every render.
  const latest = useRef({ navigate, onDenied, returnUrl });
  useEffect(() => {
    latest.current = { navigate, onDenied, returnUrl };
  });

  // Navigation is a side effect: it happens after render, once per decision.
  useEffect(() => {
    const { navigate: go, onDenied: denied, returnUrl: back } = latest.current;
    if (decision === 'signed-out') {
      go(getLoginUrl(back ?? currentLocation(), { basePath: session.basePath }));
    } else if (decision === 'denied') {
      if (denied) denied();
      else go(`${session.basePath}${NOT_AUTHORIZED_PATH}`);
    }
  }, [decision, session]);

  switch (decision) {
    case 'allowed':
      return props.children;
    case 'loading':
      return props.loading ?? null;
    case 'error':
      if (!state.error) return props.fallback ?? null;
      return props.renderError ? (
        props.renderError(state.error)
      ) : (
        <div className="rd-auth-error" role="alert" data-testid="auth.error">
          {state.error.message}
        </div>
      );
    default:
      return props.fallback ?? null;
  }
}
