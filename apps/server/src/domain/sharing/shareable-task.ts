// Which tasks can be shared, and the address that opens one: product-spec §4 gives translation
// tasks no share (they have no review in the product), every other task type can be shared with
// people; a media segment only of transcript and subtitles tasks.
import type { TaskRow, WorkspaceRow } from '../../db/schema.js';
import { invalid } from '../errors.js';
import type { Session } from '../session.js';
import { templateOf } from '../workspaces/task-type-catalogue.js';

/** Task types whose media a segment of can be shared. */
const SEGMENT_TYPES: ReadonlySet<string> = new Set(['Transcript', 'Subtitles']);

export function ensureShareable(workspace: WorkspaceRow): void {
  if (workspace.task_type === 'Translation') throw invalid('Translation tasks cannot be shared.');
}

export function ensureSegmentShareable(workspace: WorkspaceRow): void {
  if (!SEGMENT_TYPES.has(workspace.task_type)) {
    throw invalid('Only a media segment of a transcript or subtitles task can be shared.');
  }
}

/**
 * The web app's address of the task (the viewer, or its transcripts route for recordings) with the
 * tenant it lives in, so a person who works in another tenant too is taken to this one first.
 */
export function taskShareUrl(origin: string, session: Session, task: TaskRow, workspace: WorkspaceRow): string {
  const query = new URLSearchParams({
    taskId: task.id,
    workspaceId: task.workspace_id,
    tenantId: session.membership.tenant_id,
  });
  return `${origin}/task/viewer${templateOf(workspace.task_type).media ? '/transcripts' : ''}?${query}`;
}
