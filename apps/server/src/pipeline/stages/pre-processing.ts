// Pre-processing (30 → 31 → 34 → 40, or → 101 when split): reads the task's file, decides from its
// bytes what it is, refuses what cannot be processed with the failure status of product-spec §4
// and a reason in words, counts pages (PDF, multi-page TIFF) or the recording's length, checks and
// spends the tenant's licence, splits when the workspace asks for it, and stores one page file per
// page (task_pages) or the recording's facts and waveform (task_media).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TaskRow } from '../../db/schema.js';
import { TASK_STATUS as S } from '../../domain/tasks/flags.js';
import type { WrittenBlob } from '../../storage/store-blob.js';
import { type DetectedFileType, detectFileType, probeImage, type QrPage } from '../documents/index.js';
import { type PagesWanted, type PdfPageGeometry, taskPagesOf } from '../documents/pdf/inspect-pdf.js';
import { computeWaveformPeaks, type MediaRange, probeMedia } from '../media/index.js';
import { type Stage, type StageContext, type StageOutcome, TaskFailure } from '../worker/stage.js';
import { EARLY_QR_MAX_PAGES, type QrPageKey, readQrCodesEarly } from './early-qr-codes.js';
import { eInvoiceRendering } from './einvoice-results.js';
import { preProcessingFailure } from './failures.js';
import { type CreditsNeeded, checkLicence, creditsFor, spendCredits } from './licences.js';
import { imagePage, type PageFile, separatePdfPages } from './page-files.js';
import {
  chunkRanges,
  createChunkTasks,
  createMediaChunkTasks,
  pagesPerChunk,
  rangesAtPauses,
  secondsPerChunk,
  splitAbovePages,
} from './splitting.js';
import { type NewPage, StageStore } from './task-store.js';
import { languagesOf, type WorkspaceSettings, workspaceSettings } from './workspace-settings.js';

/** Maximum import pages (product-spec §5). */
export const MAX_PAGES = 2000;

const OFFICE_NAMES: Record<string, string> = {
  docx: 'a Word document',
  xlsx: 'an Excel workbook',
  pptx: 'a PowerPoint presentation',
  'legacy-office': 'an old-style Office document',
};

const count = (n: number, unit: string) => `${n.toLocaleString('en-US')} ${unit}${n === 1 ? '' : 's'}`;

interface Job {
  context: StageContext;
  store: StageStore;
  task: TaskRow;
  settings: WorkspaceSettings;
  fileName: string;
  bytes: Uint8Array;
  type: DetectedFileType;
}

export const preProcessing: Stage = {
  name: 'pre-processing',
  queued: S.QueuedForPreProcessing,
  inProgress: S.PreProcessingInProgress,
  succeeded: S.PreProcessingSuccessful,
  failed: S.PreProcessingFailed,
  async run(context) {
    const task = context.task;
    const store = new StageStore(context.db, context.storage, task.tenant_id);
    const fileName = task.original_file_name ?? task.display_name;
    try {
      const settings = await workspaceSettings(store, task);
      const bytes = await readTaskFile(store, task, fileName);
      // A restarted task starts from scratch: the pages and media of the earlier run go.
      await store.clearResults(task.id);
      const type = checkFileType(bytes, fileName, settings);
      // An e-invoice XML is reviewed on a PDF rendering of it; its fields are read in post-processing.
      const file =
        type.kind === 'einvoice-xml'
          ? await eInvoiceRendering(bytes, fileName, languagesOf(task, settings))
          : { bytes, type };
      const job: Job = { context, store, task, settings, fileName, ...file };
      return type.category === 'audio' || type.category === 'video'
        ? await prepareMedia(job)
        : await prepareDocument(job);
    } catch (error) {
      const failure = preProcessingFailure(error, fileName);
      if (failure) throw failure;
      throw error;
    }
  },
};

