/** <Can>: renders its children only when the user holds a permission (or any of several). */
import { type ReactNode, useContext, useSyncExternalStore } from 'react';
import { type Abilities, noAbilities } from '../abilities';
import type { Permission } from '../permissions';
import type { AuthState } from '../session';
import { AuthContext } from './context';

/** The permission a check needs: one (`I`) or any of several (`anyOf`). */
export type PermissionCheck =
  | {
      /** The permission required. */
      I: Permission;
      anyOf?: never;
    }
  | {
      /** At least one of these is required (an empty list allows nothing). */
      anyOf: readonly Permission[];
      I?: never;
    };

/** Props of {@link Can}. */
export type CanProps = PermissionCheck & {
  children?: ReactNode;
  /** Rendered when the check fails. @default null */
  fallback?: ReactNode;
  /** Abilities to check instead of the provider's (e.g. outside an <AuthProvider>). */
  abilities?: Abilities;
};

/** Whether `abilities` pass `check`. */
export function checkPermission(abilities: Abilities, check: PermissionCheck): boolean {
  return check.anyOf ? abilities.canAny(check.anyOf) : abilities.can(check.I as Permission);
}

// Stateless stand-ins so the hook below runs unconditionally when there is no provider.
const subscribeToNothing = () => () => {};
const noState = (): AuthState | null => null;

/**
 * Shows `children` only when permitted.
 *
 * @example
 * <Can I="Task.Review"><ReviewButton /></Can>
 * <Can anyOf={['Task.View', 'Task.Review']} fallback={<ReadOnlyNotice />}>…</Can>
 */
export function Can(props: CanProps): ReactNode {
  const context = useContext(AuthContext);
  const getState = context ? context.session.getState : noState;
  const state = useSyncExternalStore(context ? context.session.subscribe : subscribeToNothing, getState, getState);
  if (!state && !props.abilities) throw new Error('<Can> must be used inside <AuthProvider> or given `abilities`.');
  const abilities = props.abilities ?? state?.abilities ?? noAbilities;
  return checkPermission(abilities, props) ? props.children : (props.fallback ?? null);
}
