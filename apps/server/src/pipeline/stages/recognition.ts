// Recognition (40 → 41 → 43 → 50): the words of every page with boxes and confidences
// (task_pages.ocr, the contract's OcrPageResult) or the transcript of a recording
// (task_media.transcript and engine), by the recognizer the workspace's pipeline names. A text-layer
// workspace has poppler read the text layers of a window of pages in one process per thread, from
// the document's own file where it can (text-layers.ts); the pages it cannot serve are read one by
// one from their page files (pdf.js, then OCR).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TaskRow } from '../../db/schema.js';
import { TASK_STATUS as S } from '../../domain/tasks/flags.js';
import { DocumentEngineError, EngineNotConfiguredError as DocumentEngineNotConfigured } from '../documents/index.js';
import {
  MediaError,
  type MediaRange,
  EngineNotConfiguredError as SpeechNotConfigured,
  TranscriptionError,
} from '../media/index.js';
import type { RecognizedPage } from '../threads/page-work.js';
import { type Stage, type StageContext, type StageOutcome, TaskFailure } from '../worker/stage.js';
import { readQrCodesEarly, readsQrCodesBehindText } from './early-qr-codes.js';
import { inParallel } from './in-parallel.js';
import { type DocumentRecognizer, type MediaRecognizer, recognizerFor } from './recognizers.js';
import { StageStore } from './task-store.js';
import { type PageRow, popplerTextLayers, readByPoppler, TaskDocumentFile } from './text-layers.js';
import { languagesOf, type WorkspaceSettings, workspaceSettings } from './workspace-settings.js';

/**
 * Pages recognised and written together (one UPDATE), with a progress note after each such window
 * so long documents show movement; bounds the results held in memory for a 2,000-page file.
 */
const PAGES_PER_WRITE = 50;

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
  const pages = await store.pagesWithFiles(task.id);
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
  const readsQrCodes = settings.pipeline.postProcessingStepIds.includes('postprocess.detect-qr-codes');
  let words = 0;
  // A document is mostly in one language: once OCR found a page's own language (and read it again
  // in it), the pages that start after it are read in that language from their first pass.
  let documentLanguages = languages;
  const recognize = async (page: PageRow, textLayer: RecognizedPage | null | undefined) => {
    if (!page.image_blob_id || !page.storage_key) {
      throw new TaskFailure(
        S.RecognizingFailed,
        `Page ${page.page_number} has no page file; restart the task's processing.`,
      );
    }
    const text =
      textLayer ?? (await recognizePageFile(context, store, recognizer, documentLanguages, page, page.storage_key));
    if (text.languages) documentLanguages = text.languages;
    // The lease is renewed between pages; a shut-down worker stops here.
    await context.heartbeat();
    if (context.signal.aborted) throw new Error('The worker is shutting down; the task will be picked up again.');
    engines.set(text.engine, (engines.get(text.engine) ?? 0) + 1);
    words += text.words;
    // When OCR had to turn the page to read it, the boxes are those of the turned page: the row
    // takes that page's size, and its rotation grows by the turn so the viewer shows it the same way.
    return {
      pageNumber: page.page_number,
      storedOcr: text.storedOcr,
      width: text.pageSize.width,
      height: text.pageSize.height,
      unit: text.pageSize.unit,
      rotation: (page.rotation + (text.orientation ?? 0)) % 360,
    };
  };
  // As many pages at once as the worker's share of the threads; each window's results in one UPDATE.
  const documentFile = new TaskDocumentFile(store, task, pages.length);
  try {
    for (let from = 0; from < pages.length; from += PAGES_PER_WRITE) {
      const window = pages.slice(from, from + PAGES_PER_WRITE);
      // A document of one window whose pages poppler reads has its QR codes read from their page
      // files from now on, while its pages are written and post-processing reads them
      // (early-qr-codes.ts): the files are read meanwhile.
      const early =
        recognizer.name === 'pdfminer' &&
        readsQrCodes &&
        window.length === pages.length &&
        readsQrCodesBehindText(window.length, context.threads.size) &&
        window.every(readByPoppler)
          ? Promise.all(window.map((page) => store.readStored(page.storage_key as string)))
          : null;
      // Not awaited yet: a failed read leaves the QR codes to post-processing.
      early?.catch(() => undefined);
      const layers =
        recognizer.name === 'pdfminer' ? await popplerTextLayers(context, store, window, documentFile) : null;
      const recognized = await inParallel(window, context.threads.size, (page) =>
        recognize(page, layers?.get(page.page_number)),
      );
      const bytes = await early?.catch(() => null);
      if (bytes) {
        readQrCodesEarly(
          task.id,
          context.threads,
          window.map((page, index) => {
            const done = recognized[index] as (typeof recognized)[number];
            return {
              blobId: page.image_blob_id as string,
              bytes: bytes[index] as Uint8Array,
              contentType: 'application/pdf',
              pageNumber: page.page_number,
              // The size post-processing reads back: the one written with the words below.
              ...(done.unit === 'point' ? { widthPt: done.width, heightPt: done.height } : {}),
            };
          }),
        );
      }
      await store.setPagesOcr(task.id, recognized);
      const done = from + window.length;
      if (done < pages.length) await context.note(`Recognised ${done} of ${pages.length} pages.`);
    }
  } finally {
    await documentFile.close();
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

/** One page file read by the recognizer in a thread: pdf.js's text layer, or OCR. */
async function recognizePageFile(
  context: StageContext,
  store: StageStore,
  recognizer: DocumentRecognizer,
  languages: string[],
  page: PageRow,
  storageKey: string,
): Promise<RecognizedPage> {
  const bytes = await store.readStored(storageKey);
  try {
    return await context.threads.recognizePage({
      engine: recognizer.name,
      page: { bytes, contentType: page.content_type ?? 'application/octet-stream', pageNumber: page.page_number },
      languages,
    });
  } catch (error) {
    if (error instanceof DocumentEngineNotConfigured) {
      throw new TaskFailure(S.RecognizingFailed, `Text recognition is not configured: ${error.message}`);
    }
    if (error instanceof DocumentEngineError) {
      throw new TaskFailure(S.RecognizingFailed, `Page ${page.page_number} could not be recognised: ${error.message}`, {
        code: error.code,
      });
    }
    throw error;
  }
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
