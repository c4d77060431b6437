/**
 * Permission checks in the spec's `Resource.Action` form (spec §6), evaluated against the
 * abilities the server returned for the user. The client never maps roles to abilities.
 */

/** One ability as `GET /User/GetUserAuthDetails` returns it. */
export interface Ability {
  /** The resource, e.g. `'Task'`. */
  subject: string;
  /** The action on it, e.g. `'ListView'`. */
  action: string;
}

/**
 * A permission check: `'Task.ListView'`, or a list of which any one suffices
 * (`['Task.Review', 'Task.View']`).
 */
export type AbilityCheck = string | readonly string[];

/** Answers whether the current user may do something. */
export type Can = (check: AbilityCheck) => boolean;

const keyOf = (subject: string, action: string) => `${subject}.${action}`.toLowerCase();

/**
 * Builds a {@link Can} from granted abilities and the server's blacklist. A blacklisted
 * ability is denied even when it is also granted.
 * @example
 * const can = createCan([{ subject: 'Task', action: 'View' }]);
 * can('Task.View'); // true
 * can(['Task.Delete', 'Task.View']); // true: any of several
 */
export function createCan(abilities: readonly Ability[], blacklist: readonly Ability[] = []): Can {
  const denied = new Set(blacklist.map((a) => keyOf(a.subject, a.action)));
  const granted = new Set(abilities.map((a) => keyOf(a.subject, a.action)).filter((key) => !denied.has(key)));
  return (check) => {
    const wanted = typeof check === 'string' ? [check] : check;
    return wanted.some((permission) => granted.has(permission.toLowerCase()));
  };
}

/** A {@link Can} that denies everything: the default until the host supplies abilities. */
export const denyAll: Can = () => false;
