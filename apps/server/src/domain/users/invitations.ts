// Inviting people to the caller's tenant by e-mail: the pre-check (Tenant/ and
// SdWorkspace/CheckIfUserCanBeInvited), whether invitations are blocked, and the invitation itself,
// which creates the account when the address is new, adds the membership with the chosen role and
// mails a link to set a password through the existing reset flow.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { MembershipsRepository } from '../../db/repositories/memberships.js';
import { TenantMembersRepository } from '../../db/repositories/tenant-members.js';
import { inTransaction } from '../../db/repositories/tenant-repository.js';
import { UsersRepository } from '../../db/repositories/users.js';
import { WorkspaceScope } from '../../db/repositories/workspace-scope.js';
import { DEFAULT_LANGUAGE, languageOfTag } from '../../formats/cultures.js';
import { invitationMail } from '../../mail/invitation-mails.js';
import type { Mailer } from '../../mail/mailer.js';
import { issueAccountToken } from '../accounts.js';
import { forbidden, invalid } from '../errors.js';
import { type Role, roleById, roleByName } from '../roles.js';
import { type Session, USER_STATUS } from '../session.js';
import { accessibleWorkspaces } from '../workspaces/access.js';

export const INVITE_CHECK_STATUS = {
  NotFound: 1,
  NotFoundInTenant: 2,
  ExistsInTenant: 3,
  NotFoundInWorkspace: 4,
  ExistsInWorkspace: 5,
} as const;

/** How long the set-password link of an invitation works. */
export const INVITATION_VALID_DAYS = 7;
/** Role of a new member when the invite names none (least privilege). */
export const DEFAULT_INVITE_ROLE = 'Viewer';
/** The same path as the identity pages' reset form (src/identity/pages.ts). */
const RESET_PASSWORD_PATH = '/Identity/Account/ResetPassword';

