// Document/SaveDocumentChanges: the checkout holder saves the pages they changed.
//
// The version rule (the viewer relies on it, keep it exact): each page's DocumentResult carries
// `version` = the page version the client loaded and edited. When it equals the stored page version
// the page is saved and its version becomes exactly `version + 1` (the client assumes this without
// reading the page again), and tasks.document_version grows by one per saved page (so it stays the
// sum of the page versions). When it differs — someone saved the page in between — that page is not
// saved: it is listed in `unsavedPages` and the answer carries a SaveDocumentChangesFailed (8) error
// "Page N was changed by <user> (version X, yours Y)" so the viewer can show the conflict. The other
// pages of the same request are saved.
//
// Refusals that save nothing: not the holder of an unexpired checkout (CheckedOutByOtherUser 3, also
// when the caller's own checkout ran out), a page or an entity outside the task (PageOutOfBounds 6),
// the workspace not the task's (WorkspacesDontMatch 21), the assignment (29/30).
import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { ReviewStore } from '../../db/repositories/review.js';
import { indexTask } from '../search/indexing.js';
import { TASK_STATUS } from '../tasks/flags.js';
import { assigneesOf } from './checkout.js';
import { actorOfCaller, findTask, inTransaction, nowOf, type ReviewCaller, tenantOf, userOf } from './context.js';
import { REVIEW_EVENT, recordReviewEvent } from './events.js';
import { assignmentRefusal, currentHolder, statusRefusal } from './guards.js';
import { type ReviewError, ReviewRefusal, refused, succeeded } from './outcome.js';

export interface SaveDocumentChangesBody {
  taskId: string;
  workspaceId: string;
  /** DocumentResult per page number ("1", "2", …). */
  changes: Record<string, Record<string, unknown> & { version?: number | null; entities?: unknown[] }>;
}

interface TaskLike {
  id: string;
  status: number;
  last_checked_out_by: string | null;
  last_checked_out_until: Date | null;
  assignment_order_type: number | null;
}

/**
 * The caller must hold an unexpired checkout of the task (and the assignment must let them review):
 * the checks both save calls make, on the locked task row.
 */
export async function requireHolder(
  store: ReviewStore,
  assignees: Awaited<ReturnType<typeof assigneesOf>>,
  task: TaskLike,
  userId: string,
  now: Date,
): Promise<void> {
  const bad = statusRefusal(task.status, 'save');
  if (bad) throw new ReviewRefusal(bad.code, bad.message);
  const holder = currentHolder(task, now);
  if (!holder || holder.userId !== userId || task.status !== TASK_STATUS.InReview) {
    if (holder && holder.userId !== userId) {
      const name = (await store.userNames([holder.userId])).get(holder.userId) ?? 'another user';
      throw new ReviewRefusal(
        TaskErrorCode.CheckedOutByOtherUser,
        `The task is checked out by ${name} until ${holder.until.toISOString()}; your changes were not saved.`,
      );
    }
    const expired = task.last_checked_out_by === userId && task.last_checked_out_until;
    throw new ReviewRefusal(
      TaskErrorCode.CheckedOutByOtherUser,
      expired
        ? `Your checkout ended at ${new Date(task.last_checked_out_until as Date).toISOString()}; check the task out again to save.`
        : 'You have not checked this task out; check it out to save changes.',
    );
  }
  const assigned = assignmentRefusal(task.assignment_order_type, assignees, userId);
  if (assigned) throw new ReviewRefusal(assigned.code, assigned.message);
}

export const conflictMessage = (page: number, byName: string, stored: number, sent: number | null | undefined) =>
  `Page ${page} was changed by ${byName} (version ${stored}, yours ${sent ?? 'not sent'}).`;

