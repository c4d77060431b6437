// The rules a workspace sets for new tasks (its configuration: file size, file types, external id,
// restarts) and which workspace a new task may go to.
import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { Db } from '../../db/database.js';
import type { WorkspaceRow } from '../../db/schema.js';
import { forbidden } from '../errors.js';
import type { Session } from '../session.js';
import { canAccessWorkspace } from '../workspaces/access.js';
import { apiClientOf } from './callers.js';

export const DEFAULT_MAX_FILE_SIZE_BYTES = 20_971_520;
/** Cap while the workspace is not known yet (a multipart file part before the workspaceId field). */
export const ABSOLUTE_MAX_FILE_SIZE_BYTES = 2 * 1024 * 1024 * 1024;

export interface WorkspaceRules {
  maxFileSizeBytes: number;
  supportedFileTypes: string[];
  externalIdRequired: boolean;
  maxRestartCount: number;
}

export function workspaceRules(workspace: WorkspaceRow): WorkspaceRules {
  const config = (workspace.configuration ?? {}) as Record<string, unknown>;
  const max = Number(config.maxFileSizeBytes);
  const restarts = Number(config.maxRestartCount);
  return {
    maxFileSizeBytes: Number.isFinite(max) && max > 0 ? max : DEFAULT_MAX_FILE_SIZE_BYTES,
    supportedFileTypes: Array.isArray(config.supportedFileTypes)
      ? (config.supportedFileTypes as unknown[]).map((t) => normalizeExtension(String(t)))
      : [],
    externalIdRequired: config.externalIdRequired === true,
    maxRestartCount: Number.isFinite(restarts) && restarts >= 0 ? restarts : 3,
  };
}

export const normalizeExtension = (ext: string) => (ext.startsWith('.') ? ext : `.${ext}`).toLowerCase();

/** The workspace of the caller's tenant, else 403 NoWorkspaceAccess (another tenant's id looks the same). */
export async function workspaceForTask(db: Db, session: Session, workspaceId: string): Promise<WorkspaceRow> {
  const workspace = await session.scope.workspace(workspaceId);
  // API clients act for the whole tenant; people only in the workspaces they belong to.
  const reachable = apiClientOf(session) !== null || (await canAccessWorkspace(db, session, workspaceId));
  if (!workspace || workspace.soft_deleted || !reachable) {
    throw forbidden('You have no access to this workspace.', TaskErrorCode.NoWorkspaceAccess);
  }
  return workspace;
}

/** The size limit for a file part: the workspace's when it can be found, the absolute cap otherwise. */
export async function fileLimitFor(session: Session, workspaceId: unknown): Promise<number> {
  if (typeof workspaceId !== 'string' || !/^[0-9a-f-]{36}$/i.test(workspaceId)) return ABSOLUTE_MAX_FILE_SIZE_BYTES;
  const workspace = await session.scope.workspace(workspaceId);
  return workspace ? workspaceRules(workspace).maxFileSizeBytes : ABSOLUTE_MAX_FILE_SIZE_BYTES;
}
