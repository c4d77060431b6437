// A real PDF with some of its pages reshaped as other producers leave them — a crop box inside the
// media box, a /Rotate — written by PDFium, for tests that read the same pages two ways.
import { saveDocument, withDocument, withPage } from '../../../formats/pdfium.js';

export interface PageShape {
  /** 1-based page of the file. */
  page: number;
  /** The crop box, in PDF points from the media box's lower-left corner. */
  cropBox?: { left: number; bottom: number; right: number; top: number };
  /** Clockwise degrees. */
  rotate?: 0 | 90 | 180 | 270;
}

/** `bytes` with the given pages' crop boxes and rotations set, as a new file. */
export function reshapePdf(bytes: Uint8Array, shapes: readonly PageShape[]): Promise<Uint8Array> {
  return withDocument(bytes, (module, document) => {
    for (const shape of shapes) {
      withPage(module, document, shape.page - 1, (page) => {
        if (shape.cropBox) {
          const { left, bottom, right, top } = shape.cropBox;
          module.FPDFPage_SetCropBox(page, left, bottom, right, top);
        }
        if (shape.rotate !== undefined) module.FPDFPage_SetRotation(page, shape.rotate / 90);
      });
    }
    return saveDocument(module, document);
  });
}