async function readTaskFile(store: StageStore, task: TaskRow, fileName: string): Promise<Uint8Array> {
  if (!task.blob_id) {
    throw new TaskFailure(
      S.PreProcessingDownloadFailed,
      `The task has no stored file for '${fileName}'; import it again.`,
    );
  }
  try {
    return await store.readBlob(task.blob_id);
  } catch (error) {
    throw new TaskFailure(
      S.PreProcessingDownloadFailed,
      `The file '${fileName}' could not be read from storage; import it again.`,
      { detail: error instanceof Error ? error.message : String(error) },
    );
  }
}

/** The real type from the bytes, refused when this workspace cannot process it. */
function checkFileType(bytes: Uint8Array, fileName: string, settings: WorkspaceSettings): DetectedFileType {
  if (bytes.length === 0) {
    throw new TaskFailure(
      S.PreProcessingFailed,
      `The file '${fileName}' is empty (0 bytes); there is nothing to process.`,
    );
  }
  const type = detectFileType(bytes);
  if (!type) {
    throw new TaskFailure(
      S.PreProcessingConvertToPdfFailed,
      `The content of '${fileName}' is not a PDF, an image, audio or video, whatever its name says, so it cannot be converted to PDF or processed.`,
    );
  }
  if (type.category === 'unsupported-office') {
    throw new TaskFailure(
      S.PreProcessingConvertToPdfFailed,
      `'${fileName}' is ${OFFICE_NAMES[type.kind] ?? 'an Office document'}; this server cannot convert it to PDF. Save it as PDF and import that.`,
    );
  }
  if (type.category === 'archive') {
    throw new TaskFailure(
      S.PreProcessingFailed,
      `'${fileName}' is a ZIP archive; import the files inside it one by one.`,
    );
  }
  const isMedia = type.category === 'audio' || type.category === 'video';
  if (isMedia !== settings.template.media) {
    throw new TaskFailure(
      S.PreProcessingFailed,
      settings.template.media
        ? `'${fileName}' is ${type.category === 'image' ? 'an image' : 'a PDF'}, but the workspace '${settings.row.display_name}' transcribes audio and video.`
        : `'${fileName}' is ${type.category === 'audio' ? 'an audio recording' : 'a video'}, but the workspace '${settings.row.display_name}' processes documents.`,
    );
  }
  return type;
}

/** Credits to take for this task, or null when it pays nothing (a chunk of a split, or a restart). */
function creditsOf(job: Job, units: number, unitName: 'page' | 'minute'): CreditsNeeded | null {
  if (job.task.split_source_id || job.task.credits_spent > 0) return null;
  return creditsFor(units, unitName, job.settings.config.creditsMultiplierPerUnit);
}

/**
 * The pages a task covers — all of its file's, or its chunk's range of the shared file — and the
 * page counts at which the file is refused or split, as the thread that parses the file takes them.
 */
function pagesWanted(job: Job): PagesWanted {
  return {
    maxPages: MAX_PAGES,
    splitAbove: job.task.split_source_id ? null : splitAbovePages(job.settings),
    first: job.task.split_first_page ?? 1,
    last: job.task.split_last_page,
  };
}

/** Split into chunk tasks here instead of stored page by page (null: processed whole). */
function chunkSizeOf(job: Job, pageCount: number): number | null {
  return job.task.split_source_id ? null : pagesPerChunk(job.settings, pageCount);
}

/**
 * The page count, and the geometry of the pages this task stores, from one parse of a PDF (none
 * for a file refused as too long or split into chunks, which never store pages here).
 */
async function readPages(job: Job): Promise<{ pageCount: number; geometry: PdfPageGeometry[] }> {
  if (job.type.kind !== 'pdf') return { pageCount: (await probeImage(job.bytes)).frames, geometry: [] };
  const layout = await job.context.threads.readPdfLayout({ bytes: job.bytes, wanted: pagesWanted(job) });
  return { pageCount: layout.numPages, geometry: layout.pages };
}

