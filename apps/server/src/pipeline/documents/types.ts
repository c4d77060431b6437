// Plain-data shapes of the contract (openapi/reviewdesk.yaml) that the document engines produce.
// They mirror the schemas field for field so the worker can store and serve them unchanged; only
// the properties the engines fill are listed (audit fields etc. belong to the review side).

/** Axis-aligned box, origin top-left, in the unit of the page it belongs to (`PageSize.unit`). */
export interface BoundingBox {
  x: number;
  y: number;
  width: number;
  height: number;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface PagePoint {
  x: number;
  y: number;
}

export interface Span {
  offset: number;
  length: number;
}

/** `point` (1/72 inch) for anything read from a PDF page, `pixel` for stand-alone images. */
export type PageUnit = 'point' | 'pixel';

export interface PageSize {
  width: number;
  height: number;
  unit: PageUnit;
  angle?: number | null;
}

export interface OcrChar {
  char: string;
  boundingBox: BoundingBox;
  confidence?: number | null;
}

export interface OcrEntity {
  text: string;
  boundingBox: BoundingBox;
  confidence?: number | null;
  lineIndex?: number | null;
  chars: OcrChar[];
}

export type OcrEngineName = 'pdfminer' | 'tesseract';

export interface OcrPageResult {
  entities: OcrEntity[];
  pageSize: PageSize;
  pageOrientation?: 0 | 90 | 180 | 270 | null;
  status?: string | null;
  errorCode?: string | null;
  errorMessage?: string | null;
  elapsedTime?: number | null;
  ocrEngine?: OcrEngineName | null;
  ocrEngineConfig?: {
    name?: string | null;
    useWordDetection?: boolean;
    useCharDetection?: boolean;
  } | null;
}

export interface KeyValue {
  pageNumber: number;
  category?: string | null;
  categoryNormalized?: string | null;
  content: string | null;
  contentNormalized?: string | null;
  childTemporaryId?: string | null;
  boundingBox?: BoundingBox | null;
  points?: PagePoint[];
  confidence?: number | null;
  spans?: Span[];
}

export interface QrCode {
  content: string;
  pageNumber: number;
  boundingBox?: BoundingBox | null;
  points?: PagePoint[];
  isValid?: boolean;
  keyValues?: KeyValue[];
}

/** FieldTypeCode values the engines use (the contract lists them all). */
export const FieldType = {
  StringNotSpecified: 50,
  NumberNotSpecified: 100,
  NumberCurrency: 101,
  DateNotSpecified: 150,
} as const;
export type FieldTypeCode = (typeof FieldType)[keyof typeof FieldType];

export interface TableHeader {
  uniqueId: string;
  fieldType?: FieldTypeCode;
  isRequired?: boolean;
}

export interface TableCell {
  rowIndex: number;
  columnIndex: number;
  content?: string | null;
  contentNormalized?: string | null;
  pageNumber?: number | null;
  uniqueId?: string | null;
  headerId?: string | null;
}

export interface BoundsAndPoints {
  pageNumber: number;
  boundingBox: BoundingBox;
  points?: PagePoint[];
}

export interface Table {
  rowCount: number;
  columnCount: number;
  tableHeaders: TableHeader[];
  tableRows: Record<string, TableCell[]>;
  boundsAndPoints?: BoundsAndPoints | null;
  hasAlternativeHeaders?: boolean;
}

export interface Entity {
  temporaryId: string;
  type?: string | null;
  category: string;
  groupName?: string | null;
  pageNumber: number;
  chunkNumber?: number;
  qrCode?: QrCode | null;
  table?: Table | null;
  keyValues: KeyValue[];
  confidence?: number | null;
}

export interface DocumentResult {
  documentConfidence?: number | null;
  averageConfidence?: number | null;
  entities: Entity[];
  tables: Table[];
}
