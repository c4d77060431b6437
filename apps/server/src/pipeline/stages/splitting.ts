// Splitting a long document or recording into chunk tasks (product-spec §5): only when the
// workspace asks for it (advanced settings → splitSettings.isEnabled, pagesPerChunk ≥ 1 or
// minutesPerChunk ≥ 1, default 10 each), never for image anonymisation, legal documents and
// translations, and not when the workspace forces one chunk. The chunks are new tasks of a
// SplitTask batch (BatchType 20), each covering a page range (split_first_page..split_last_page)
// or a time range (offset_start..offset_end, seconds) of the source's file, which they share,
// queued for pre-processing; the source moves to SplitProcessed (101). A recording is cut at the
// pause nearest to every minutesPerChunk, not at the minute itself.
import { randomUUID } from 'node:crypto';
import type { Updateable } from 'kysely';
import type { TaskRow, TasksTable } from '../../db/schema.js';
import { BATCH_STATUS, BATCH_TYPE } from '../../domain/batches.js';
import { TASK_STATUS as S } from '../../domain/tasks/flags.js';
import { NOT_SPLITTABLE } from '../../domain/workspaces/configuration.js';
import { cutAtPauses, detectSpeech, type SpeechSpan } from '../media/vad.js';
import type { StageStore } from './task-store.js';
import type { WorkspaceSettings } from './workspace-settings.js';

function splitAllowed(settings: WorkspaceSettings): boolean {
  const split = settings.config.splitSettings;
  return split.isEnabled && !NOT_SPLITTABLE.has(settings.config.taskType) && settings.config.forceSingleChunk !== true;
}

/** Pages per chunk when the document should be split, else null. */
export function pagesPerChunk(settings: WorkspaceSettings, pageCount: number): number | null {
  const size = splitAbovePages(settings);
  return size !== null && pageCount > size ? size : null;
}

/** The page count above which this workspace splits a document (the chunk size), or null when it never does. */
export function splitAbovePages(settings: WorkspaceSettings): number | null {
  return splitAllowed(settings) ? Math.max(1, Math.floor(settings.config.splitSettings.pagesPerChunk)) : null;
}

/** Seconds per chunk when the recording should be split, else null (at least 1 minute per chunk). */
export function secondsPerChunk(settings: WorkspaceSettings, durationSeconds: number): number | null {
  if (!splitAllowed(settings)) return null;
  const size = Math.max(1, Math.floor(settings.config.splitSettings.minutesPerChunk)) * 60;
  return durationSeconds > size ? size : null;
}

/**
 * Chunks of a recording cut at pauses (voice activity detection, ../media/vad.ts) near every
 * `size` seconds, so no word is cut in two; fixed cuts where the detector is unavailable or finds
 * no pause near a boundary (`fixedCuts` counts those). Cut times are kept to the millisecond.
 */
export async function rangesAtPauses(
  path: string,
  durationSeconds: number,
  size: number,
  signal?: AbortSignal,
): Promise<{ ranges: Array<{ start: number; end: number }>; fixedCuts: number; detector: string | null }> {
  let speech: SpeechSpan[];
  try {
    speech = await detectSpeech(path, { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    const ranges = timeRanges(durationSeconds, size);
    return { ranges, fixedCuts: ranges.length - 1, detector: null };
  }
  const cuts = cutAtPauses(durationSeconds, size, speech);
  const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;
  return {
    ranges: cuts.map((cut) => ({ start: ms(cut.start), end: ms(cut.end) })),
    fixedCuts: cuts.filter((cut) => !cut.atPause).length,
    detector: 'silero-vad',
  };
}

/** Time ranges of `size` seconds covering the recording; the last one ends where the recording does. */
export function timeRanges(durationSeconds: number, size: number): Array<{ start: number; end: number }> {
  const ranges: Array<{ start: number; end: number }> = [];
  for (let start = 0; start < durationSeconds; start += size)
    ranges.push({ start, end: Math.min(durationSeconds, start + size) });
  return ranges;
}

export function chunkRanges(pageCount: number, size: number): Array<{ first: number; last: number }> {
  const ranges: Array<{ first: number; last: number }> = [];
  for (let first = 1; first <= pageCount; first += size)
    ranges.push({ first, last: Math.min(pageCount, first + size - 1) });
  return ranges;
}

/** One chunk: how it is named, the columns that say which part of the file it covers. */
interface ChunkPart {
  label: string;
  columns: Pick<Updateable<TasksTable>, 'split_first_page' | 'split_last_page' | 'offset_start' | 'offset_end'>;
  eventData: Record<string, unknown>;
}

/** Makes the SplitTask batch and one chunk task per page range, in the caller's transaction. */
export function createChunkTasks(
  store: StageStore,
  source: TaskRow,
  fileKind: string,
  ranges: Array<{ first: number; last: number }>,
): Promise<TaskRow[]> {
  return createChunks(
    store,
    source,
    fileKind,
    ranges.map((range) => ({
      label: range.first === range.last ? `page ${range.first}` : `pages ${range.first}–${range.last}`,
      columns: { split_first_page: range.first, split_last_page: range.last },
      eventData: { firstPage: range.first, lastPage: range.last },
    })),
  );
}

/** Makes the SplitTask batch and one chunk task per time range (seconds), in the caller's transaction. */
export function createMediaChunkTasks(
  store: StageStore,
  source: TaskRow,
  fileKind: string,
  ranges: Array<{ start: number; end: number }>,
): Promise<TaskRow[]> {
  return createChunks(
    store,
    source,
    fileKind,
    ranges.map((range) => ({
      label: `${clock(range.start)}–${clock(range.end)}`,
      columns: { offset_start: range.start, offset_end: range.end },
      eventData: { offsetStart: range.start, offsetEnd: range.end },
    })),
  );
}

/** m:ss (h:mm:ss from an hour on) for chunk names. */
function clock(seconds: number): string {
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

async function createChunks(
  store: StageStore,
  source: TaskRow,
  fileKind: string,
  ranges: ChunkPart[],
): Promise<TaskRow[]> {
  const existing = await store.splitChildren(source.id);
  if (existing.length > 0) return existing;
  const batchId = randomUUID();
  await store.insertBatch({
    id: batchId,
    workspace_id: source.workspace_id,
    display_name: `${source.display_name} (split)`.slice(0, 256),
    description: `Chunks of task #${source.sequential_by_workspace_id}, ${ranges.length} parts.`,
    is_open: false,
    status: BATCH_STATUS.Closed,
    batch_type: BATCH_TYPE.SplitTask,
  });
  const tasks = store.tasks();
  const children: TaskRow[] = [];
  for (const [index, range] of ranges.entries()) {
    const id = randomUUID();
    const pages = range.label;
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
      ...range.columns,
      file_kind: fileKind,
    });
    await store.addEvent(
      id,
      'TaskCreated',
      `Part ${index + 1} of ${ranges.length} of task #${source.sequential_by_workspace_id} (${pages}), queued for pre-processing.`,
      { splitSourceId: source.id, ...range.eventData },
    );
    const child = await store.task(id);
    if (child) children.push(child);
  }
  return children;
}
