// Recognition (40 → 41 → 43 → 50): the words of every page with boxes and confidences
// (task_pages.ocr, the contract's OcrPageResult) or the transcript of a recording
// (task_media.transcript and engine), by the recognizer the workspace's pipeline names.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TaskRow } from '../../db/schema.js';
import { TASK_STATUS as S } from '../../domain/tasks/flags.js';
import {
  DocumentEngineError,
  EngineNotConfiguredError as DocumentEngineNotConfigured,
  toOcrPageResult,
} from '../documents/index.js';
import {
  MediaError,
  type MediaRange,
  EngineNotConfiguredError as SpeechNotConfigured,
  TranscriptionError,
} from '../media/index.js';
import { type Stage, type StageContext, type StageOutcome, TaskFailure } from '../worker/stage.js';
import { type DocumentRecognizer, type MediaRecognizer, recognizerFor } from './recognizers.js';
import { StageStore } from './task-store.js';
import { languagesOf, type WorkspaceSettings, workspaceSettings } from './workspace-settings.js';

/** A progress note every this many pages (and at the end), so long documents show movement. */
const NOTE_EVERY = 25;

export const recognition: Stage = {
  name: 'recognition',
  queued: S.QueuedForRecognizing,
  inProgress: S.RecognizingInProgress,
  succeeded: S.RecognizingSuccessful,
  failed: S.RecognizingFailed,
  async run(context) {
    const store = new StageStore(context.db, context.storage, context.task.tenant_id);
    const settings = await workspaceSettings(store, context.task);
    const recognizer = recognizerFor(settings.pipeline.recognizerStepId, settings.template.media);
    const languages = languagesOf(context.task, settings);
    return recognizer.input === 'media'
      ? transcribe(context, store, recognizer, languages)
      : recognizePages(context, store, recognizer, languages, settings);
  },
};

async function recognizePages(
  context: StageContext,
  store: StageStore,
  recognizer: DocumentRecognizer,
  languages: string[],
  settings: WorkspaceSettings,
): Promise<StageOutcome> {
  const task = context.task;
  const pages = await store.pages(task.id);
  if (pages.length === 0) {
    throw new TaskFailure(S.RecognizingFailed, 'The task has no pages to recognise; restart its processing.');
  }
  // A workspace that OCRs every page needs tesseract before it starts; the text layer only for
  // pages without a good one, which is found out page by page.
  if (recognizer.name === 'tesseract') {
    const problem = await recognizer.configurationProblem(languages);
    if (problem) throw new TaskFailure(S.RecognizingFailed, `Text recognition is not configured: ${problem}`);
  }
  const engines = new Map<string, number>();
  let words = 0;
  for (const page of pages) {
    if (!page.image_blob_id) {
      throw new TaskFailure(
        S.RecognizingFailed,
        `Page ${page.page_number} has no page file; restart the task's processing.`,
      );
    }
    const blob = await store.blobKey(page.image_blob_id);
    const bytes = await store.readBlob(page.image_blob_id);
    let text: Awaited<ReturnType<DocumentRecognizer['recognizePage']>>;
    try {
      text = await recognizer.recognizePage(
        { bytes, contentType: blob?.contentType ?? 'application/octet-stream', pageNumber: page.page_number },
        languages,
      );
    } catch (error) {
      if (error instanceof DocumentEngineNotConfigured) {
        throw new TaskFailure(S.RecognizingFailed, `Text recognition is not configured: ${error.message}`);
      }
      if (error instanceof DocumentEngineError) {
        throw new TaskFailure(
          S.RecognizingFailed,
          `Page ${page.page_number} could not be recognised: ${error.message}`,
          {
            code: error.code,
          },
        );
      }
      throw error;
    }
    const ocr = toOcrPageResult(text);
    // When OCR had to turn the page to read it, the boxes are those of the turned page: the row
    // takes that page's size, and its rotation grows by the turn so the viewer shows it the same way.
    await store.setPageOcr(task.id, page.page_number, ocr, {
      width: ocr.pageSize.width,
      height: ocr.pageSize.height,
      unit: ocr.pageSize.unit,
      rotation: (page.rotation + (text.orientation ?? 0)) % 360,
    });
    engines.set(text.engine, (engines.get(text.engine) ?? 0) + 1);
    words += text.words.length;
    await context.heartbeat();
    if (context.signal.aborted) throw new Error('The worker is shutting down; the task will be picked up again.');
    if (page.page_number % NOTE_EVERY === 0 && page.page_number < pages.length) {
      await context.note(`Recognised page ${page.page_number} of ${pages.length}.`);
    }
  }
  const byEngine = [...engines.entries()].map(
    ([engine, n]) => `${n} by ${engine === 'pdfminer' ? 'text layer' : engine}`,
  );
  return {
    next: S.QueuedForPostProcessing,
    reason: `${pages.length} page${pages.length === 1 ? '' : 's'} recognised (${byEngine.join(', ')}), ${words} words; queued for post-processing`,
    payload: {
      pages: pages.length,
      words,
      engines: Object.fromEntries(engines),
      languages,
      workspace: settings.row.id,
    },
  };
}

