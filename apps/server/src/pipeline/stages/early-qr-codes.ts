// QR codes read as soon as a task's page files exist. Post-processing reads them from the page files
// alone (read-qr-codes.ts: PDFium, pdftoppm, zbar — a page thread and a child process), while
// pre-processing and recognition of a small document keep mostly the JavaScript thread and one
// page thread busy (the file's layout, the database, one pdftotext), one step after another. So
// pre-processing starts the QR reading of a small document's pages on a thread the moment it has
// stored them, recognition that of a longer one behind its text layers, and post-processing takes
// the answer instead of reading them again: the renders run beside the earlier stages instead of
// after them.
//
// Nothing is written from here: the codes reach the database in post-processing, with its status,
// as before. The answer is kept in this process only, for a while, and used only when it was read
// from the very pages post-processing would read (the same stored files, page numbers and
// resolution); otherwise — another process runs post-processing, the task was restarted, the early
// read failed, or it was dropped — post-processing reads the codes itself, and any error comes from
// that run as before.
import type { Entity, QrPage } from '../documents/index.js';
import { qrDpiOfSize } from '../documents/qr/read-qr-codes.js';
import type { PageThreads } from '../threads/page-threads.js';
import { inParallel } from './in-parallel.js';

/** Most pages whose QR codes are read by one child process (read-qr-codes.ts). */
export const QR_BATCH = 50;
/**
 * Documents up to this many pages are read early by pre-processing, in one job on one thread: the
 * other threads stay free for the pages' text layers, which recognition reads meanwhile.
 */
export const EARLY_QR_MAX_PAGES = 4;
/**
 * Longer documents, up to this many pages, are read early by recognition, in batches shared out
 * among the threads as post-processing would, queued behind their text layers: they run while the
 * text layers finish, are written, and post-processing reads the stored pages.
 */
export const EARLY_QR_MAX_PAGES_BEHIND_TEXT = QR_BATCH;
/**
 * Whether recognition starts reading the QR codes of a document of `pageCount` pages, behind its
 * text layers, on a worker with a share of `threads` (readQrCodesEarly).
 */
export const readsQrCodesBehindText = (pageCount: number, threads: number): boolean =>
  pageCount > EARLY_QR_MAX_PAGES && pageCount <= EARLY_QR_MAX_PAGES_BEHIND_TEXT && threads >= 2;

/** Answers kept at once, the oldest dropped first (each is a few entities). */
const MAX_KEPT = 32;
/** An answer not taken by then is dropped (its task went elsewhere, or failed). */
const MAX_AGE_MS = 10 * 60_000;

/** What a page's QR codes depend on, besides its file's bytes: told by the stored file's blob. */
export interface QrPageKey {
  blobId: string;
  pageNumber: number;
  contentType: string;
  widthPt?: number | undefined;
  heightPt?: number | undefined;
}

interface Kept {
  at: number;
  pages: string[];
  codes: Promise<Entity[]>;
}

const kept = new Map<string, Kept>();

/** What the codes of a page depend on, as text: file, page number and the resolution it is rendered at. */
function keyOf(page: QrPageKey): string | null {
  let resolution: string;
  if (page.contentType !== 'application/pdf') resolution = 'as stored';
  else {
    try {
      resolution = String(qrDpiOfSize(page.widthPt, page.heightPt) ?? 'from the file');
    } catch {
      // Too large to render: post-processing reports it, as before.
      return null;
    }
  }
  return `${page.blobId} ${page.pageNumber} ${page.contentType} ${resolution}`;
}

/**
 * The QR codes of `pages` in page order, read in batches shared out among the threads (`between`
 * runs after each batch, e.g. the lease's heartbeat).
 */
export async function readQrCodeBatches(
  threads: Pick<PageThreads, 'readQrCodes' | 'size'>,
  count: number,
  batchPages: (from: number, to: number) => Promise<QrPage[]>,
  between: () => Promise<void> = async () => {},
): Promise<Entity[]> {
  // Shared out among the worker's share of the threads: every core a worker alone has, one while
  // another worker keeps the other busy (no second batch, with its own renders, waiting for it).
  const size = Math.min(QR_BATCH, Math.ceil(count / threads.size));
  const starts: number[] = [];
  for (let from = 0; from < count; from += size) starts.push(from);
  const found = await inParallel(starts, threads.size, async (from) => {
    const codes = (await threads.readQrCodes({ pages: await batchPages(from, Math.min(count, from + size)) })).flat();
    await between();
    return codes;
  });
  return found.flat();
}

/**
 * Starts reading the QR codes of a document's stored pages now, on the threads, for post-processing
 * to take: a small document's in one job (EARLY_QR_MAX_PAGES), a longer one's in batches; nothing
 * when it is longer still, when the worker has one thread, or when they are being read already.
 */
export function readQrCodesEarly(
  taskId: string,
  threads: Pick<PageThreads, 'readQrCodes' | 'size'>,
  pages: ReadonlyArray<QrPage & QrPageKey>,
): void {
  // With one thread (or the worker's share of one), nothing runs beside the stages to gain from.
  if (pages.length === 0 || pages.length > EARLY_QR_MAX_PAGES_BEHIND_TEXT || threads.size < 2) return;
  const keys = pages.map(keyOf);
  if (keys.some((key) => key === null)) return;
  if (kept.get(taskId)?.pages.join('\n') === keys.join('\n')) return;
  const now = Date.now();
  for (const [id, entry] of kept) if (now - entry.at > MAX_AGE_MS) kept.delete(id);
  while (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
  // Only what the reader needs crosses to the thread.
  const inputs: QrPage[] = pages.map(({ bytes, contentType, pageNumber, widthPt, heightPt }) => ({
    bytes,
    contentType,
    pageNumber,
    ...(widthPt !== undefined ? { widthPt } : {}),
    ...(heightPt !== undefined ? { heightPt } : {}),
  }));
  const codes =
    inputs.length <= EARLY_QR_MAX_PAGES
      ? threads.readQrCodes({ pages: inputs }).then((found) => found.flat())
      : readQrCodeBatches(threads, inputs.length, async (from, to) => inputs.slice(from, to));
  // Taken (and its failure handled) by post-processing, or dropped.
  codes.catch(() => undefined);
  kept.set(taskId, { at: now, pages: keys as string[], codes });
}

/**
 * The codes read early for exactly these pages of the task (in page order), or null; the answer
 * is handed out once. A failed early read answers null: post-processing reads them itself.
 */
export async function takeEarlyQrCodes(taskId: string, pages: readonly QrPageKey[]): Promise<Entity[] | null> {
  const entry = kept.get(taskId);
  if (!entry) return null;
  kept.delete(taskId);
  const keys = pages.map(keyOf);
  if (keys.length !== entry.pages.length || keys.some((key, index) => key === null || key !== entry.pages[index])) {
    return null;
  }
  try {
    return await entry.codes;
  } catch {
    return null;
  }
}
