// Whether a workspace can be soft-deleted (SdWorkspace/CheckWorkspaceCanBeDeleted). Refusals
// (WorkspaceSoftDeleteRefusal): a labelling-and-training workspace (1); the tenant's default
// workspace while other workspaces remain (2) — make another one the default first.
import type { WorkspaceRow } from '../../db/schema.js';
import { WORKSPACE_TYPE } from './templates.js';

export const SOFT_DELETE_REFUSAL = {
  SoftDeleteIsLabelingAndTraining: 1,
  SoftDeleteIsDefaultWorkspaceAndNotLastWorkspace: 2,
} as const;

/** `liveWorkspaces`: the tenant's workspaces that are not deleted (the workspace itself included). */
export function canBeDeleted(workspace: WorkspaceRow, liveWorkspaces: WorkspaceRow[]) {
  const refusals: number[] = [];
  if (workspace.workspace_type === WORKSPACE_TYPE.LabelingAndTraining) {
    refusals.push(SOFT_DELETE_REFUSAL.SoftDeleteIsLabelingAndTraining);
  }
  if (workspace.is_default && liveWorkspaces.some((w) => w.id !== workspace.id)) {
    refusals.push(SOFT_DELETE_REFUSAL.SoftDeleteIsDefaultWorkspaceAndNotLastWorkspace);
  }
  return { canBeDeleted: refusals.length === 0, refusals };
}