async function prepareDocument(job: Job): Promise<StageOutcome> {
  const { context, store, task, fileName } = job;
  const { pageCount, geometry } = await readPages(job);
  if (pageCount === 0) throw new TaskFailure(S.PreProcessingGetPagesFailed, `'${fileName}' has no pages.`);
  if (pageCount > MAX_PAGES) {
    throw new TaskFailure(
      S.PreProcessingFailed,
      `'${fileName}' has ${count(pageCount, 'page')}; at most ${MAX_PAGES.toLocaleString('en-US')} pages can be processed. Split the file and import the parts.`,
      { pageCount, maxPages: MAX_PAGES },
    );
  }
  const { first, last } = taskPagesOf(pagesWanted(job), pageCount);
  if (first > last) {
    throw new TaskFailure(
      S.PreProcessingGetPagesFailed,
      `The chunk covers pages ${first}–${last}, but '${fileName}' has ${count(pageCount, 'page')}.`,
    );
  }
  const credits = creditsOf(job, pageCount, 'page');
  if (credits) await checkLicence(store.db, store.tenantId, credits);

  const chunkSize = chunkSizeOf(job, pageCount);
  if (chunkSize !== null) {
    const ranges = chunkRanges(pageCount, chunkSize);
    const children = await store.transaction(async (trx) => {
      if (credits) await spendCredits(trx.db, trx.tenantId, credits, usageOf(job, pageCount));
      await trx.updateTask(task.id, {
        total_pages: pageCount,
        file_kind: job.type.category === 'image' ? 'image' : 'pdf',
        credits_spent: credits ? Math.ceil(credits.credits) : task.credits_spent,
        processing_started_on: new Date(),
      });
      return createChunkTasks(trx, task, job.type.category === 'image' ? 'image' : 'pdf', ranges);
    });
    return {
      next: S.SplitProcessed,
      reason: `${count(pageCount, 'page')}, split into ${count(children.length, 'task')} of up to ${chunkSize} pages`,
      payload: { pageCount, chunkTaskIds: children.map((child) => child.id) },
    };
  }

  // The page files' bytes are stored page by page; their rows are recorded with the pages, in one statement.
  const stored: WrittenBlob[] = [];
  try {
    // A small document's page files are kept for its QR codes, read on the threads from now on.
    const early =
      job.settings.pipeline.postProcessingStepIds.includes('postprocess.detect-qr-codes') &&
      last - first + 1 <= EARLY_QR_MAX_PAGES
        ? []
        : null;
    const pages = await storePageFiles(job, { pageCount, first, last, geometry }, stored, early);
    if (early) readQrCodesEarly(task.id, context.threads, early);
    await store.transaction(async (trx) => {
      if (credits) await spendCredits(trx.db, trx.tenantId, credits, usageOf(job, pageCount));
      await trx.recordBlobs(stored);
      await trx.insertPages(task.id, pages);
      await trx.updateTask(task.id, {
        total_pages: pages.length,
        file_kind: job.type.category === 'image' ? 'image' : 'pdf',
        credits_spent: credits ? Math.ceil(credits.credits) : task.credits_spent,
        processing_started_on: new Date(),
        last_error: null,
      });
    });
    const what = job.type.kind === 'pdf' ? 'PDF' : job.type.kind.toUpperCase();
    return {
      next: S.QueuedForRecognizing,
      reason: `${count(pages.length, 'page')} (${what})${credits ? `, ${count(credits.credits, 'credit')} spent` : ''}; queued for recognition`,
      payload: { pages: pages.length, fileKind: job.type.kind, credits: credits?.credits ?? 0 },
    };
  } catch (error) {
    // Nothing of a failed run stays behind: its page files are removed with their blobs.
    await store.discardBlobs(stored).catch(() => undefined);
    await context.note('Pre-processing stopped; the page files written so far were removed.').catch(() => undefined);
    throw error;
  }
}

function usageOf(job: Job, pages: number | null) {
  return {
    taskId: job.task.id,
    taskType: job.settings.config.taskType,
    documentName: job.fileName,
    totalPages: pages,
    status: job.task.status,
  };
}

