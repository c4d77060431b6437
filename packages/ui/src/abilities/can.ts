/**
 * The permission check every component reads from the provider. The rules (`Resource.Action`,
 * any-of, the server's blacklist denying even granted abilities) live in `@reviewdesk/auth`;
 * this module only adapts them to one callable so components can write `can('Task.Delete')`.
 */
import { type Ability, createAbilities, type Permission } from '@reviewdesk/auth';

export type { Ability, Permission };

/**
 * A permission check: `'Task.ListView'`, or a list of which any one suffices
 * (`['Task.Review', 'Task.View']`).
 */
export type AbilityCheck = Permission | readonly Permission[];

/** Answers whether the current user may do something. */
export type Can = (check: AbilityCheck) => boolean;

/**
 * Builds a {@link Can} from granted abilities and the server's blacklist. A blacklisted
 * ability is denied even when it is also granted.
 * @example
 * const can = createCan([{ subject: 'Task', action: 'View' }]);
 * can('Task.View'); // true
 * can(['Task.Delete', 'Task.View']); // true: any of several
 */
export function createCan(abilities: readonly Ability[], blacklist: readonly Ability[] = []): Can {
  const checker = createAbilities(abilities, { blacklist });
  return (check) => (typeof check === 'string' ? checker.can(check as Permission) : checker.canAny(check));
}

/** A {@link Can} that denies everything: the default until the host supplies abilities. */
export const denyAll: Can = () => false;
