// Where each task of a labelling-and-training workspace stands (LabellingStatus): a new task waits
// to be labelled (ToClassify 10); finishing its review labels it (Classified 30); when the template
// gains fields, the tasks already labelled need those fields too (ToClassifyWithNewFields 20) and
// are labelled again. Only Classified tasks train a model.
import { LabellingStatus } from '../../contract/generated/enums.js';
import type { TemplatesRepository } from '../../db/repositories/templates.js';
import type { WorkspaceRow } from '../../db/schema.js';
import { HISTORY_STATUSES, TASK_STATUS } from '../tasks/flags.js';
import { WORKSPACE_TYPE } from '../workspaces/task-type-catalogue.js';

export const LABELLING = LabellingStatus;

/** The labelling status a new task of the workspace starts in; null outside labelling workspaces. */
export function initialLabelling(workspace: Pick<WorkspaceRow, 'workspace_type'>): number | null {
  return workspace.workspace_type === WORKSPACE_TYPE.LabelingAndTraining ? LABELLING.ToClassify : null;
}

/** The labelling status after a finished review, or null when the task does not take part. */
export function labellingAfterReview(
  workspace: Pick<WorkspaceRow, 'workspace_type'>,
  reviewCompleted: boolean,
): number | null {
  if (workspace.workspace_type !== WORKSPACE_TYPE.LabelingAndTraining || !reviewCompleted) return null;
  return LABELLING.Classified;
}

/**
 * New fields in the template: every labelled task must be labelled again for them; a task whose
 * review had finished goes back to ToReview so it can be checked out and labelled.
 */
export function reopenForNewFields(repo: TemplatesRepository, workspaceId: string) {
  return repo.moveLabelling(
    workspaceId,
    LABELLING.Classified,
    LABELLING.ToClassifyWithNewFields,
    [...HISTORY_STATUSES],
    TASK_STATUS.ToReview,
  );
}

const NAMES = new Map<number, string>(Object.entries(LabellingStatus).map(([name, value]) => [value, name]));

/** "ToClassify (10)", or "none" for a task outside labelling. */
export const labellingText = (status: number | null) =>
  status === null ? 'none' : `${NAMES.get(status) ?? 'Unknown'} (${status})`;
