// Deleting one's own account. A tenant must never be left without an owner: while the user is the
// only owner of a tenant that has other members, the account cannot go (the ownership passes to
// someone else first). A tenant the user owns alone can go with the account (DeleteWithAllData).
import type { components } from '../../contract/generated/schema.js';
import type { Db } from '../../db/database.js';
import { MembershipsRepository } from '../../db/repositories/memberships.js';
import { SignInGrantsRepository } from '../../db/repositories/sign-in-grants.js';
import { TenantScope } from '../../db/repositories/tenant-scope.js';
import { UsersRepository } from '../../db/repositories/users.js';
import type { Session } from '../session.js';

type DeleteRulesResult = components['schemas']['DeleteRulesResult'];

/** User/VerifyRulesToDelete. */
export async function deletionRules(db: Db, userId: string): Promise<DeleteRulesResult> {
  const owned = await new MembershipsRepository(db).owned(userId);
  // Tenants that would be left without an owner.
  const soleOwned = owned.filter((t) => Number(t.other_owners) === 0);
  const shared = soleOwned.filter((t) => Number(t.other_members) > 0);
  const reasons = [
    ...soleOwned.map((t) => `You are the only owner of ${t.tenant_name}; a tenant cannot be left without an owner.`),
    ...shared.map((t) => `${t.tenant_name} has other members; their work would be deleted with it.`),
  ];
  return {
    canDelete: soleOwned.length === 0,
    canDeleteWithAllData: shared.length === 0,
    ownedTenants: soleOwned.map((t) => ({ tenantId: t.tenant_id, tenantName: t.tenant_name })),
    reasons,
  };
}

async function removeAccount(db: Db, userId: string) {
  // Sign-ins first: a token of a deleted account must not outlive it on any replica.
  await new SignInGrantsRepository(db).endForUser(userId);
  await new UsersRepository(db).remove(userId);
}

/** User/Delete: the account and its memberships; refused while it would orphan a tenant. */
export async function deleteAccount(db: Db, session: Session): Promise<string[]> {
  const rules = await deletionRules(db, session.user.id);
  if (!rules.canDelete) return rules.reasons;
  await removeAccount(db, session.user.id);
  return [];
}

/** User/DeleteWithAllData: the account and the tenants only it owns and uses, with all their data. */
export async function deleteAccountWithData(db: Db, session: Session): Promise<string[]> {
  const rules = await deletionRules(db, session.user.id);
  if (!rules.canDeleteWithAllData) return rules.reasons;
  for (const tenant of rules.ownedTenants) await new TenantScope(db, tenant.tenantId).deleteTenant();
  await removeAccount(db, session.user.id);
  return [];
}
