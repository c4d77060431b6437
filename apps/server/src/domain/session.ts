// Who is calling and as what: the signed-in user, the tenant they work in now, their role there
// (or the role they impersonate) and the abilities that follow, with the tenant's blacklist applied.
import type { Db } from '../db/database.js';
import { MembershipsRepository, type MembershipWithTenant } from '../db/repositories/memberships.js';
import { TenantScope } from '../db/repositories/tenant-scope.js';
import { UsersRepository } from '../db/repositories/users.js';
import type { UserRow } from '../db/schema.js';
import { effectiveAbilities } from './abilities.js';
import { forbidden, unauthenticated } from './errors.js';
import { type Role, roleById } from './roles.js';

export const USER_STATUS = { Active: 10, Inactive: 20 } as const;

export interface Session {
  user: UserRow;
  membership: MembershipWithTenant;
  role: Role;
  /** Set only when the member may impersonate and chose a role (Tenant/UpdateUserImpersonateRoleId). */
  impersonateRole: Role | null;
  /** The role the abilities come from: the impersonated one when set. */
  abilitiesRole: Role;
  abilities: Set<string>;
  scope: TenantScope;
  /** The sign-in (provider grant) of the caller's token: a password change keeps this one signed in. */
  grantId?: string | undefined;
}

/** The membership the user works in: the chosen current tenant, else the default, else the first. */
export function pickCurrentMembership(
  user: UserRow,
  memberships: MembershipWithTenant[],
): MembershipWithTenant | undefined {
  const active = memberships.filter((m) => m.status === USER_STATUS.Active);
  return active.find((m) => m.tenant_id === user.current_tenant_id) ?? active.find((m) => m.is_default) ?? active[0];
}

export async function loadSession(db: Db, userId: string, grantId?: string): Promise<Session> {
  const user = await new UsersRepository(db).findById(userId);
  if (!user) throw unauthenticated('The account of this token no longer exists.');
  const memberships = await new MembershipsRepository(db).listForUser(userId);
  const membership = pickCurrentMembership(user, memberships);
  if (!membership) throw forbidden('You are not an active member of any tenant.');
  return sessionOf(db, user, membership, grantId);
}

/**
 * The session of `user` in one given tenant, whatever tenant they work in now (mail a member sends
 * to a workspace's import address acts in that workspace's tenant); undefined unless they are an
 * active member there.
 */
export async function loadSessionInTenant(db: Db, user: UserRow, tenantId: string): Promise<Session | undefined> {
  const membership = await new MembershipsRepository(db).find(user.id, tenantId);
  if (!membership || membership.status !== USER_STATUS.Active) return undefined;
  return sessionOf(db, user, membership);
}

async function sessionOf(db: Db, user: UserRow, membership: MembershipWithTenant, grantId?: string): Promise<Session> {
  const role = roleById(membership.role_id);
  if (!role) throw forbidden('Your role in this tenant is unknown.');
  const scope = new TenantScope(db, membership.tenant_id);
  const blacklist = await scope.blacklist();
  const own = effectiveAbilities(role, blacklist);
  const impersonated = roleById(membership.impersonate_role_id);
  // Impersonating is a developer tool: it only counts while the real role may still do it.
  const impersonateRole = impersonated && own.has('Tenant.ImpersonateRole') ? impersonated : null;
  const abilitiesRole = impersonateRole ?? role;
  const abilities = impersonateRole ? effectiveAbilities(impersonateRole, blacklist) : own;
  return { user, membership, role, impersonateRole, abilitiesRole, abilities, scope, grantId };
}

export function hasAnyAbility(session: Session, abilities: readonly string[]): boolean {
  return abilities.some((a) => session.abilities.has(a));
}
