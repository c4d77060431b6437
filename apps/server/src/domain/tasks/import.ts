// Creating a task from a file (Import, Process): the workspace's rules are checked in a fixed
// order (workspace-rules, task-context), the file's real type is read from its bytes
// (accepted-files), and the task starts in QueuedForPreProcessing (30) for the pipeline to pick up.
// The uploaded name is kept as data only; the bytes live under a generated storage key.

import { randomUUID } from 'node:crypto';
import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { components } from '../../contract/generated/schema.js';
import { BatchesRepository } from '../../db/repositories/batches.js';
import { TasksRepository } from '../../db/repositories/tasks.js';
import { blobStorageFor } from '../../storage/blob-storage.js';
import { describeStored, FileTooLargeError, type IngestedFile } from '../../storage/ingest.js';
import type { Services } from '../services.js';
import type { Session } from '../session.js';
import { acceptedFileType, tooLarge } from './accepted-files.js';
import { validateAssignment } from './assignment.js';
import { actorOf, apiClientOf } from './callers.js';
import { fail } from './command-results.js';
import { recordEvent, TASK_EVENT } from './events.js';
import { TASK_STATUS } from './flags.js';
import { validateContext } from './task-context.js';
import { fetchIntoStorage } from './url-import.js';
import { workspaceForTask, workspaceRules } from './workspace-rules.js';

/** The creation fields of TaskCreationRequest (Import's multipart fields, Process's JSON). */
export type CreationFields = components['schemas']['TaskCreationRequest'];

/** A file already taken into storage by the handler (the multipart part). */
export interface ReceivedFile extends IngestedFile {
  fileName: string;
}

export interface CreatedTask {
  taskId: string;
  displayName: string;
  externalId: string | null;
}

interface Source {
  file: ReceivedFile;
  /** Set when the file is a finished resumable upload (its bytes stay where they are). */
  uploadId: string | null;
  sourceUrl: string | null;
  /** Whether a failure must remove the bytes (files received for this call only). */
  ownBytes: boolean;
}

/**
 * Creates the task. `received` is the file of a multipart request, already in storage; it is removed
 * again when the creation is refused.
 */
