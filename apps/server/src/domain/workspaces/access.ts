// Who reaches which workspace. Decision (documented in the report and in members.ts):
// - only workspaces of the caller's current tenant, never soft-deleted ones;
// - super-users (a role at or before Administrator, judged by the role the caller acts as, so an
//   impersonating Developer sees what the impersonated role would) reach every workspace of the
//   tenant, member or not — they administer the tenant;
// - everybody else reaches the workspaces where they hold an ACTIVE membership row.
// A workspace the caller may not reach answers 404, exactly like an id that does not exist, so
// nothing tells a non-member (or another tenant) that it is there.
import type { Db } from '../../db/database.js';
import { WorkspaceScope } from '../../db/repositories/workspace-scope.js';
import type { WorkspaceRow } from '../../db/schema.js';
import { notFound } from '../errors.js';
import { isSuperUser } from '../roles.js';
import type { Session } from '../session.js';

export const workspaceScope = (db: Db, session: Session) => new WorkspaceScope(db, session.membership.tenant_id);

/** Whether the caller reaches every workspace of the tenant without a membership row. */
export const seesAllWorkspaces = (session: Session) => isSuperUser(session.abilitiesRole);

/** True when the caller may work in the workspace (it exists in their tenant, is live, and they reach it). */
export async function canAccessWorkspace(db: Db, session: Session, workspaceId: string): Promise<boolean> {
  const scope = workspaceScope(db, session);
  const row = await scope.find(workspaceId);
  if (!row || row.soft_deleted) return false;
  if (seesAllWorkspaces(session)) return true;
  const member = await scope.membership(workspaceId, session.user.id);
  return member?.status === 10;
}

/** The workspace the call is about, or 404. */
export async function openWorkspace(
  db: Db,
  session: Session,
  workspaceId: string,
): Promise<{ scope: WorkspaceScope; row: WorkspaceRow }> {
  const scope = workspaceScope(db, session);
  const row = await scope.find(workspaceId);
  if (!row || row.soft_deleted) throw notFound('No such workspace.');
  if (!seesAllWorkspaces(session)) {
    const member = await scope.membership(workspaceId, session.user.id);
    if (member?.status !== 10) throw notFound('No such workspace.');
  }
  return { scope, row };
}

/** Every workspace the caller reaches in the current tenant. */
export function accessibleWorkspaces(db: Db, session: Session): Promise<WorkspaceRow[]> {
  const scope = workspaceScope(db, session);
  return seesAllWorkspaces(session) ? scope.list() : scope.listForMember(session.user.id);
}
