// Post-processing (50 → 51 → 53 → 60): the workspace pipeline's post-processing steps on the
// recognised pages — invoice/receipt fields mapped onto the workspace's fields, tables, QR codes
// read from the page images, personal data for anonymisation, found in the process's threads
// (threads/page-work.ts) — stored per page as the contract's DocumentResult (task_pages.document)
// with what the workspace's recognizer hooks add (recognizer-hooks.ts), the pages of a Translation
// task translated (translation.ts), the recording of a TranscriptSummarization task summarised
// (summarise-recording.ts), then the task's average confidence. The task goes to
// review (ToReview 60), or straight to export (QueuedForExport 90) when its file type is one the
// workspace lets skip review (advanced settings → fileTypesToSkipReview) or its type has no
// review in the system (translations, product-spec §4).
import { extname } from 'node:path';
import type { TaskRow } from '../../db/schema.js';
import { indexTask } from '../../domain/search/indexing.js';
import type { IndexedPage } from '../../domain/search/task-text.js';
import { TASK_STATUS as S } from '../../domain/tasks/flags.js';
import type { DocumentResult, Entity, PageText, QrPage, Table } from '../documents/index.js';
import { pageTextFromStoredOcr, type StoredOcrPage } from '../documents/text/from-ocr-result.js';
import type { Transcript } from '../media/index.js';
import { customModelFields } from '../templates/custom-model-fields.js';
import type { DetectedDocument, DetectStoredInput } from '../threads/page-work.js';
import { type Stage, type StageContext, TaskFailure } from '../worker/stage.js';
import { entityConfidence, fieldMapping, mapFieldEntities, mean } from './document-results.js';
import { type QrPageKey, readQrCodeBatches, takeEarlyQrCodes } from './early-qr-codes.js';
import { type EInvoiceResults, eInvoiceResults, findEInvoice } from './einvoice-results.js';
import { runRecognizerHooks } from './recognizer-hooks.js';
import { summariseRecording } from './summarise-recording.js';
import { StageStore } from './task-store.js';
import { translatePages } from './translation.js';
import { languagesOf, type WorkspaceSettings, workspaceSettings } from './workspace-settings.js';

/**
 * From this many pages, a document's fields are found in one thread job and its tables in another,
 * at once. Below it both take a few tens of milliseconds: running them apart would save less than
 * parsing the pages twice costs.
 */
const SPLIT_DETECTION_FROM_PAGES = 5;
/** Pages whose results one UPDATE writes. */
const PAGES_PER_WRITE = 50;
/** Pages whose stored OCR one query reads, and whose tables and personal data one thread job finds. */
const PAGES_PER_READ = 100;
/**
 * Pages at each end of a document the invoice-field detector reads. An invoice prints its number,
 * dates, parties and currency on its first pages and its totals on its last; the pages between are
 * its lines. A document of several invoices is cut into one task each by the splitting stage (when
 * its workspace splits), so reading the whole of a long document only grew the time and memory of
 * every page with the document's length. Documents up to twice this are read whole, as before.
 */
const FIELD_PAGES_AT_EACH_END = 10;

type PageWithFile = Awaited<ReturnType<StageStore['pagesWithFiles']>>[number];

export const postProcessing: Stage = {
  name: 'post-processing',
  queued: S.QueuedForPostProcessing,
  inProgress: S.PostProcessingInProgress,
  succeeded: S.PostProcessingSuccessful,
  failed: S.PostProcessingFailed,
  async run(context) {
    const store = new StageStore(context.db, context.storage, context.task.tenant_id);
    const settings = await workspaceSettings(store, context.task);
    const summary = settings.template.media
      ? await mediaSummary(store, context.task)
      : await documentResults(context, store, settings);
    if (settings.template.media && settings.pipeline.postProcessingStepIds.includes('postprocess.summarize')) {
      await summariseRecording(context, summary);
    }
    // The text is final for processing now: index it before the task is listed for review, so a
    // search finds a task as soon as it can be opened.
    const indexed = await indexTask(
      context.db,
      context.task.tenant_id,
      context.task.id,
      { reason: 'processing finished' },
      { task: context.task, workspace: settings.row, ...(summary.indexedPages ? { pages: summary.indexedPages } : {}) },
    );
    const skip = skipsReview(context.task, settings);
    return {
      next: skip ? S.QueuedForExport : S.ToReview,
      reason: `${summary.description}${summary.averageConfidence === null ? '' : `, average confidence ${Math.round(summary.averageConfidence * 100)}%`}; ${skip ? `review skipped (${skip}), queued for export` : 'ready for review'}`,
      payload: { averageConfidence: summary.averageConfidence, ...summary.payload },
      // Written with the status change: the task is listed for review with its confidence.
      result: { average_confidence: summary.averageConfidence, processing_finished_on: new Date() },
      notes: [{ description: indexed.message, payload: { indexStatus: indexed.status, entries: indexed.entries } }],
    };
  },
};