/** Stores the page files of pages first..last and returns their task_pages rows. */
async function storePageFiles(
  job: Job,
  layout: { pageCount: number; first: number; last: number; geometry: PdfPageGeometry[] },
  /** Collects the page files' blobs, written but not recorded (the caller records them with the pages). */
  stored: WrittenBlob[],
  /** Collects the stored page files as the QR reader takes them (early-qr-codes.ts), when given. */
  early: Array<QrPage & QrPageKey> | null,
): Promise<NewPage[]> {
  const { pageCount, first, last, geometry } = layout;
  const { context, store, task, bytes, type } = job;
  const pages: NewPage[] = [];
  const baseName = (job.fileName.replace(/\.[^.]+$/, '') || 'page').slice(0, 100);
  const keep = async (file: PageFile, size: Omit<NewPage, 'pageNumber' | 'imageBlobId'>) => {
    const blob = await store.writeBlob(
      file.bytes,
      `${baseName}-page-${file.sourcePage}.${file.extension}`,
      file.contentType,
    );
    stored.push(blob);
    const blobId = blob.id;
    pages.push({ pageNumber: file.pageNumber, imageBlobId: blobId, ...size });
    early?.push({
      blobId,
      bytes: file.bytes,
      contentType: file.contentType,
      pageNumber: file.pageNumber,
      ...(size.unit === 'point' ? { widthPt: size.width, heightPt: size.height } : {}),
    });
    // The lease is renewed between pages; a shut-down worker stops here.
    await context.heartbeat();
    if (context.signal.aborted) throw new Error('The worker is shutting down; the task will be picked up again.');
  };
  if (type.kind === 'pdf') {
    const keepPdfPage = async (file: PageFile) => {
      // geometry holds pages first..last in order.
      const page = geometry[file.sourcePage - first];
      await keep(file, {
        width: page?.width ?? 0,
        height: page?.height ?? 0,
        unit: 'point',
        rotation: page?.rotation ?? 0,
      });
    };
    if (pageCount === 1) {
      // A one-page PDF is its own page file: there is nothing to cut.
      await keepPdfPage({ pageNumber: 1, sourcePage: 1, bytes, contentType: 'application/pdf', extension: 'pdf' });
    } else {
      const separate = (path: string, from: number, to: number) => context.threads.separatePdfBatch({ path, from, to });
      await separatePdfPages(bytes, first, last, separate, keepPdfPage);
    }
  } else {
    for (let sourcePage = first; sourcePage <= last; sourcePage++) {
      const { file, width, height } = await imagePage(bytes, type, pageCount, sourcePage, sourcePage - first + 1);
      await keep(file, { width, height, unit: 'pixel', rotation: 0 });
    }
  }
  if (task.split_source_id) await context.note(`Pages ${first}–${last} of the source file stored.`);
  return pages;
}

