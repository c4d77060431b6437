// Opens a PDF with pdf.js (the legacy build: the modern one needs browser-only APIs) and turns its
// exceptions into the engines' typed errors. Fonts, CMaps, wasm decoders and ICC profiles come from
// the installed pdfjs-dist package, so nothing is fetched from the network.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  getDocument,
  InvalidPDFException,
  PasswordException,
  PasswordResponses,
  type PDFDocumentProxy,
} from 'pdfjs-dist/legacy/build/pdf.mjs';
// pdf.js parses on a "fake worker" in this thread; loading its worker module with pdf.js (it sets
// globalThis.pdfjsWorker) means a process or pipeline thread pays for it when it starts, not on its
// first document, in the middle of a task.
import 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import { CorruptDocumentError, EncryptedDocumentError } from '../errors.js';

const require = createRequire(import.meta.url);
// pdf.js joins these with file names, so they need a trailing slash.
const PDFJS_DIR = `${dirname(require.resolve('pdfjs-dist/package.json'))}/`;

export const PDFJS_VERSION = (require('pdfjs-dist/package.json') as { version: string }).version;

export interface LoadPdfOptions {
  /** User password of an encrypted PDF. */
  password?: string;
}

/** Calls `use` with the opened document and always releases it, even when `use` throws. */
export async function withPdf<T>(
  bytes: Uint8Array,
  use: (document: PDFDocumentProxy) => Promise<T>,
  options: LoadPdfOptions = {},
): Promise<T> {
  if (bytes.length === 0) throw new CorruptDocumentError('PDF', 'the file is empty (0 bytes).');
  const task = getDocument({
    // pdf.js transfers (detaches) the buffer it is given; the caller keeps its own copy.
    data: bytes.slice(),
    password: options.password,
    standardFontDataUrl: join(PDFJS_DIR, 'standard_fonts/'),
    cMapUrl: join(PDFJS_DIR, 'cmaps/'),
    cMapPacked: true,
    wasmUrl: join(PDFJS_DIR, 'wasm/'),
    iccUrl: join(PDFJS_DIR, 'iccs/'),
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  let document: PDFDocumentProxy;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    throw translatePdfjsError(error);
  }
  try {
    return await use(document);
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

function translatePdfjsError(error: unknown): Error {
  if (error instanceof PasswordException) {
    return new EncryptedDocumentError(error.code === PasswordResponses.INCORRECT_PASSWORD);
  }
  if (error instanceof InvalidPDFException) return new CorruptDocumentError('PDF', sentence(error.message));
  if (error instanceof Error) return new CorruptDocumentError('PDF', sentence(error.message));
  return new CorruptDocumentError('PDF', 'the PDF reader failed without a reason.');
}

const sentence = (text: string): string => {
  const trimmed = text.trim() || 'unknown reason';
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};
