// The signed-in user as the API shows them: current user, auth details, session and tenant links.

import type { Db } from '../../db/database.js';
import type { MembershipWithTenant } from '../../db/repositories/memberships.js';
import { MembershipsRepository } from '../../db/repositories/memberships.js';
import { UsersRepository } from '../../db/repositories/users.js';
import { toAbilityPair } from '../abilities.js';
import { notFound } from '../errors.js';
import { isSuperUser, ROLES, type Role } from '../roles.js';
import { loadSession, type Session } from '../session.js';

export function roleView(role: Role) {
  return {
    id: role.id,
    name: role.name,
    order: role.order,
    tenantSelectable: role.tenantSelectable,
    hidden: role.hidden,
    superUser: isSuperUser(role),
  };
}

export function allRoles() {
  return [...ROLES].sort((a, b) => a.order - b.order).map(roleView);
}

export function currentUser(session: Session) {
  const { user } = session;
  return {
    email: user.email,
    name: user.name,
    userName: user.user_name,
    role: session.role.name,
    roleId: session.role.id,
    impersonateRoleId: session.impersonateRole?.id ?? null,
    contact: user.contact,
    emailConfirmed: user.email_confirmed,
    hasPassword: user.password_hash !== null,
    userId: user.id,
    profilePicture: user.profile_picture,
  };
}

export function authDetails(session: Session) {
  return { ...currentUser(session), abilities: [...session.abilities].sort().map(toAbilityPair) };
}

export function tenantSession(session: Session) {
  const { membership, user } = session;
  return {
    tenant: { id: membership.tenant_id, code: membership.tenant_code, name: membership.tenant_name },
    userId: user.id,
    userName: user.user_name,
    email: user.email,
    role: roleView(session.role),
    impersonateRole: session.impersonateRole ? roleView(session.impersonateRole) : null,
    abilitiesRoleId: session.abilitiesRole.id,
    isTenantOwner: membership.is_owner,
    isDefault: membership.is_default,
  };
}

export function tenantLink(m: MembershipWithTenant) {
  return {
    tenantName: m.tenant_name,
    userId: m.user_id,
    tenantId: m.tenant_id,
    isDefault: m.is_default,
    roleId: m.role_id,
    impersonateRoleId: m.impersonate_role_id,
    isTenantOwner: m.is_owner,
  };
}

export async function userTenants(db: Db, userId: string) {
  const memberships = await new MembershipsRepository(db).listForUser(userId);
  return memberships.filter((m) => m.status === 10).map(tenantLink);
}

/** Switches the user's current tenant; only tenants the user is an active member of are found. */
export async function changeTenant(db: Db, session: Session, tenantId: string) {
  const membership = await new MembershipsRepository(db).find(session.user.id, tenantId);
  if (membership?.status !== 10) throw notFound('You are not a member of this tenant.');
  await new UsersRepository(db).update(session.user.id, { current_tenant_id: tenantId });
  return tenantSession(await loadSession(db, session.user.id));
}

export async function setPersonalInfo(db: Db, userId: string, fullName: string, contact: string | null | undefined) {
  const name = fullName.trim();
  if (!name) return ['The full name cannot be empty.'];
  await new UsersRepository(db).update(userId, {
    name,
    ...(contact === undefined ? {} : { contact: contact?.trim() || null }),
  });
  return [];
}
