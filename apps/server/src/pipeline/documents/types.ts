// The contract's shapes (openapi/reviewdesk.yaml, generated in src/contract/generated) that the
// document engines produce. Each is the generated type; where an engine guarantees more than the
// contract promises (a box always has its four edges, a page unit is `point` or `pixel`) the
// type is narrowed here, so it still cannot drift from the contract.
import { FieldTypeCode } from '../../contract/generated/enums.js';
import type { Schema } from '../../contract/types.js';

/** Axis-aligned box, origin top-left, in the unit of the page it belongs to; the engines fill every edge. */
export type BoundingBox = Schema<'BoundingBox'> &
  Required<Pick<Schema<'BoundingBox'>, 'left' | 'top' | 'right' | 'bottom'>>;
export type PagePoint = Schema<'PagePoint'>;
export type Span = Schema<'Span'>;

/** `point` (1/72 inch) for anything read from a PDF page, `pixel` for stand-alone images. */
export type PageUnit = 'point' | 'pixel';
export type PageSize = Schema<'PageSize'> & { unit: PageUnit };

export type OcrChar = Omit<Schema<'OcrChar'>, 'boundingBox'> & { boundingBox: BoundingBox };
export type OcrEntity = Omit<Schema<'OcrEntity'>, 'boundingBox' | 'chars'> & {
  boundingBox: BoundingBox;
  chars: OcrChar[];
};

/** The engines of this server that produce a text layer. */
export type OcrEngineName = 'pdfminer' | 'tesseract';

export type OcrPageResult = Omit<Schema<'OcrPageResult'>, 'entities' | 'pageSize' | 'pageOrientation' | 'ocrEngine'> & {
  entities: OcrEntity[];
  pageSize: PageSize;
  pageOrientation?: 0 | 90 | 180 | 270 | null;
  ocrEngine?: OcrEngineName | null;
};

export type KeyValue = Schema<'KeyValue'>;
export type QrCode = Schema<'QrCode'>;

/** The contract's FieldTypeCode by name. */
export const FieldType = FieldTypeCode;
export type { FieldTypeCode };

export type TableHeader = Schema<'TableHeader'>;
export type TableCell = Schema<'TableCell'>;
export type BoundsAndPoints = Schema<'BoundsAndPoints'>;
export type Table = Schema<'Table'>;
export type Entity = Schema<'Entity'>;
export type DocumentResult = Schema<'DocumentResult'>;
