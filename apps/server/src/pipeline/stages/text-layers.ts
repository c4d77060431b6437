// The text layers recognition reads with poppler, a window of pages at a time, split over the
// worker's share of the threads. Every pdftotext process start costs CPU (poppler, fontconfig) —
// more than reading a digital page's text — so where the task's pages are pages of a stored PDF
// file with known page numbers, they are read from that file, one run per range of consecutive
// pages, instead of one run per page file written to a temporary folder.
//
// Which pages that is: pre-processing stores page N of a task as page first + N − 1 of the task's
// own file (tasks.blob_id; `first` is split_first_page for a chunk of a split file, 1 otherwise),
// cut by PDFium with the page's boxes, /Rotate and resources — or the file itself for a one-page
// PDF —, and a restart cuts them again from the same file. That holds only for a PDF source:
// an e-invoice XML is reviewed on a rendering only its page files hold, and images are OCR'd;
// and it pays only when the file is not far larger than the task's pages (MAX_FILE_BYTES_PER_PAGE).
// Pages turned by /Rotate (or by OCR on an earlier run) are left to pdf.js, as they were before.
// A range poppler fails on is read from its page files as before; the words stored are those the
// page files give (readFileTextLayers).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TaskRow } from '../../db/schema.js';
import { detectFileType } from '../documents/index.js';
import { type FilePdfPage, NOT_READ, type SizedPdfPage } from '../documents/recognize-page.js';
import type { RecognizedPage } from '../threads/page-work.js';
import type { StageContext } from '../worker/stage.js';
import type { StageStore } from './task-store.js';

export type PageRow = Awaited<ReturnType<StageStore['pagesWithFiles']>>[number];

/** The text layers of a window's pages by page number (null or absent: pdf.js and OCR read the page file). */
export type TextLayers = Map<number, RecognizedPage | null>;

/** The task's own PDF file, written once for all the windows of a recognition run. */
export interface DocumentFile {
  path: string;
  /** The file's page of the task's page 1. */
  firstPage: number;
}

/**
 * The most bytes of the task's file a page of the task may stand for, for the file to be read
 * instead of the page files. Reading and writing the file costs ~1.7 ms CPU a megabyte, and saves
 * up to a pdftotext start a page (~10 ms): a whole document is practically always well under it,
 * a chunk of a split only when it is a good part of its shared file (a one-page chunk of a
 * 2,000-page file would write all of it to read one page).
 */
export const MAX_FILE_BYTES_PER_PAGE = 2 * 1024 * 1024;

/**
 * The task's stored file on disk when its pages are pages of it (a PDF) and it is not too large
 * for the `pageCount` pages read from it, else null; `close` removes it. Opened on first use: a
 * run whose pages all go to OCR never writes it.
 */
export class TaskDocumentFile {
  private opened: Promise<DocumentFile | null> | null = null;
  private directory: string | null = null;

  constructor(
    private readonly store: StageStore,
    private readonly task: TaskRow,
    private readonly pageCount: number,
  ) {}

  open(): Promise<DocumentFile | null> {
    // A file that cannot be read or written leaves the page files to read, as before.
    this.opened ??= this.write().catch(() => null);
    return this.opened;
  }

  async close(): Promise<void> {
    if (this.directory) await rm(this.directory, { recursive: true, force: true });
  }

  private async write(): Promise<DocumentFile | null> {
    const task = this.task;
    if (!task.blob_id || task.file_kind !== 'pdf') return null;
    const blob = await this.store.blobKey(task.blob_id);
    if (!blob || blob.size > MAX_FILE_BYTES_PER_PAGE * this.pageCount) return null;
    const bytes = await this.store.readStored(blob.key);
    // file_kind is that of the pages: an e-invoice XML's pages are cut from its rendering.
    if (detectFileType(bytes)?.kind !== 'pdf') return null;
    this.directory = await mkdtemp(join(tmpdir(), 'reviewdesk-text-'));
    const path = join(this.directory, 'document.pdf');
    await writeFile(path, bytes);
    return { path, firstPage: Math.max(1, task.split_first_page ?? 1) };
  }
}

/** Pages poppler reads: upright PDF pages with a page file (the others go to pdf.js and OCR). */
export const readByPoppler = (page: PageRow): boolean =>
  page.content_type === 'application/pdf' && !!page.storage_key && page.rotation % 360 === 0;

/** `items` cut into `parts` runs of about equal length, in order. */
function shareOut<T>(items: readonly T[], parts: number): T[][] {
  const share = Math.ceil(items.length / Math.max(1, parts));
  const groups: T[][] = [];
  for (let at = 0; at < items.length; at += share) groups.push(items.slice(at, at + share));
  return groups;
}

/**
 * The text layers of a window's pages poppler reads: from the task's own file when it has one
 * (`documentFile`), the pages it could not serve there — and all of them without it — from their page files.
 */
export async function popplerTextLayers(
  context: StageContext,
  store: StageStore,
  window: readonly PageRow[],
  documentFile: TaskDocumentFile,
): Promise<TextLayers> {
  const candidates = window.filter(readByPoppler);
  const layers: TextLayers = new Map();
  if (candidates.length === 0) return layers;
  const document = await documentFile.open();
  const fromPageFiles: PageRow[] = [];
  if (document) {
    const groups = shareOut(candidates, context.threads.size);
    const read = await Promise.all(
      groups.map((pages) =>
        context.threads.readFileTextLayers({
          path: document.path,
          pages: pages.map(
            (page): FilePdfPage => ({
              pageNumber: page.page_number,
              sourcePage: document.firstPage + page.page_number - 1,
              width: Number(page.width),
              height: Number(page.height),
            }),
          ),
        }),
      ),
    );
    read.flat().forEach((layer, index) => {
      const page = candidates[index] as PageRow;
      if (layer === NOT_READ) fromPageFiles.push(page);
      else layers.set(page.page_number, layer);
    });
  } else {
    fromPageFiles.push(...candidates);
  }
  for (const [pageNumber, layer] of await pageFileTextLayers(context, store, fromPageFiles)) {
    layers.set(pageNumber, layer);
  }
  return layers;
}

/** The text layers of pages read from their page files, one pdftotext run per file, one process per thread. */
async function pageFileTextLayers(
  context: StageContext,
  store: StageStore,
  pages: readonly PageRow[],
): Promise<TextLayers> {
  const layers: TextLayers = new Map();
  if (pages.length === 0) return layers;
  const inputs: SizedPdfPage[] = [];
  for (const page of pages) {
    inputs.push({
      bytes: await store.readStored(page.storage_key as string),
      contentType: 'application/pdf',
      pageNumber: page.page_number,
      width: Number(page.width),
      height: Number(page.height),
    });
  }
  const read = await Promise.all(
    shareOut(inputs, context.threads.size).map((group) => context.threads.readTextLayers({ pages: group })),
  );
  read.flat().forEach((layer, index) => {
    layers.set((inputs[index] as SizedPdfPage).pageNumber, layer);
  });
  return layers;
}
