// The six roles, ordered from most to least powerful. A role is a super-user when its order is at
// or before Administrator's (product spec §6).

export const ROLE_NAMES = ['Developer', 'Administrator', 'Manager', 'Creator', 'Reviewer', 'Viewer'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export interface Role {
  /** Fixed uuid so every database and every client sees the same role ids. */
  id: string;
  name: RoleName;
  order: number;
  /** Whether a tenant administrator may give this role to a member (Developer is kept for staff). */
  tenantSelectable: boolean;
  hidden: boolean;
}

export const ROLES: readonly Role[] = ROLE_NAMES.map((name, index) => ({
  id: `5e1f0000-0000-4000-8000-0000000000${String((index + 1) * 10).padStart(2, '0')}`,
  name,
  order: (index + 1) * 10,
  tenantSelectable: name !== 'Developer',
  hidden: name === 'Developer',
}));

const ADMINISTRATOR_ORDER = 20;

export function roleById(id: string | null | undefined): Role | undefined {
  return ROLES.find((r) => r.id === id);
}

export function roleByName(name: RoleName): Role {
  return ROLES.find((r) => r.name === name) as Role;
}

export function isSuperUser(role: Role): boolean {
  return role.order <= ADMINISTRATOR_ORDER;
}

/** True when `role` is at least as powerful as `minimum` (smaller order = more power). */
export function atLeast(role: Role, minimum: RoleName): boolean {
  return role.order <= roleByName(minimum).order;
}
