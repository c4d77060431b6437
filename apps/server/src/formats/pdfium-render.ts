// Rectangles of a PDF page rendered grey by PDFium in the calling thread, on the pixel grid pdftoppm
// renders the page on at the same resolution: the QR reader renders only the regions of a page that
// may hold a code (pipeline/documents/qr/qr-region-pixels.ts), and a pdftoppm process a region cost
// 11–14 ms of CPU, nearly all of it the process's start (poppler, fontconfig), where PDFium renders
// a region of a page it has already loaded in a few milliseconds.
//
// The grid: pixel (0, 0) is the page's top-left corner (after /Rotate), one pixel is 72/dpi points,
// and a rectangle is a slice of that whole page image (as `pdftoppm -x -y -W -H`); PDFium's page
// matrix, scaled and moved by whole pixels, places every edge where pdftoppm's does. Annotations
// are drawn as pdftoppm draws them (their normal appearance, hidden ones not), form fields included.
// The colours go to grey by the luminance `pdftoppm -gray` uses (poppler's 0.299/0.587/0.114).
import type { WrappedPdfiumModule } from '@embedpdf/pdfium';
import { heap, PdfiumError } from './pdfium.js';

/** One byte a pixel, rows top to bottom, 0 = black. */
export interface GreyPixels {
  data: Uint8Array;
  width: number;
  height: number;
}

/** A rectangle of the page image in pixels (top < bottom). */
export interface PixelRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** FPDF_ANNOT (fpdfview.h): draw the annotations' appearances. */
const RENDER_ANNOTATIONS = 0x01;
/** FPDF_GetFormType's FORMTYPE_NONE: the document has no form fields to draw. */
const NO_FORM = 0;
/**
 * Largest band rendered at once, in pixels (16 MB of BGRx): a WebAssembly memory never shrinks, so a
 * poster-sized region rendered whole would keep its size in the thread's heap for good.
 */
const BAND_PIXELS = 4_000_000;
/** poppler's luminance (GfxDeviceRGBColorSpace::getGrayLine) in 16-bit fixed point. */
const RED = 19595;
const GREEN = 38470;
const BLUE = 7471;

/**
 * A document's form fields drawn over its pages (FPDF_FFLDraw): PDFium's page render leaves widget
 * annotations out, pdftoppm draws them. Null when the document has no form (the common case, which
 * then costs nothing). `close` before the document is closed.
 */
export interface FormDrawing {
  handle: number;
  close(): void;
}

export function openFormDrawing(module: WrappedPdfiumModule, document: number): FormDrawing | null {
  if (module.FPDF_GetFormType(document) === NO_FORM) return null;
  const info = module.PDFiumExt_OpenFormFillInfo();
  const handle = info ? module.PDFiumExt_InitFormFillEnvironment(document, info) : 0;
  if (!handle) {
    if (info) module.PDFiumExt_CloseFormFillInfo(info);
    return null;
  }
  return {
    handle,
    close() {
      module.PDFiumExt_ExitFormFillEnvironment(handle);
      module.PDFiumExt_CloseFormFillInfo(info);
    },
  };
}

/**
 * The grey pixels of `rect` of the open `page` rendered at `dpi` (pdftoppm's grid, above). Throws a
 * PdfiumError when PDFium cannot allocate the bitmap; every bitmap is freed before it returns.
 */
export function renderGreyRect(
  module: WrappedPdfiumModule,
  page: number,
  rect: PixelRect,
  dpi: number,
  form: FormDrawing | null = null,
): GreyPixels {
  const width = rect.right - rect.left;
  const height = rect.bottom - rect.top;
  if (width <= 0 || height <= 0) throw new PdfiumError('PDFium was asked to render an empty rectangle.');
  const data = new Uint8Array(width * height);
  const bandRows = Math.max(1, Math.min(height, Math.floor(BAND_PIXELS / width)));
  // FS_MATRIX (6 floats) then FS_RECTF (4 floats).
  const scratch = module.pdfium.wasmExports.malloc(40);
  try {
    for (let top = 0; top < height; top += bandRows) {
      const rows = Math.min(bandRows, height - top);
      renderBand(module, page, scratch, { left: rect.left, top: rect.top + top, width, rows }, dpi, form, data, top);
    }
  } finally {
    module.pdfium.wasmExports.free(scratch);
  }
  return { data, width, height };
}

function renderBand(
  module: WrappedPdfiumModule,
  page: number,
  scratch: number,
  band: { left: number; top: number; width: number; rows: number },
  dpi: number,
  form: FormDrawing | null,
  into: Uint8Array,
  intoRow: number,
): void {
  const bitmap = module.FPDFBitmap_Create(band.width, band.rows, 0);
  if (!bitmap) throw new PdfiumError(`PDFium could not allocate a ${band.width}×${band.rows} bitmap.`);
  try {
    module.FPDFBitmap_FillRect(bitmap, 0, 0, band.width, band.rows, 0xffffffff);
    // The page's display matrix (crop box and /Rotate, one unit a point, y down) scaled to the
    // resolution and moved so the band's top-left pixel is the bitmap's first: a move by whole
    // pixels keeps every pixel's coverage what it is on the whole page image.
    const scale = dpi / 72;
    const view = new DataView(heap(module).buffer);
    const floats = [scale, 0, 0, scale, -band.left, -band.top, 0, 0, band.width, band.rows];
    for (const [index, value] of floats.entries()) view.setFloat32(scratch + index * 4, value, true);
    module.FPDF_RenderPageBitmapWithMatrix(bitmap, page, scratch, scratch + 24, RENDER_ANNOTATIONS);
    if (form) drawFormFields(module, page, bitmap, band, dpi, form);
    const stride = module.FPDFBitmap_GetStride(bitmap);
    const pixels = heap(module).subarray(
      module.FPDFBitmap_GetBuffer(bitmap),
      module.FPDFBitmap_GetBuffer(bitmap) + stride * band.rows,
    );
    toGrey(pixels, stride, band.width, band.rows, into, intoRow);
  } finally {
    module.FPDFBitmap_Destroy(bitmap);
  }
}

/**
 * FPDF_FFLDraw takes the page's rectangle in whole pixels, not a matrix: the page image's size is
 * rounded to the nearest pixel, so a field lies within half a pixel of where the page's matrix
 * would put it.
 */
function drawFormFields(
  module: WrappedPdfiumModule,
  page: number,
  bitmap: number,
  band: { left: number; top: number },
  dpi: number,
  form: FormDrawing,
): void {
  const pageWidth = Math.round((module.FPDF_GetPageWidthF(page) * dpi) / 72);
  const pageHeight = Math.round((module.FPDF_GetPageHeightF(page) * dpi) / 72);
  module.FORM_OnAfterLoadPage(page, form.handle);
  try {
    module.FPDF_FFLDraw(form.handle, bitmap, page, -band.left, -band.top, pageWidth, pageHeight, 0, RENDER_ANNOTATIONS);
  } finally {
    module.FORM_OnBeforeClosePage(page, form.handle);
  }
}

/** BGRx rows (PDFium's bitmap) to grey bytes by poppler's luminance, rounded to the nearest. */
function toGrey(bgrx: Uint8Array, stride: number, width: number, rows: number, into: Uint8Array, intoRow: number) {
  let out = intoRow * width;
  for (let row = 0; row < rows; row++) {
    for (let at = row * stride, end = at + width * 4; at < end; at += 4) {
      into[out++] =
        ((bgrx[at + 2] as number) * RED + (bgrx[at + 1] as number) * GREEN + (bgrx[at] as number) * BLUE + 0x8000) >>
        16;
    }
  }
}
