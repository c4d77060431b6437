/**
 * The ability checker: answers "may the signed-in user do X?" from the abilities the server
 * returned (GetUserAuthDetails). Pure and synchronous so that every component can call it while
 * rendering, and so that `@reviewdesk/ui` can reuse it without React.
 */
import type { Permission } from './permissions';

/** One ability as the server sends it: `{subject: 'Task', action: 'Review'}` means `Task.Review`. */
export interface Ability {
  subject: string;
  action: string;
}

/** A permission as a `Resource.Action` string or as the server's `{subject, action}` pair. */
export type AbilityLike = Ability | string;

/** Options of {@link createAbilities}. */
export interface CreateAbilitiesOptions {
  /**
   * Abilities the server blacklists: denied even when granted.
   * @default []
   */
  blacklist?: readonly AbilityLike[];
}

/** The answer to permission checks for one user. Immutable. */
export interface Abilities {
  /**
   * Whether the user holds `permission` and it is not blacklisted (case-insensitive).
   * @example abilities.can('Task.Review')
   */
  can(permission: Permission): boolean;
  /**
   * Whether the user holds at least one of `permissions` (an empty list allows nothing).
   * @example abilities.canAny(['Task.View', 'Task.Review'])
   */
  canAny(permissions: readonly Permission[]): boolean;
  /** The effective permissions (granted minus blacklisted), as `Resource.Action` strings in the server's spelling, sorted. */
  readonly list: readonly string[];
  /** The blacklisted permissions as `Resource.Action` strings, sorted. */
  readonly blacklist: readonly string[];
}

/** `Resource.Action` of an ability; per-role actions keep their role suffix (`Tenant.UpdateUserRole.Reviewer`). */
export function abilityKey(ability: AbilityLike): string {
  return typeof ability === 'string' ? ability : `${ability.subject}.${ability.action}`;
}

/**
 * Builds the checker from the abilities of GetUserAuthDetails.
 *
 * @example
 * const abilities = createAbilities(details.abilities, { blacklist: ['Task.Delete'] });
 * abilities.can('Task.Review'); // true when granted and not blacklisted
 */
export function createAbilities(abilities: readonly AbilityLike[], options: CreateAbilitiesOptions = {}): Abilities {
  // Matching ignores case: servers differ in casing (`task.review` from a camelCasing serializer)
  // and no two permissions of the spec differ only by case. `@reviewdesk/ui` matches the same way.
  const denied = new Map((options.blacklist ?? []).map((a) => [abilityKey(a).toLowerCase(), abilityKey(a)]));
  const allowed = new Map(
    abilities.map((a) => [abilityKey(a).toLowerCase(), abilityKey(a)] as const).filter(([key]) => !denied.has(key)),
  );
  // The blacklist is applied once here, so every check below is a single lookup.
  const can = (permission: Permission): boolean => allowed.has(permission.toLowerCase());
  return Object.freeze({
    can,
    canAny: (permissions: readonly Permission[]) => permissions.some(can),
    list: Object.freeze([...allowed.values()].sort()),
    blacklist: Object.freeze([...denied.values()].sort()),
  });
}

/** Abilities that allow nothing: the state before they are loaded, and for a signed-out user. */
export const noAbilities: Abilities = createAbilities([]);
