// The document engines of the processing pipeline: pure functions from bytes to the contract's
// plain data. See README.md for units, category keys and the choice of engines.

export { type DetectedFileType, detectFileType, type FileCategory, type FileKind } from '../../formats/file-type.js';
export {
  CorruptDocumentError,
  DocumentEngineError,
  EncryptedDocumentError,
  EngineFailedError,
  EngineNotConfiguredError,
  EngineTimeoutError,
  ImageTooLargeError,
  UnsupportedFileTypeError,
} from './errors.js';
export { type DetectFieldsOptions, type DocumentKind, detectInvoiceFields } from './fields/detect-invoice-fields.js';
export { findAmounts, findMoney, parseNumber } from './fields/parse-amount.js';
export { findDates, parseDate } from './fields/parse-date.js';
export { decodeRgba, decodeUpright, decodeUprightPixels, probeImage } from './images/decode-image.js';
export { type OcrPdfOptions, ocrPdf } from './ocr/ocr-pdf.js';
export { isConfigured, type OcrOptions, ocrImage, type TesseractStatus, tesseractStatus } from './ocr/tesseract.js';
export { type ExtractPdfTextOptions, extractPdfText } from './pdf/extract-pdf-text.js';
export { inspectPdf, type PdfInspection, type PdfPageInfo } from './pdf/inspect-pdf.js';
export { detectPii, type PiiCategory } from './pii/detect-pii.js';
export { detectQrCodes, QR_CODE_PT_GROUP } from './qr/detect-qr-codes.js';
export { type QrPage, readQrCodes } from './qr/read-qr-codes.js';
export {
  pdfRendererStatus,
  type RenderedPage,
  type RenderOptions,
  renderPageImages,
} from './render/render-page-images.js';
export { detectTables } from './tables/detect-tables.js';
export type { PageText, PositionedWord, TextLine } from './text/page-text.js';
export { toOcrPageResult } from './text/to-ocr-result.js';
export { wordAccuracy } from './text/word-accuracy.js';
export type * from './types.js';
