// Splitting a long document into chunk tasks (product-spec §5): only when the workspace asks for it
// (advanced settings → splitSettings.isEnabled, pagesPerChunk ≥ 1, default 10), never for image
// anonymisation, legal documents and translations, and not when the workspace forces one chunk.
// The chunks are new tasks of a SplitTask batch (BatchType 20), each covering a page range of the
// source's file (split_first_page..split_last_page), queued for pre-processing; the source moves
// to SplitProcessed (101).
import { randomUUID } from 'node:crypto';
import { TasksRepository } from '../../db/repositories/tasks.js';
import type { TaskRow } from '../../db/schema.js';
import { BATCH_STATUS, BATCH_TYPE } from '../../domain/batches.js';
import { TASK_STATUS as S } from '../../domain/tasks/flags.js';
import { NOT_SPLITTABLE } from '../../domain/workspaces/configuration.js';
import type { StageStore } from './task-store.js';
import type { WorkspaceSettings } from './workspace-settings.js';

/** Pages per chunk when the document should be split, else null. */
export function pagesPerChunk(settings: WorkspaceSettings, pageCount: number): number | null {
  const split = settings.config.splitSettings;
  if (!split.isEnabled || NOT_SPLITTABLE.has(settings.config.taskType) || settings.config.forceSingleChunk === true) {
    return null;
  }
  const size = Math.max(1, Math.floor(split.pagesPerChunk));
  return pageCount > size ? size : null;
}

export function chunkRanges(pageCount: number, size: number): Array<{ first: number; last: number }> {
  const ranges: Array<{ first: number; last: number }> = [];
  for (let first = 1; first <= pageCount; first += size)
    ranges.push({ first, last: Math.min(pageCount, first + size - 1) });
  return ranges;
}

/** Makes the SplitTask batch and the chunk tasks, in the caller's transaction. */
export async function createChunkTasks(
  store: StageStore,
  source: TaskRow,
  fileKind: string,
  ranges: Array<{ first: number; last: number }>,
): Promise<TaskRow[]> {
  const existing = await store.splitChildren(source.id);
  if (existing.length > 0) return existing;
  const batchId = randomUUID();
  await store.db
    .insertInto('batches')
    .values({
      id: batchId,
      tenant_id: store.tenantId,
      workspace_id: source.workspace_id,
      display_name: `${source.display_name} (split)`.slice(0, 256),
      description: `Chunks of task #${source.sequential_by_workspace_id}, ${ranges.length} parts.`,
      is_open: false,
      status: BATCH_STATUS.Closed,
      batch_type: BATCH_TYPE.SplitTask,
    })
    .execute();
  const tasks = new TasksRepository(store.db, store.tenantId);
  const children: TaskRow[] = [];
  for (const [index, range] of ranges.entries()) {
    const id = randomUUID();
    const pages = range.first === range.last ? `page ${range.first}` : `pages ${range.first}–${range.last}`;
    await tasks.insert({
      id,
      workspaceId: source.workspace_id,
      batchId,
      displayName: `${source.display_name} (${pages})`.slice(0, 256),
      description: source.description,
      externalId: source.external_id,
      status: S.QueuedForPreProcessing,
      createdBy: source.created_by,
      createdByClient: source.created_by_client,
      blobId: source.blob_id,
      originalFileName: source.original_file_name,
      contentType: source.content_type,
      fileSize: source.file_size === null ? null : Number(source.file_size),
      sourceUrl: null,
      priority: source.priority,
      context: source.context,
      customFormValues: source.custom_form_values,
      metadata: source.metadata,
      useHigherQuality: source.use_higher_quality,
      isImportedViaWeb: source.is_imported_via_web,
    });
    await store.updateTask(id, {
      split_source_id: source.id,
      split_first_page: range.first,
      split_last_page: range.last,
      file_kind: fileKind,
    });
    await store.addEvent(
      id,
      'TaskCreated',
      `Part ${index + 1} of ${ranges.length} of task #${source.sequential_by_workspace_id} (${pages}), queued for pre-processing.`,
      { splitSourceId: source.id, firstPage: range.first, lastPage: range.last },
    );
    const child = await store.task(id);
    if (child) children.push(child);
  }
  return children;
}