export interface UserInvite {
  email: string;
  name?: string | null;
  workspaceId?: string | null;
  tenantRoleId?: string | null;
  inviteToAllWorkspaces?: boolean;
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Tenant/IsUserTenantInvitationBlocked. */
export async function invitationBlocked(session: Session) {
  const tenant = await session.scope.tenant();
  const isBlocked = tenant?.invitation_blocked ?? true;
  return { isBlocked, reason: isBlocked ? 'Invitations to this tenant are blocked.' : null };
}

/**
 * Tenant/CheckIfUserCanBeInvited. The e-mail comes back as typed; the name is filled in only for
 * members of this tenant — a person known only in other tenants stays anonymous here.
 */
export async function checkTenantInvite(db: Db, session: Session, email: string) {
  const user = await new UsersRepository(db).findByEmail(email);
  const member = user ? await session.scope.member(user.id) : undefined;
  const status = !user
    ? INVITE_CHECK_STATUS.NotFound
    : member
      ? INVITE_CHECK_STATUS.ExistsInTenant
      : INVITE_CHECK_STATUS.NotFoundInTenant;
  return {
    email: email.trim(),
    name: member ? (user?.name ?? null) : null,
    workspaceId: null,
    tenantRoleId: member?.role_id ?? null,
    inviteToAllWorkspaces: false,
    inviteCheckStatus: status,
  };
}

interface PreparedInvite {
  email: string;
  name: string;
  role: Role;
  existingUserId: string | null;
  hasPassword: boolean;
  /** The language the person last signed in with, if they ever did. */
  language: string | null;
  workspaceIds: string[];
}

type ApiError = { code: number; message: string };

/**
 * Tenant/InviteUser (and the newcomers of SdWorkspace/InviteUser). All invites are checked first
 * (nothing happens when one is wrong), then the accounts, tenant memberships and workspace
 * memberships are written in one transaction, then the e-mails go out. Giving a role is managing
 * it: the caller needs `Tenant.UpdateUserRole.<role>` for each role given. Error texts number the
 * invites instead of repeating addresses.
 */
export async function inviteUsers(
  db: Db,
  mailer: Mailer,
  origin: string,
  session: Session,
  invites: UserInvite[],
): Promise<{ succeeded: boolean; errors: ApiError[]; result: boolean }> {
  const blocked = await invitationBlocked(session);
  if (blocked.isBlocked) throw forbidden(blocked.reason ?? 'Invitations to this tenant are blocked.');

  const users = new UsersRepository(db);
  const errors: ApiError[] = [];
  const prepared: PreparedInvite[] = [];
  const seen = new Set<string>();
  // The workspaces the caller reaches (src/domain/workspaces/access.ts); others, and another
  // tenant's, are refused alike.
  const workspaces = await accessibleWorkspaces(db, session);
  for (const [index, invite] of invites.entries()) {
    const email = invite.email.trim();
    const key = normalizeEmail(email);
    if (seen.has(key)) {
      errors.push({ code: 0, message: `Invite ${index + 1}: this address is listed more than once.` });
      continue;
    }
    seen.add(key);
    const role = invite.tenantRoleId ? roleById(invite.tenantRoleId) : roleByName(DEFAULT_INVITE_ROLE);
    if (!role) throw invalid("The parameter 'tenantRoleId' is not a known role.");
    if (!role.tenantSelectable) throw invalid(`The role ${role.name} cannot be given in a tenant.`);
    if (!session.abilities.has(`Tenant.UpdateUserRole.${role.name}`)) {
      throw forbidden(`You need the permission Tenant.UpdateUserRole.${role.name} to invite someone as ${role.name}.`);
    }
    let workspaceIds: string[] = [];
    if (invite.inviteToAllWorkspaces) workspaceIds = workspaces.map((w) => w.id);
    else if (invite.workspaceId) {
      // Another tenant's workspace is not found here, like a made-up id.
      if (!workspaces.some((w) => w.id === invite.workspaceId)) throw forbidden('No such workspace in this tenant.');
      workspaceIds = [invite.workspaceId];
    }
    const user = await users.findByEmail(email);
    if (user && (await session.scope.member(user.id))) {
      // Workspace invitations of members go through SdWorkspace/InviteUser.
      errors.push({ code: 0, message: `Invite ${index + 1}: this person is already a member of this tenant.` });
      continue;
    }
    const name = invite.name?.trim() || user?.name || (email.split('@')[0] ?? email);
    prepared.push({
      email,
      name,
      role,
      existingUserId: user?.id ?? null,
      hasPassword: Boolean(user?.password_hash),
      language: user?.language ?? null,
      workspaceIds,
    });
  }
  if (errors.length) return { succeeded: false, errors, result: false };

  const tenantId = session.scope.tenantId;
  const created = await inTransaction(db, async (trx) => {
    const out: Array<PreparedInvite & { userId: string }> = [];
    for (const p of prepared) {
      const userId = p.existingUserId ?? randomUUID();
      if (!p.existingUserId) {
        await new UsersRepository(trx).insert({
          id: userId,
          email: p.email,
          name: p.name,
          user_name: p.email,
          contact: null,
          password_hash: null,
          locked_until: null,
          current_tenant_id: null,
          profile_picture: null,
        });
      }
      const memberships = await new MembershipsRepository(trx).listForUser(userId);
      await new TenantMembersRepository(trx, tenantId).add({
        userId,
        roleId: p.role.id,
        status: USER_STATUS.Active,
        // The first tenant of a person is their default one.
        isDefault: memberships.length === 0,
      });
      await new WorkspaceScope(trx, tenantId).addMembers(
        p.workspaceIds.map((workspaceId) => ({ workspaceId, userId })),
        session.user.id,
      );
      out.push({ ...p, userId });
    }
    return out;
  });

  const tenant = await session.scope.tenant();
  const tenantName = tenant?.name ?? '';
  for (const invite of created) {
    let link = `${origin}/`;
    if (!invite.hasPassword) {
      const token = await issueAccountToken(
        db,
        invite.userId,
        'reset-password',
        { invitation: { tenantId, invitedBy: session.user.id, workspaceIds: invite.workspaceIds } },
        INVITATION_VALID_DAYS * 24 * 60,
      );
      link = `${origin}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
    }
    // Their own language if they ever signed in, else the inviter's, who knows them.
    const language = languageOfTag(invite.language) ?? languageOfTag(session.user.language) ?? DEFAULT_LANGUAGE;
    await mailer.send(
      invitationMail(
        {
          to: invite.email,
          inviter: session.user.name,
          tenant: tenantName,
          roleName: invite.role.name,
          link,
          hasPassword: invite.hasPassword,
          validDays: INVITATION_VALID_DAYS,
        },
        language,
      ),
    );
  }
  return { succeeded: true, errors: [], result: true };
}
