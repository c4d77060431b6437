/**
 * The super-user rule of product-spec §6: a role is a super-user role when its order is at or
 * before Administrator's. Role orders come from the server (AllRoles); nothing here assumes
 * numbers, only that Administrator is among the roles.
 */

/** A role as the server describes it: its name and its order value (lower comes first). */
export interface RoleLike {
  name: string;
  order: number;
}

const ADMINISTRATOR = 'administrator';

function findRole(name: string, roles: readonly RoleLike[]): RoleLike | undefined {
  const wanted = name.toLowerCase();
  return roles.find((role) => role.name.toLowerCase() === wanted);
}

/**
 * Whether `role` is a super-user role: its order is at or before Administrator's.
 *
 * Returns false when either role is unknown, so a missing role list never grants super-user rights.
 *
 * @param role - the role to test, by name or as a role object (its own `order` is then used)
 * @param roles - all roles with their order values
 * @example isSuperUser('Developer', roles) // true when Developer's order ≤ Administrator's
 */
export function isSuperUser(role: RoleLike | string, roles: readonly RoleLike[]): boolean {
  const administrator = findRole(ADMINISTRATOR, roles);
  const candidate = typeof role === 'string' ? findRole(role, roles) : role;
  if (!administrator || !candidate) return false;
  return candidate.order <= administrator.order;
}