export interface Summary {
  averageConfidence: number | null;
  description: string;
  payload: Record<string, unknown>;
  /** A document's pages with their text and result, as the search index takes them (read back without). */
  indexedPages?: IndexedPage[];
}

/** Why the task skips review, or null when it is reviewed. */
function skipsReview(task: TaskRow, settings: WorkspaceSettings): string | null {
  if (settings.config.taskType === 'Translation') return 'translations have no review';
  const extension = extname(task.original_file_name ?? '').toLowerCase();
  const skipped = settings.config.fileTypesToSkipReview.map((type) =>
    (type.startsWith('.') ? type : `.${type}`).toLowerCase(),
  );
  return extension && skipped.includes(extension) ? `${extension} files skip review in this workspace` : null;
}

async function documentResults(
  context: StageContext,
  store: StageStore,
  settings: WorkspaceSettings,
): Promise<Summary> {
  const task = context.task;
  const rows = await store.pagesWithFiles(task.id);
  if (rows.length === 0) throw notRecognised();
  const steps = new Set(settings.pipeline.postProcessingStepIds);
  const taskType = settings.config.taskType;
  const languages = languagesOf(task, settings);
  const hooks = settings.config.recognizerHooks;
  const translating = steps.has('postprocess.translate') && taskType === 'Translation';

  const entities: Entity[] = [];
  let fields: Entity[] = [];
  let eInvoice: EInvoiceResults | null = null;
  const withFields = steps.has('postprocess.detect-fields') && (taskType === 'Invoice' || taskType === 'Receipt');
  // The QR codes of the page images on the process's threads, beside the detectors below.
  const qrCodes = steps.has('postprocess.detect-qr-codes') ? qrCodesOfPages(context, store, rows) : Promise.resolve([]);
  // An e-invoice the file carries is looked for meanwhile: it needs the file, not the pages.
  const embedded = withFields && taskType === 'Invoice' ? findEInvoice(context, store) : Promise.resolve(null);
  // Awaited below; a failure of the detectors first is not an unhandled one.
  qrCodes.catch(() => undefined);
  embedded.catch(() => undefined);
  const detectTables = steps.has('postprocess.detect-tables');
  const detectPii = steps.has('postprocess.detect-pii');
  const pageTables: Table[] = [];
  const personalData: Entity[] = [];
  const wordConfidences: number[] = [];
  // Each page's text for the search index, found where the threads parse the pages anyway.
  const indexTexts = new Map<number, string>();
  // The workspace's hooks and a translation are given every page, so only they keep them all.
  const keptPages: PageText[] = [];
  const keepsPages = hooks.length > 0 || translating;
  const keepFindings = (detected: DetectedDocument) => {
    pageTables.push(...detected.tables);
    personalData.push(...detected.pii);
    for (const confidence of detected.confidences) wordConfidences.push(confidence);
    for (const { pageNumber, text } of detected.texts) indexTexts.set(pageNumber, text);
  };
  // The recognised pages travel to the threads as the JSON text stored (a string is copied, where
  // word objects are cloned one by one), are parsed there, and only the findings come back; this
  // thread parses a page only for what needs its words here (an e-invoice's check, hooks, translation).
  // A document whose every page the field detector reads, in one window, has its tables, personal
  // data and confidences found in the same job, so its pages cross to a thread once.
  let windowsDetected = false;
  if (withFields) {
    // The invoice fields from the document's first and last pages, in one job on a thread.
    const fieldPages: StoredOcrPage[] = [];
    for (const part of fieldRows(rows)) fieldPages.push(...(await storedPages(store, task.id, part)));
    windowsDetected = fieldPages.length === rows.length && rows.length <= PAGES_PER_READ;
    const detected = await detectFieldsAndMore(context, {
      pages: fieldPages,
      fields: taskType,
      tables: windowsDetected && detectTables,
      pii: windowsDetected && detectPii,
      languages,
      texts: windowsDetected,
    });
    if (windowsDetected) {
      keepFindings(detected);
      if (keepsPages) keptPages.push(...fieldPages.map(pageTextFromStoredOcr));
    }
    const foundEInvoice = await embedded;
    eInvoice = foundEInvoice
      ? await eInvoiceResults(context, store, foundEInvoice, fieldPages.map(pageTextFromStoredOcr), detected.fields)
      : null;
    fields = mapFieldEntities(eInvoice?.fields ?? detected.fields, fieldMapping(settings.config));
    entities.push(...fields);
  }
  // Tables, personal data and the words' confidences a window of pages at a time: tables and
  // personal data are found page by page, so a window's words are dropped once it is done and the
  // stage's memory and time per page do not grow with the document.
  for (let from = 0; from < rows.length && !windowsDetected; from += PAGES_PER_READ) {
    const window = await storedPages(store, task.id, rows.slice(from, from + PAGES_PER_READ));
    keepFindings(
      await context.threads.detectStoredPages({
        pages: window,
        fields: null,
        tables: detectTables,
        pii: detectPii,
        languages,
        texts: true,
      }),
    );
    if (keepsPages) keptPages.push(...window.map(pageTextFromStoredOcr));
  }
  // A workspace that recognizes with a trained template model: its fields are the model's.
  const customModel = settings.config.customModel as { id?: string } | null;
  const custom = await customModelFields(
    context.db,
    task,
    customModel,
    customModel?.id ? await store.pagesOcr(task.id) : [],
  );
  if (custom) {
    fields = [...fields, ...custom.entities];
    entities.push(...custom.entities);
  }
  // An e-invoice's line items are exact; the column-alignment guess is not wanted beside them.
  const tables: Table[] = eInvoice?.table ? [eInvoice.table] : pageTables;
  entities.push(...personalData);
  entities.push(...(await qrCodes));
  // The workspace's hooks run last, so they see every entity found above.
  if (hooks.length > 0) {
    const hooked = await runRecognizerHooks(
      context.config,
      hooks,
      { taskId: task.id, workspaceId: task.workspace_id, tenantId: task.tenant_id, pages: keptPages, entities },
      context.signal,
    );
    entities.push(...hooked.entities);
  }

  const fieldConfidences = fields.map(entityConfidence).filter((value): value is number => value !== null);
  const averageConfidence = fieldConfidences.length > 0 ? mean(fieldConfidences) : mean(wordConfidences);
  // Grouped by page once: filtering every entity for every page grew with the square of the pages.
  const entitiesByPage = byPage(entities, (entity) => entity.pageNumber);
  const tablesByPage = byPage(tables, (table) => table.boundsAndPoints?.pageNumber ?? 1);
  const documents = rows.map(({ page_number: pageNumber }) => {
    const pageEntities = entitiesByPage.get(pageNumber) ?? [];
    const onPage = tablesByPage.get(pageNumber) ?? [];
    const confidences = pageEntities.map(entityConfidence).filter((value): value is number => value !== null);
    const document: DocumentResult = {
      documentConfidence: null,
      averageConfidence: confidences.length > 0 ? mean(confidences) : null,
      entities: pageEntities,
      tables: onPage,
    };
    return { pageNumber, document };
  });
  // One UPDATE per window of pages rather than per page (a window bounds one statement's size).
  for (let from = 0; from < documents.length; from += PAGES_PER_WRITE) {
    await store.setPagesDocument(task.id, documents.slice(from, from + PAGES_PER_WRITE));
  }
  const translated = translating ? await translatePages(context, store, settings, keptPages) : null;
  const qr = entities.filter((entity) => entity.qrCode).length;
  const pii = entities.filter((entity) => entity.type === 'pii').length;
  const parts = [
    `${fields.length} field${fields.length === 1 ? '' : 's'}${custom ? ` (custom model '${custom.model.model_name}' version ${custom.model.version_number})` : ''}`,
    `${tables.length} table${tables.length === 1 ? '' : 's'}`,
    ...(qr > 0 ? [`${qr} QR code${qr === 1 ? '' : 's'}`] : []),
    ...(steps.has('postprocess.detect-pii') ? [`${pii} personal data finding${pii === 1 ? '' : 's'}`] : []),
  ];
  const found = `${parts.join(', ')} found on ${rows.length} page${rows.length === 1 ? '' : 's'}`;
  return {
    averageConfidence,
    description: translated ? `${found}; ${translated.description}` : found,
    ...(indexTexts.size === rows.length
      ? {
          indexedPages: documents.map(({ pageNumber, document }) => ({
            pageNumber,
            text: indexTexts.get(pageNumber) ?? '',
            document,
          })),
        }
      : {}),
    payload: {
      ...translated?.payload,
      fields: fields.map((field) => field.category),
      ...(custom ? { customModelId: custom.model.id, customModelVersion: custom.model.version_number } : {}),
      tables: tables.length,
      qrCodes: qr,
      pii,
      ...(hooks.length > 0 ? { recognizerHooks: hooks } : {}),
      ...eInvoice?.payload,
    },
  };
}

