// Detaching a task's files: the original (tasks.blob_id and the resumable upload it came from), the
// e-invoice XML kept with it, page images, the waveform, integration results and the key frames of its summary. Runs inside the caller's transaction and only
// detaches rows; the caller removes the bytes after the commit, so a crash in between leaves an
// orphaned file, never a row that points at nothing. A blob another task still uses (parts of a
// split task share their source's file) is kept.
import { sql } from 'kysely';
import type { TaskRow } from '../schema.js';
import type { Executor } from './tenant-repository.js';

export interface DetachedFiles {
  /** Storage keys whose rows are gone; remove their bytes after the commit. */
  keys: string[];
  blobCount: number;
}

/** Blob ids the task refers to, from every table that refers to blobs. */
async function blobIdsOf(trx: Executor, task: TaskRow): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select blob_id as id from tasks where id = ${task.id} and blob_id is not null
    union select einvoice_blob_id from tasks where id = ${task.id} and einvoice_blob_id is not null
    union select image_blob_id from task_pages where task_id = ${task.id} and image_blob_id is not null
    union select waveform_blob_id from task_media where task_id = ${task.id} and waveform_blob_id is not null
    union select result_blob_id from task_integrations where task_id = ${task.id} and result_blob_id is not null
    union select (f->>'blobId')::uuid from task_summaries s, jsonb_array_elements(s.key_frames) f where s.task_id = ${task.id}`.execute(
    trx,
  );
  return rows.map((r) => r.id);
}

/** Of `ids`, the blobs some other task still refers to. */
async function sharedBlobIds(trx: Executor, task: TaskRow, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const list = sql.join(ids.map((id) => sql`${id}::uuid`));
  const { rows } = await sql<{ id: string }>`
    select blob_id as id from tasks where id <> ${task.id} and blob_id in (${list})
    union select einvoice_blob_id from tasks where id <> ${task.id} and einvoice_blob_id in (${list})
    union select image_blob_id from task_pages where task_id <> ${task.id} and image_blob_id in (${list})
    union select waveform_blob_id from task_media where task_id <> ${task.id} and waveform_blob_id in (${list})
    union select result_blob_id from task_integrations where task_id <> ${task.id} and result_blob_id in (${list})`.execute(
    trx,
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * Detaches the task's files (blob rows go; the references become null by their foreign keys).
 * `dropResults` also deletes the page and media rows (a deleted task keeps nothing).
 */
export async function detachTaskFiles(trx: Executor, task: TaskRow, options: { dropResults: boolean }) {
  const ids = await blobIdsOf(trx, task);
  const shared = await sharedBlobIds(trx, task, ids);
  const own = ids.filter((id) => !shared.has(id));
  const keys: string[] = [];
  if (own.length > 0) {
    const blobs = await trx
      .deleteFrom('blobs')
      .where('tenant_id', '=', task.tenant_id)
      .where('id', 'in', own)
      .returning('storage_key')
      .execute();
    keys.push(...blobs.map((b) => b.storage_key));
  }
  // The finished upload a task was made from holds the same bytes under its own row.
  const uploads = await trx
    .deleteFrom('uploads')
    .where('tenant_id', '=', task.tenant_id)
    .where('task_id', '=', task.id)
    .returning('storage_key')
    .execute();
  keys.push(...uploads.map((u) => u.storage_key));
  // The summary's key frames went with the other files; a deleted task keeps no summary or conversation.
  await trx
    .updateTable('task_summaries')
    .set({ key_frames: '[]' })
    .where('tenant_id', '=', task.tenant_id)
    .where('task_id', '=', task.id)
    .execute();
  if (options.dropResults) {
    await trx
      .deleteFrom('task_summaries')
      .where('tenant_id', '=', task.tenant_id)
      .where('task_id', '=', task.id)
      .execute();
    await trx
      .deleteFrom('chat_threads')
      .where('tenant_id', '=', task.tenant_id)
      .where('task_id', '=', task.id)
      .execute();
    await trx.deleteFrom('task_pages').where('tenant_id', '=', task.tenant_id).where('task_id', '=', task.id).execute();
    await trx.deleteFrom('task_media').where('tenant_id', '=', task.tenant_id).where('task_id', '=', task.id).execute();
  }
  return { keys: [...new Set(keys)], blobCount: own.length } satisfies DetachedFiles;
}
