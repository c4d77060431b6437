// Default assignment of new tasks of a workspace (SdWorkspace/DefaultAssignments): whether it is on,
// the review order (AnyUser 10, AnyOrder 20, Sequence 30) and the users, who must be valid assignees
// of the workspace — otherwise InvalidAssignmentState (30). Task import reads `defaultAssignmentOf`.
import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { Db } from '../../db/database.js';
import type { WorkspaceScope } from '../../db/repositories/workspace-scope.js';
import { invalid } from '../errors.js';
import type { Session } from '../session.js';
import { openWorkspace } from './access.js';
import { asAssignee, checkAssignees, validUsers } from './members.js';

export const ASSIGNMENT_ORDER = { AnyUser: 10, AnyOrder: 20, Sequence: 30 } as const;

/** The stored default assignment, or the default one (off, AnyUser, nobody). */
export async function defaultAssignmentOf(scope: WorkspaceScope, workspaceId: string) {
  const row = await scope.defaultAssignments(workspaceId);
  const userIds = (typeof row?.user_ids === 'string' ? JSON.parse(row.user_ids) : row?.user_ids) as
    | string[]
    | undefined;
  return {
    isEnabled: row?.is_enabled ?? false,
    orderType: row?.order_type ?? ASSIGNMENT_ORDER.AnyUser,
    userIds: userIds ?? [],
  };
}

async function answer(db: Db, session: Session, scope: WorkspaceScope, workspaceId: string) {
  const value = await defaultAssignmentOf(scope, workspaceId);
  const users = await validUsers(db, session, scope, workspaceId, 'assignment');
  const byId = new Map(users.map((u) => [u.userId, u]));
  return {
    workspaceId,
    isEnabled: value.isEnabled,
    orderType: value.orderType,
    // A user who left the workspace since stays listed, marked invalid, so the screen can say so.
    users: value.userIds.map((id) => {
      const u = byId.get(id);
      return u
        ? asAssignee(u)
        : {
            userId: id,
            name: null,
            userName: null,
            email: null,
            profilePicture: null,
            roleId: null,
            isValidForTaskAssignment: false,
          };
    }),
  };
}

/** GET DefaultAssignments. */
export async function getDefaultAssignments(db: Db, session: Session, workspaceId: string) {
  const { scope } = await openWorkspace(db, session, workspaceId);
  return answer(db, session, scope, workspaceId);
}

/** PATCH DefaultAssignments/{workspaceId}. */
export async function patchDefaultAssignments(
  db: Db,
  session: Session,
  workspaceId: string,
  isEnabled: boolean,
  orderType: number,
  userIds: string[],
) {
  const { scope } = await openWorkspace(db, session, workspaceId);
  if (new Set(userIds).size !== userIds.length) {
    throw invalid('A user is listed twice.', TaskErrorCode.InvalidAssignmentState);
  }
  if (isEnabled && userIds.length === 0) {
    throw invalid('A default assignment that is on needs at least one user.', TaskErrorCode.InvalidAssignmentState);
  }
  checkAssignees(await validUsers(db, session, scope, workspaceId, 'assignment'), userIds);
  await scope.saveDefaultAssignments(workspaceId, { isEnabled, orderType, userIds }, session.user.id);
  return { succeeded: true, errors: [], result: await answer(db, session, scope, workspaceId) };
}