/**
 * The invoice fields of the pages, and what else `input` asks for, found on the threads: a longer
 * document (SPLIT_DETECTION_FROM_PAGES), when the worker has two threads or more, in two jobs at
 * once — the fields in one, the rest (tables, personal data, confidences, texts) in the other —,
 * each parsing the pages itself; the findings are the same as one job's.
 */
async function detectFieldsAndMore(context: StageContext, input: DetectStoredInput): Promise<DetectedDocument> {
  const more = input.tables || input.pii || input.texts;
  if (input.pages.length < SPLIT_DETECTION_FROM_PAGES || context.threads.size < 2 || !more) {
    return context.threads.detectStoredPages(input);
  }
  const [fields, rest] = await Promise.all([
    context.threads.detectStoredPages({ ...input, tables: false, pii: false, texts: false }),
    context.threads.detectStoredPages({ ...input, fields: null }),
  ]);
  return { ...rest, fields: fields.fields };
}

/**
 * The stored OCR of the given pages (in page order, consecutive) as JSON text, read a window of
 * pages at a time; every page must have been recognised.
 */
async function storedPages(store: StageStore, taskId: string, rows: readonly PageWithFile[]): Promise<StoredOcrPage[]> {
  const pages: StoredOcrPage[] = [];
  for (let from = 0; from < rows.length; from += PAGES_PER_READ) {
    const window = rows.slice(from, from + PAGES_PER_READ);
    const first = (window[0] as PageWithFile).page_number;
    const last = (window.at(-1) as PageWithFile).page_number;
    const stored = await store.pagesOcrText(taskId, { first, last });
    if (stored.length !== window.length) throw notRecognised();
    for (const row of stored) {
      if (row.ocr === null) throw notRecognised();
      pages.push({ pageNumber: row.page_number, storedOcr: row.ocr });
    }
  }
  return pages;
}

