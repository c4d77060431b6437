// The save of an edited transcript re-times the words of its changed paragraphs (the domain's
// TranscriptRetimer): audio from the task's stored file — a chunk of a split recording starts at
// its offsetStart — and forced alignment when the transcript's language has an acoustic model,
// interpolation otherwise. One aligner (one worker thread) serves the whole process.

import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ServerConfig } from '../config.js';
import type { ResultsScope } from '../db/repositories/results.js';
import type { TenantScope } from '../db/repositories/tenant-scope.js';
import type { TaskRow } from '../db/schema.js';
import type { TranscriptRetimer } from '../domain/review/save-transcript.js';
import type { TranscriptLike } from '../domain/review/speakers.js';
import { resolveConfiguration } from '../domain/workspaces/configuration.js';
import type { Transcript } from '../formats/transcript.js';
import { alignmentModelFor, ForcedAligner } from '../pipeline/media/alignment/forced-aligner.js';
import { retimeEditedParagraphs } from '../pipeline/media/alignment/retime.js';
import { decodeFloat32 } from '../pipeline/media/pcm.js';
import { languagesOf } from '../pipeline/stages/workspace-settings.js';
import { blobStorageFor, LocalBlobStorage } from '../storage/blob-storage.js';

/** What the retimer reads of the caller's tenant: the task's file and its workspace. */
export interface RetimeScope {
  blob: ResultsScope['blob'];
  workspace: TenantScope['workspace'];
}

/** The RetimeScope of a call. */
export const retimeScopeOf = (results: ResultsScope, tenant: TenantScope): RetimeScope => ({
  blob: (id) => results.blob(id),
  workspace: (id) => tenant.workspace(id),
});

let shared: ForcedAligner | null = null;
/** The process's aligner, started on first use. */
export function sharedAligner(): ForcedAligner {
  shared ??= new ForcedAligner();
  return shared;
}

/** The language a task's transcript is in: the task's own, else its workspace's (as recognition chose). */
async function languageOf(scope: RetimeScope, task: TaskRow): Promise<string | null> {
  const row = await scope.workspace(task.workspace_id);
  if (!row) return null;
  return languagesOf(task, { row, config: resolveConfiguration(row) })[0] ?? null;
}

/** Loads the acoustic model of a task's language in the background, so the first save is quick. */
export async function warmUpAlignment(scope: RetimeScope, task: TaskRow): Promise<void> {
  const model = alignmentModelFor(await languageOf(scope, task));
  if (model)
    sharedAligner()
      .warmUp(model)
      .catch(() => undefined);
}

/** The file to decode: the stored file itself, or a temporary copy where storage is not a local folder. */
async function withMediaFile<T>(config: ServerConfig, storageKey: string, use: (path: string) => Promise<T>) {
  const storage = blobStorageFor(config);
  if (storage instanceof LocalBlobStorage) return use(storage.pathOf(storageKey));
  const folder = await mkdtemp(join(tmpdir(), 'reviewdesk-align-'));
  try {
    const path = join(folder, 'media');
    await pipeline(storage.read(storageKey), createWriteStream(path));
    return await use(path);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export function transcriptRetimer(config: ServerConfig, scope: RetimeScope): TranscriptRetimer {
  return async (task, stored, edited) => {
    const blob = task.blob_id ? await scope.blob(task.blob_id) : undefined;
    if (!blob) throw new Error('The media file of the task is not available.');
    const language = await languageOf(scope, task);
    const model = alignmentModelFor(language);
    const offset = task.offset_start === null ? 0 : Number(task.offset_start);
    return withMediaFile(config, blob.storage_key, async (path) => {
      const { transcript, report } = await retimeEditedParagraphs(
        stored as unknown as Transcript,
        edited as unknown as Transcript,
        {
          audio: ({ start, end }) =>
            decodeFloat32(path, {
              range: { startSeconds: offset + start, durationSeconds: Math.max(0.01, end - start) },
            }),
          aligner: model ? { model, align: (m, pcm, words) => sharedAligner().align(m, pcm, words) } : null,
        },
      );
      return {
        transcript: transcript as unknown as TranscriptLike,
        report: { ...report, language, model },
      };
    });
  };
}