export async function saveDocumentChanges(caller: ReviewCaller, body: SaveDocumentChangesBody) {
  const found = await findTask(caller, { taskId: body.taskId });
  if (found.workspace_id !== body.workspaceId) {
    throw new ReviewRefusal(TaskErrorCode.WorkspacesDontMatch, 'The task does not belong to the given workspace.');
  }
  const me = userOf(caller);
  const actor = actorOfCaller(caller);
  const changes = Object.entries(body.changes)
    .map(([page, document]) => ({ page: Number(page), document }))
    .sort((a, b) => a.page - b.page);

  const outcome = await inTransaction(caller, async ({ store, tasks }) => {
    const now = nowOf(caller);
    const task = await store.lockTask(found.id);
    if (!task) throw new ReviewRefusal(TaskErrorCode.NotFound, 'The task does not exist.');
    await requireHolder(store, await assigneesOf(tasks, task.id), task, me, now);

    const stored = new Map((await store.pageVersions(task.id)).map((p) => [p.page_number, p]));
    const outside = changes.filter((c) => !stored.has(c.page)).map((c) => c.page);
    const strayEntities = changes.flatMap((c) =>
      (Array.isArray(c.document.entities) ? (c.document.entities as Array<{ pageNumber?: number }>) : [])
        .map((e) => e.pageNumber)
        .filter((n): n is number => typeof n === 'number' && !stored.has(n)),
    );
    if (outside.length > 0 || strayEntities.length > 0) {
      const pages = [...new Set([...outside, ...strayEntities])].sort((a, b) => a - b);
      throw new ReviewRefusal(
        TaskErrorCode.PageOutOfBounds,
        `Page${pages.length === 1 ? '' : 's'} ${pages.join(', ')} ${pages.length === 1 ? 'is' : 'are'} outside the task (it has ${stored.size} page${stored.size === 1 ? '' : 's'}); nothing was saved.`,
      );
    }

    const saved: Array<{ page: number; version: number }> = [];
    const conflicts: Array<{ page: number; stored: number; sent: number | null; by: string | null }> = [];
    for (const { page, document } of changes) {
      const current = stored.get(page);
      if (!current) continue;
      const sent = typeof document.version === 'number' ? document.version : null;
      const version =
        sent === current.version
          ? await store.savePage(
              task.id,
              page,
              sent,
              { ...document, version: sent + 1, lastModifiedBy: me, lastModifiedOn: now.toISOString() },
              me,
              now,
            )
          : undefined;
      if (version === undefined) conflicts.push({ page, stored: current.version, sent, by: current.modified_by });
      else saved.push({ page, version });
    }
    let documentVersion = task.document_version;
    if (saved.length > 0) {
      documentVersion = await store.addDocumentVersions(task.id, saved.length);
      await recordReviewEvent(
        tasks,
        actor,
        task.id,
        REVIEW_EVENT.DocumentSaved,
        `Changes saved by ${actor.label}: ${saved.map((s) => `page ${s.page} (version ${s.version})`).join(', ')}${
          conflicts.length > 0 ? `; not saved: page ${conflicts.map((c) => c.page).join(', ')} (changed meanwhile)` : ''
        }.`,
        { pages: saved, unsavedPages: conflicts.map((c) => c.page), documentVersion },
      );
    }
    const names = await store.userNames(conflicts.map((c) => c.by));
    const errors: ReviewError[] = conflicts.map((c) => ({
      code: TaskErrorCode.SaveDocumentChangesFailed,
      message: conflictMessage(c.page, (c.by && names.get(c.by)) || 'processing', c.stored, c.sent),
    }));
    return {
      unsavedPages: conflicts.map((c) => c.page),
      savedPages: saved.map((s) => ({ pageNumber: s.page, version: s.version })),
      // The same facts as the errors' words, for clients (contract: SavePageConflict).
      conflicts: conflicts.map((c) => ({
        pageNumber: c.page,
        serverVersion: c.stored,
        changedBy: (c.by && names.get(c.by)) || null,
      })),
      errors,
    };
  });
  if (outcome.savedPages.length > 0) {
    const pages = outcome.savedPages.map((s) => s.pageNumber);
    await indexTask(caller.db, tenantOf(caller), found.id, {
      reason: `review saved page${pages.length === 1 ? '' : 's'} ${pages.join(', ')}`,
      pages,
    });
  }
  const result = { unsavedPages: outcome.unsavedPages, savedPages: outcome.savedPages, conflicts: outcome.conflicts };
  return outcome.errors.length > 0 ? refused(outcome.errors, result) : succeeded(result);
}