const notRecognised = () =>
  new TaskFailure(S.PostProcessingFailed, "The task's pages have not been recognised; restart its processing.");

/**
 * The pages the invoice-field detector reads: the first and the last FIELD_PAGES_AT_EACH_END, the
 * whole document when it is no longer than both together.
 */
export function fieldRows<Row>(rows: readonly Row[]): Row[][] {
  if (rows.length <= 2 * FIELD_PAGES_AT_EACH_END) return [[...rows]];
  return [rows.slice(0, FIELD_PAGES_AT_EACH_END), rows.slice(-FIELD_PAGES_AT_EACH_END)];
}

function byPage<T>(items: readonly T[], pageOf: (item: T) => number): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const item of items) {
    const page = pageOf(item);
    const list = grouped.get(page);
    if (list) list.push(item);
    else grouped.set(page, [item]);
  }
  return grouped;
}

/**
 * The QR codes of every page: those pre-processing started reading for exactly these pages
 * (early-qr-codes.ts), or read now, the pages shared out among the threads in batches.
 */
async function qrCodesOfPages(
  context: StageContext,
  store: StageStore,
  rows: readonly PageWithFile[],
): Promise<Entity[]> {
  const withFiles = rows.filter((row) => row.image_blob_id && row.storage_key);
  const early = await takeEarlyQrCodes(context.task.id, withFiles.map(qrPageKey));
  if (early) return early;
  return readQrCodeBatches(
    context.threads,
    rows.length,
    (from, to) => qrPagesOf(store, rows.slice(from, to)),
    () => context.heartbeat(),
  );
}

/** What a page's QR codes depend on besides its file (early-qr-codes.ts). */
function qrPageKey(row: PageWithFile): QrPageKey {
  const inPoints = row.unit === 'point';
  return {
    blobId: row.image_blob_id as string,
    pageNumber: row.page_number,
    contentType: row.content_type ?? 'application/octet-stream',
    widthPt: inPoints ? Number(row.width) : undefined,
    heightPt: inPoints ? Number(row.height) : undefined,
  };
}

/**
 * The page files QR codes are read from (in one of the process's threads): PDF pages are rendered
 * at the QR resolution, image pages read as stored.
 */
async function qrPagesOf(store: StageStore, rows: readonly PageWithFile[]): Promise<QrPage[]> {
  const pages: QrPage[] = [];
  for (const row of rows) {
    if (!row.image_blob_id || !row.storage_key) continue;
    const { contentType, pageNumber, widthPt, heightPt } = qrPageKey(row);
    pages.push({ bytes: await store.readStored(row.storage_key), contentType, pageNumber, widthPt, heightPt });
  }
  return pages;
}

async function mediaSummary(store: StageStore, task: TaskRow): Promise<Summary> {
  const media = await store.media(task.id);
  const transcript = media?.transcript as unknown as Transcript | null | undefined;
  if (!transcript) {
    throw new TaskFailure(S.PostProcessingFailed, 'The recording has not been transcribed; restart its processing.');
  }
  const confidences = transcript.transcripts.flatMap((item) =>
    item.children.map((word) => word.confidence).filter((value): value is number => typeof value === 'number'),
  );
  const words = transcript.transcripts.reduce((sum, item) => sum + item.children.length, 0);
  return {
    averageConfidence: mean(confidences),
    description: `Transcript of ${words} words with ${transcript.speakers.length} speaker${transcript.speakers.length === 1 ? '' : 's'}`,
    payload: { words, speakers: transcript.speakers.length },
  };
}
