// PDFium (Chrome's PDF engine) compiled to WebAssembly by @embedpdf/pdfium (MIT). Chosen for the
// anonymised exports because it removes the text under a rectangle from the page's content stream
// and burns the pixels of images under it (EPDFText_RedactInRect); pdf-lib and qpdf can only draw a
// box over the text, and mupdf, which can redact too, is AGPL-3.0. The QR reader uses it too, to list
// what a page draws without rendering it (pipeline/documents/qr/qr-regions.ts) and then to render
// only the regions that may hold a code (pdfium-render.ts). One module per
// process (per thread in the pipeline's threads), loaded on first use; calls into it are
// synchronous, so documents never interleave.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { init, type WrappedPdfiumModule } from '@embedpdf/pdfium';

let loading: Promise<WrappedPdfiumModule> | null = null;

export function loadPdfium(): Promise<WrappedPdfiumModule> {
  loading ??= (async () => {
    const wasmPath = createRequire(import.meta.url).resolve('@embedpdf/pdfium/pdfium.wasm');
    const wasm = await readFile(wasmPath);
    const module = await init({
      wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer,
    });
    module.PDFiumExt_Init();
    return module;
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/**
 * The module's memory as bytes. Read it again after every call that may allocate: a growing
 * WebAssembly memory replaces the buffer. (Emscripten's typings, which declare it, are not installed.)
 */
export const heap = (module: WrappedPdfiumModule): Uint8Array =>
  (module.pdfium as unknown as { HEAPU8: Uint8Array }).HEAPU8;

/** Bytes copied into the module's memory; `free` them when done. */
export function copyIn(module: WrappedPdfiumModule, bytes: Uint8Array): number {
  const pointer = module.pdfium.wasmExports.malloc(bytes.byteLength);
  heap(module).set(bytes, pointer);
  return pointer;
}

/** A whole document as a file (no incremental update: removed objects do not linger in the bytes). */
export function saveDocument(module: WrappedPdfiumModule, document: number): Uint8Array {
  const writer = module.PDFiumExt_OpenFileWriter();
  try {
    if (!module.PDFiumExt_SaveAsCopy(document, writer)) throw new Error('PDFium could not write the document.');
    const size = module.PDFiumExt_GetFileWriterSize(writer);
    const pointer = module.pdfium.wasmExports.malloc(size);
    try {
      module.PDFiumExt_GetFileWriterData(writer, pointer, size);
      return heap(module).slice(pointer, pointer + size);
    } finally {
      module.pdfium.wasmExports.free(pointer);
    }
  } finally {
    module.PDFiumExt_CloseFileWriter(writer);
  }
}

export class PdfiumError extends Error {
  override readonly name = 'PdfiumError';
}

/** Opens a PDF from bytes for the time of `use`, then closes it and frees its memory. */
export async function withDocument<T>(
  bytes: Uint8Array,
  use: (module: WrappedPdfiumModule, document: number) => T,
): Promise<T> {
  const module = await loadPdfium();
  const pointer = copyIn(module, bytes);
  const document = module.FPDF_LoadMemDocument(pointer, bytes.byteLength, '');
  try {
    if (!document) throw new PdfiumError(`PDFium could not open the document (error ${module.FPDF_GetLastError()}).`);
    return use(module, document);
  } finally {
    if (document) module.FPDF_CloseDocument(document);
    module.pdfium.wasmExports.free(pointer);
  }
}

/** A page of an open document for the time of `use`. */
export function withPage<T>(module: WrappedPdfiumModule, document: number, index: number, use: (page: number) => T): T {
  const page = module.FPDF_LoadPage(document, index);
  if (!page) throw new PdfiumError(`PDFium could not open page ${index + 1}.`);
  try {
    return use(page);
  } finally {
    module.FPDF_ClosePage(page);
  }
}