export async function createTask(
  services: Services,
  session: Session,
  fields: CreationFields,
  received: ReceivedFile | null,
): Promise<CreatedTask> {
  const storage = blobStorageFor(services.config);
  let source: Source | null = received ? { file: received, uploadId: null, sourceUrl: null, ownBytes: true } : null;
  try {
    const workspace = await workspaceForTask(services.db, session, fields.workspaceId);
    const rules = workspaceRules(workspace);
    const repo = new TasksRepository(services.db, session.membership.tenant_id);
    const externalId = fields.externalId?.trim() || null;
    if (rules.externalIdRequired && !externalId) {
      throw fail(0, 'This workspace requires an externalId for every task.');
    }
    if (fields.batchId) {
      const batch = (await session.scope.batches(workspace.id)).find((b) => b.id === fields.batchId);
      if (!batch) {
        const elsewhere = await new BatchesRepository(services.db, repo.tenantId).byId(fields.batchId);
        if (elsewhere) throw fail(TaskErrorCode.WorkspacesDontMatch, 'The batch belongs to another workspace.');
        throw fail(TaskErrorCode.NotFound, 'The batch does not exist.');
      }
      if (!batch.is_open && fields.forceAddToBatch !== true) {
        throw fail(0, `The batch '${batch.display_name}' is closed; send forceAddToBatch to add the task anyway.`);
      }
    }
    if (fields.taskAssignment && fields.taskAssignment.assignedUsers.length > 0) {
      await validateAssignment(
        services.db,
        session,
        workspace.id,
        fields.taskAssignment.assignedUsers,
        fields.taskAssignment.order,
      );
    }
    validateContext(fields.context, workspace);
    if (fields.id && (await repo.exists(fields.id))) {
      throw fail(0, 'A task with this id already exists.');
    }

    if (!source && fields.uploadId) {
      const upload = await repo.upload(fields.uploadId);
      if (!upload) throw fail(TaskErrorCode.NotFound, 'The upload does not exist.');
      if (upload.workspace_id !== workspace.id) {
        throw fail(TaskErrorCode.WorkspacesDontMatch, 'The upload was made for another workspace.');
      }
      if (!upload.completed_on) throw fail(TaskErrorCode.UrlOrFileRequired, 'The upload is not complete yet.');
      if (upload.task_id) throw fail(TaskErrorCode.UrlOrFileRequired, 'The upload was already used for a task.');
      const described = await describeStored(storage, upload.storage_key);
      source = {
        file: { key: upload.storage_key, fileName: upload.file_name, ...described },
        uploadId: upload.id,
        sourceUrl: null,
        ownBytes: false,
      };
    }
    if (!source && fields.url) {
      const file = await fetchIntoStorage(storage, fields.url, rules.maxFileSizeBytes);
      source = { file, uploadId: null, sourceUrl: fields.url, ownBytes: true };
    }
    if (!source) throw fail(TaskErrorCode.UrlOrFileRequired, 'A file, an uploadId or a url is required.');

    const { file } = source;
    if (file.size > rules.maxFileSizeBytes) throw tooLarge(rules.maxFileSizeBytes);
    if (file.size === 0) throw fail(TaskErrorCode.UrlOrFileRequired, 'The file is empty.');
    const detected = acceptedFileType(file.head, rules);

    const actor = actorOf(session);
    const taskId = fields.id ?? randomUUID();
    const displayName = fields.displayName?.trim() || file.fileName || 'Untitled';
    const created = await repo.transaction(async (tx) => {
      const blobId = randomUUID();
      await tx.insertBlob({
        id: blobId,
        storageKey: file.key,
        fileName: file.fileName || displayName,
        contentType: detected.mime,
        size: file.size,
        sha256: file.sha256,
        createdBy: actor.userId,
      });
      const row = await tx.insert({
        id: taskId,
        workspaceId: workspace.id,
        batchId: fields.batchId ?? null,
        displayName,
        description: fields.description ?? null,
        externalId,
        status: TASK_STATUS.QueuedForPreProcessing,
        createdBy: actor.userId,
        createdByClient: apiClientOf(session),
        blobId,
        originalFileName: file.fileName || null,
        contentType: detected.mime,
        fileSize: file.size,
        sourceUrl: source?.sourceUrl ?? null,
        priority: fields.priority ?? null,
        context: fields.context ?? null,
        customFormValues: fields.customFormValues ?? null,
        metadata: fields.metadata ?? null,
        useHigherQuality: fields.useHigherQuality === true,
        isImportedViaWeb: fields.isImportedViaWeb === true,
      });
      if (source?.uploadId && !(await tx.claimUpload(source.uploadId, taskId))) {
        throw fail(TaskErrorCode.UrlOrFileRequired, 'The upload was already used for a task.');
      }
      await recordEvent(
        tx,
        actor,
        taskId,
        TASK_EVENT.Created,
        `Task #${row.sequential_by_workspace_id} '${displayName}' created by ${actor.label} from ${
          source?.uploadId ? 'a resumable upload' : source?.sourceUrl ? 'a URL' : 'an uploaded file'
        } (${detected.mime}, ${file.size} bytes); queued for pre-processing.`,
        {
          status: TASK_STATUS.QueuedForPreProcessing,
          contentType: detected.mime,
          size: file.size,
          sha256: file.sha256,
        },
      );
      const assignment = fields.taskAssignment;
      if (assignment && assignment.assignedUsers.length > 0) {
        await tx.setAssignment(taskId, assignment.order, assignment.assignedUsers, actor.userId);
        await recordEvent(
          tx,
          actor,
          taskId,
          TASK_EVENT.AssignmentChanged,
          `Assigned to ${assignment.assignedUsers.length} user(s) (order ${assignment.order}) by ${actor.label}.`,
          { order: assignment.order, userIds: assignment.assignedUsers },
        );
      }
      return row;
    });
    return { taskId: created.id, displayName: created.display_name, externalId: created.external_id };
  } catch (error) {
    if (source?.ownBytes) await storage.remove(source.file.key).catch(() => undefined);
    if (error instanceof FileTooLargeError) throw tooLarge(error.maxBytes);
    throw error;
  }
}
