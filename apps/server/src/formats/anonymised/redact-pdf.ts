// Burned-in anonymisation of a PDF with PDFium: under every region the text is removed from the
// page's content stream and image pixels are cleared (EPDFText_RedactInRect), then a rectangle in
// the workspace's fill colour is drawn there. The pages are then copied into a new document, which
// leaves behind everything that is not page content: the document information and XMP metadata,
// form fields, attachments, document-level scripts and outlines. Annotations (links, comments,
// widgets, which may carry text or actions) are removed from each page before the copy.
import type { WrappedPdfiumModule } from '@embedpdf/pdfium';
import { PdfiumError, saveDocument, withDocument, withPage } from '../pdfium.js';
import { type Fill, grown, type Region } from './regions.js';

/** Text layers report tight glyph boxes; half a point more catches accents and descenders. */
const MARGIN_POINTS = 0.5;

export function redactPdf(bytes: Uint8Array, regions: readonly Region[], fill: Fill): Promise<Uint8Array> {
  return withDocument(bytes, (module, source) => {
    const pageCount = module.FPDF_GetPageCount(source);
    for (let index = 0; index < pageCount; index++) {
      const onPage = regions.filter((region) => region.pageNumber === index + 1);
      withPage(module, source, index, (page) => redactPage(module, page, onPage, fill));
    }
    const target = module.FPDF_CreateNewDocument();
    try {
      // No list of indices: every page, in order.
      if (!module.FPDF_ImportPagesByIndex(target, source, 0, 0, 0))
        throw new PdfiumError('PDFium could not copy the pages.');
      return saveDocument(module, target);
    } finally {
      module.FPDF_CloseDocument(target);
    }
  });
}

function redactPage(module: WrappedPdfiumModule, page: number, regions: readonly Region[], fill: Fill): void {
  for (let count = module.FPDFPage_GetAnnotCount(page); count > 0; count--) {
    module.FPDFPage_RemoveAnnot(page, count - 1);
  }
  const height = module.FPDF_GetPageHeightF(page);
  const rect = module.pdfium.wasmExports.malloc(16);
  try {
    for (const region of regions.map((r) => grown(r, MARGIN_POINTS))) {
      // Regions are measured from the top-left corner; PDF user space starts at the bottom-left.
      const left = region.left;
      const right = region.left + region.width;
      const top = height - region.top;
      const bottom = height - region.top - region.height;
      // FS_RECTF is {left, top, right, bottom} as floats.
      module.pdfium.setValue(rect, left, 'float');
      module.pdfium.setValue(rect + 4, top, 'float');
      module.pdfium.setValue(rect + 8, right, 'float');
      module.pdfium.setValue(rect + 12, bottom, 'float');
      module.EPDFText_RedactInRect(page, rect, true, false);
      const box = module.FPDFPageObj_CreateNewRect(left, bottom, right - left, top - bottom);
      module.FPDFPageObj_SetFillColor(box, fill.r, fill.g, fill.b, 255);
      // Fill mode 1 (FPDF_FILLMODE_ALTERNATE), no stroke.
      module.FPDFPath_SetDrawMode(box, 1, false);
      module.FPDFPage_InsertObject(page, box);
    }
  } finally {
    module.pdfium.wasmExports.free(rect);
  }
  if (!module.FPDFPage_GenerateContent(page)) throw new PdfiumError('PDFium could not rewrite a page.');
}