/**
 * The part of the shared file a chunk of a split recording covers: from offset_start for the
 * chunk's length as pre-processing measured it. Its transcript's word times are relative to the
 * chunk's start (0 = offset_start of the source), because the viewer plays the chunk from its
 * offsetStart; undefined for a whole recording.
 */
function chunkRangeOf(task: TaskRow, media: { duration_ms: number }): MediaRange | undefined {
  if (task.offset_start === null) return undefined;
  return { startSeconds: Number(task.offset_start), durationSeconds: Number(media.duration_ms) / 1000 };
}

async function transcribe(
  context: StageContext,
  store: StageStore,
  recognizer: MediaRecognizer,
  languages: string[],
): Promise<StageOutcome> {
  const task = context.task;
  const problem = await recognizer.configurationProblem(languages);
  if (problem) throw new TaskFailure(S.RecognizingFailed, `Speech recognition is not configured: ${problem}`);
  const media = await store.media(task.id);
  if (!media || !task.blob_id) {
    throw new TaskFailure(S.RecognizingFailed, "The recording's facts are missing; restart the task's processing.");
  }
  const directory = await mkdtemp(join(tmpdir(), 'reviewdesk-speech-'));
  try {
    const path = join(directory, 'recording');
    await writeFile(path, await store.readBlob(task.blob_id));
    await context.heartbeat();
    // Speech engines run for about the length of the recording; the lease is renewed meanwhile.
    const beat = setInterval(() => context.heartbeat().catch(() => undefined), 30_000);
    let result: Awaited<ReturnType<MediaRecognizer['transcribe']>>;
    try {
      result = await recognizer.transcribe(path, languages[0] ?? null, context.signal, chunkRangeOf(task, media));
    } catch (error) {
      if (error instanceof SpeechNotConfigured) {
        throw new TaskFailure(S.RecognizingFailed, `Speech recognition is not configured: ${error.reason}`);
      }
      if (error instanceof TranscriptionError || error instanceof MediaError) {
        throw new TaskFailure(S.RecognizingFailed, `Speech recognition failed: ${error.message}`);
      }
      throw error;
    } finally {
      clearInterval(beat);
    }
    await store.setTranscript(task.id, result.transcript, result.engine);
    const words = result.transcript.transcripts.reduce((sum, item) => sum + item.children.length, 0);
    return {
      next: S.QueuedForPostProcessing,
      reason: `Transcribed by ${result.engine} (${result.language}): ${words} words in ${result.transcript.transcripts.length} paragraphs; queued for post-processing`,
      payload: { engine: result.engine, language: result.language, words, speakerSplit: result.speakerSplit },
    };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