async function prepareMedia(job: Job): Promise<StageOutcome> {
  const { context, store, task, fileName, type } = job;
  const directory = await mkdtemp(join(tmpdir(), 'reviewdesk-media-'));
  const stored: string[] = [];
  try {
    const path = join(directory, `source.${type.kind}`);
    await writeFile(path, job.bytes);
    const info = await probeMedia(path, context.signal);
    if (info.durationSeconds === null || info.audio.length === 0) {
      throw new TaskFailure(
        S.PreProcessingFileLengthCountFailed,
        info.audio.length === 0
          ? `'${fileName}' has no sound to transcribe.`
          : `The length of the recording '${fileName}' could not be read.`,
      );
    }
    const minutes = Math.max(1, Math.ceil(info.durationSeconds / 60));
    const credits = creditsOf(job, minutes, 'minute');
    if (credits) await checkLicence(store.db, store.tenantId, credits);

    const totalSeconds = info.durationSeconds;
    const chunkSeconds = task.split_source_id ? null : secondsPerChunk(job.settings, totalSeconds);
    if (chunkSeconds !== null) {
      // Voice activity detection runs at a small fraction of real time; the lease is renewed meanwhile.
      const beat = setInterval(() => context.heartbeat().catch(() => undefined), 20_000);
      const cut = await rangesAtPauses(path, totalSeconds, chunkSeconds, context.signal).finally(() =>
        clearInterval(beat),
      );
      const ranges = cut.ranges;
      const fileKind = info.isVideo ? 'video' : 'audio';
      // The source pays for the whole recording here, once; its chunks pay nothing (creditsOf).
      const children = await store.transaction(async (trx) => {
        if (credits) await spendCredits(trx.db, trx.tenantId, credits, usageOf(job, null));
        await trx.updateTask(task.id, {
          file_kind: fileKind,
          media_duration_ms: Math.round(totalSeconds * 1000),
          credits_spent: credits ? Math.ceil(credits.credits) : task.credits_spent,
          processing_started_on: new Date(),
        });
        return createMediaChunkTasks(trx, task, fileKind, ranges);
      });
      return {
        next: S.SplitProcessed,
        reason: `${info.isVideo ? 'Video' : 'Audio'} of ${formatDuration(info.durationSeconds)}, split into ${count(children.length, 'task')} of about ${chunkSeconds / 60} minutes${
          cut.detector === null
            ? ' (at fixed times: voice activity detection is not available)'
            : cut.fixedCuts > 0
              ? ` (cut at pauses; ${count(cut.fixedCuts, 'cut')} at a fixed time, no pause near)`
              : ' (cut at pauses)'
        }`,
        payload: {
          durationSeconds: info.durationSeconds,
          chunkTaskIds: children.map((child) => child.id),
          cuts: ranges.slice(1).map((range) => range.start),
          cutBy: cut.detector ?? 'fixed time',
          fixedCuts: cut.fixedCuts,
        },
      };
    }

    // A chunk of a split recording covers only its range of the shared file.
    const range = chunkRange(task, info.durationSeconds, fileName);
    const seconds = range ? range.durationSeconds : info.durationSeconds;
    const peaks = await computeWaveformPeaks(path, { range, signal: context.signal });
    await context.heartbeat();
    // Stored as the contract's WaveformPeaks document (audiowaveform JSON), which wavesurfer.js reads.
    const waveformBlobId = await store.storeBlob(
      Buffer.from(JSON.stringify(peaks)),
      `${fileName.replace(/\.[^.]+$/, '') || 'recording'}.waveform.json`,
      'application/json',
    );
    stored.push(waveformBlobId);
    const durationMs = Math.round(seconds * 1000);
    await store.transaction(async (trx) => {
      if (credits) await spendCredits(trx.db, trx.tenantId, credits, usageOf(job, null));
      // A chunk's facts say its own length, as its waveform and transcript do.
      const facts = range ? { ...info, durationSeconds: seconds } : info;
      await trx.insertMedia(task.id, { durationMs, info: facts, waveformBlobId });
      await trx.updateTask(task.id, {
        file_kind: info.isVideo ? 'video' : 'audio',
        media_duration_ms: durationMs,
        credits_spent: credits ? Math.ceil(credits.credits) : task.credits_spent,
        processing_started_on: new Date(),
        last_error: null,
      });
    });
    return {
      next: S.QueuedForRecognizing,
      reason: `${info.isVideo ? 'Video' : 'Audio'} of ${formatDuration(seconds)}${range ? ` (${formatDuration(range.startSeconds)} into the source)` : ''}${credits ? `, ${count(credits.credits, 'credit')} spent` : ''}; queued for speech recognition`,
      payload: { durationSeconds: seconds, isVideo: info.isVideo, credits: credits?.credits ?? 0 },
    };
  } catch (error) {
    await store.removeBlobs(stored).catch(() => undefined);
    throw error;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/**
 * The time range of a chunk of a split recording (offset_start..offset_end, seconds), cut to the
 * file's length; undefined for a task that is not such a chunk.
 */
export function chunkRange(task: TaskRow, fileSeconds: number, fileName: string): MediaRange | undefined {
  if (task.offset_start === null || task.offset_end === null) return undefined;
  const start = Number(task.offset_start);
  const end = Math.min(Number(task.offset_end), fileSeconds);
  if (!(start >= 0) || !(end > start)) {
    throw new TaskFailure(
      S.PreProcessingFileLengthCountFailed,
      `The chunk covers ${formatDuration(start)}–${formatDuration(Number(task.offset_end))}, but '${fileName}' is ${formatDuration(fileSeconds)} long.`,
    );
  }
  return { startSeconds: start, durationSeconds: end - start };
}

function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  const m = Math.floor(whole / 60);
  const s = whole % 60;
  return m > 0 ? `${m} min ${s} s` : `${s} s`;
}
