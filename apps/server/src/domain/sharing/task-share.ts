// SdTask/Share: a task sent to people by e-mail. Everyone named must be able to open it afterwards:
// people already in the workspace are only written to; people of the tenant outside the workspace
// are added to it, and people outside the tenant are invited (account, membership with the chosen
// role — Viewer when none, so they see the task read-only — and a set-password mail) through the
// workspace invitation. Adding anyone needs Workspace.AddUsers, as inviting does. Everything is
// checked before anything is written; then the share record is kept for the history and each
// person gets the link in their language.
import { randomUUID } from 'node:crypto';
import { ShareStatus, ShareType } from '../../contract/generated/enums.js';
import { TaskSharesRepository } from '../../db/repositories/task-shares.js';
import { UsersRepository } from '../../db/repositories/users.js';
import { DEFAULT_LANGUAGE, languageOfTag } from '../../formats/cultures.js';
import { taskShareMail } from '../../mail/share-mails.js';
import { forbidden, invalid } from '../errors.js';
import type { Services } from '../services.js';
import { USER_STATUS } from '../session.js';
import type { TaskCaller } from '../tasks/task-access.js';
import { taskById } from '../tasks/task-access.js';
import type { UserInvite } from '../users/invitations.js';
import { workspaceScope } from '../workspaces/access.js';
import { inviteToWorkspaces } from '../workspaces/members.js';
import { ensureShareable, taskShareUrl } from './shareable-task.js';

/** Longest message sent with a share (product-spec §5: a share's description is at most 256 characters). */
export const SHARE_DESCRIPTION_MAX = 256;

export interface ShareWithUsers {
  users: UserInvite[];
  taskId: string;
  workspaceId: string;
  description?: string | null;
}

type Result = { succeeded: boolean; errors: Array<{ code: number; message: string }>; result: boolean };

export async function shareTaskWithUsers(
  services: Services,
  caller: TaskCaller,
  request: ShareWithUsers,
): Promise<Result> {
  const { db } = services;
  const session = caller.session;
  const task = await taskById(caller, request.taskId);
  if (task.workspace_id !== request.workspaceId) throw invalid('The task is not in this workspace.');
  const workspace = await session.scope.workspace(task.workspace_id);
  if (!workspace) throw invalid('The task is not in this workspace.');
  ensureShareable(workspace);
  const description = request.description?.trim() || null;
  if (description && description.length > SHARE_DESCRIPTION_MAX) {
    throw invalid(`The description is longer than ${SHARE_DESCRIPTION_MAX} characters.`);
  }

  const scope = workspaceScope(db, session);
  const errors: Result['errors'] = [];
  const recipients: Array<{ email: string; newcomer: boolean }> = [];
  const toAdd: UserInvite[] = [];
  const seen = new Set<string>();
  for (const [index, invite] of request.users.entries()) {
    const email = invite.email.trim();
    const key = email.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    const person = await scope.tenantPersonByEmail(email);
    const member = person ? await scope.membership(task.workspace_id, person.user_id) : undefined;
    if (person && person.tenant_status !== USER_STATUS.Active) {
      // Numbered rather than named, as the invitations do.
      errors.push({ code: 0, message: `Person ${index + 1} is inactive in this tenant.` });
      continue;
    }
    if (member && member.status !== USER_STATUS.Active) {
      errors.push({ code: 0, message: `Person ${index + 1} is inactive in this workspace.` });
      continue;
    }
    if (!member) {
      toAdd.push({ ...invite, email, workspaceId: task.workspace_id, inviteToAllWorkspaces: false });
    }
    recipients.push({ email, newcomer: !person });
  }
  if (errors.length) return { succeeded: false, errors, result: false };
  if (toAdd.length && !session.abilities.has('Workspace.AddUsers')) {
    throw forbidden('You need the permission Workspace.AddUsers to share with people outside the workspace.');
  }
  if (toAdd.length) {
    const added = await inviteToWorkspaces(services, session, toAdd);
    if (!added.succeeded) return added;
  }

  await new TaskSharesRepository(db, session.scope.tenantId).insert({
    id: randomUUID(),
    workspaceId: task.workspace_id,
    taskId: task.id,
    shareType: ShareType.Task,
    shareStatus: ShareStatus.Success,
    inputConfig: { recipientEmails: recipients.map((r) => r.email), shareDescription: description },
    createdBy: session.user.id,
  });

  const link = taskShareUrl(services.config.origin, session, task, workspace);
  const tenant = await session.scope.tenant();
  const fallback = languageOfTag(session.user.language) ?? DEFAULT_LANGUAGE;
  const users = new UsersRepository(db);
  for (const recipient of recipients) {
    const account = await users.findByEmail(recipient.email);
    await services.mailer.send(
      taskShareMail({
        to: recipient.email,
        language: languageOfTag(account?.language) ?? fallback,
        sharer: session.user.name,
        task: task.display_name,
        workspace: workspace.display_name,
        tenant: tenant?.name ?? '',
        description,
        link,
        newcomer: recipient.newcomer,
      }),
    );
  }
  return { succeeded: true, errors: [], result: true };
}

/** SdTaskShare/GetShareTaskUrl: the address of a task the caller reaches and may share. */
export async function shareTaskUrl(services: Services, caller: TaskCaller, taskId: string) {
  const task = await taskById(caller, taskId);
  const workspace = await caller.session.scope.workspace(task.workspace_id);
  if (!workspace) throw invalid('The task has no workspace.');
  ensureShareable(workspace);
  return { shareUrl: taskShareUrl(services.config.origin, caller.session, task, workspace) };
}
