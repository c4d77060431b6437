// The seam between the page engine (src/pages: pdf.js/react-pdf pages, virtualisation, zoom, the
// box overlay and its rbush hit-testing) and the viewer application (src/viewer: data, edits,
// autosave, review lifecycle, field panel). The engine is presentational: it draws what it is
// given and reports what the user did; it never calls the API or owns document data.

/** Box in the page's own unit (points for PDF pages, pixels for images), origin top-left, unrotated. */
export interface PageBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export type PageRotation = 0 | 90 | 180 | 270;

/** Where the bytes of one page come from: Document/PageDocument answers a one-page PDF or an image. */
export interface PageFile {
  url: string;
  /** Sent with the request (the bearer token of the API). */
  httpHeaders?: Record<string, string>;
  kind: 'pdf' | 'image';
}

export interface PageInfo {
  pageNumber: number;
  /** Size in the page's unit, before rotation. */
  width: number;
  height: number;
  unit: 'point' | 'pixel';
  /** Rotation to display the page upright (from the OCR page orientation). */
  rotation: PageRotation;
  /** The page's bytes; null or absent while the viewer is still fetching them (shown as loading). */
  file?: PageFile | null;
}

export type BoxKind = 'entity' | 'qr' | 'table' | 'draft';
export type BoxFlag = 'low-confidence' | 'invalid' | 'solved';

export interface OverlayBox {
  /** Stable id (the entity's id); selection and hover speak in these. */
  id: string;
  pageNumber: number;
  box: PageBox;
  kind: BoxKind;
  /** CSS colours from the field definition (default fill #0011ff1a, stroke #0011ff). */
  fill: string;
  stroke: string;
  /** Accessible name, e.g. "Invoice number: INV-001". */
  label: string;
  flags?: BoxFlag[];
}

/** One word of the OCR layer of a page. */
export interface OcrWord {
  text: string;
  box: PageBox;
  confidence?: number | null;
}

export type FitMode = 'width' | 'page' | null;

export interface DocumentPagesProps {
  pages: PageInfo[];
  boxes: OverlayBox[];
  /** OCR words per page, present for the pages whose layer is loaded. */
  ocrWords?: Readonly<Record<number, OcrWord[]>>;
  /** Draw the OCR text layer (off by default in the viewer). */
  showOcrLayer?: boolean;
  selectedBoxId?: string | null;
  onSelectBox?: (id: string | null) => void;
  onHoverBox?: (id: string | null) => void;
  /** Zoom factor (1 = 100 %); the engine animates changes over 200 ms. */
  zoom: number;
  fit?: FitMode;
  onZoomChange?: (zoom: number) => void;
  /** Drawing mode: a drag on a page reports a new box (to add an entity). */
  drawing?: boolean;
  onDrawBox?: (pageNumber: number, box: PageBox) => void;
  /** A drag over OCR words while `selectingText` is on reports the words (allowSelectingTextWithOcr). */
  selectingText?: boolean;
  onSelectOcrWords?: (pageNumber: number, words: OcrWord[]) => void;
  /** The page mostly in view changed (for the page indicator and loading the page's data). */
  onVisiblePageChange?: (pageNumber: number) => void;
  /** Pages mounted (visible plus margin) changed: the app loads their OCR/data lazily. */
  onMountedPagesChange?: (pageNumbers: number[]) => void;
  /**
   * A page's picture finished painting (pdf.js render or image load) — added by the page engine
   * for loading indicators, e2e tests and the open-document benchmark.
   */
  onPageRendered?: (pageNumber: number) => void;
  /** Pages kept mounted above and below the visible ones. */
  overscan?: number;
  className?: string;
  /**
   * Where pdf.js finds its CMaps, standard fonts and wasm decoders (added by the page engine).
   * @default { baseUrl: '/pdfjs/' } — see the package README, "Pages engine".
   */
  pdfAssets?: PdfAssets;
  /** Accessible names and status texts; the viewer passes its translations (added by the page engine). */
  messages?: Partial<PagesMessages>;
}

/**
 * Locations of pdf.js's static assets. The worker is bundled with the package; these folders are
 * copied from `pdfjs-dist` by the host (they are fetched only when a PDF needs them).
 */
export interface PdfAssets {
  /** Folder holding `cmaps/`, `standard_fonts/` and `wasm/` (trailing slash). @default '/pdfjs/' */
  baseUrl?: string;
  cMapUrl?: string;
  standardFontDataUrl?: string;
  wasmUrl?: string;
  /** Overrides the bundled worker (e.g. when a bundler cannot follow `new URL(…, import.meta.url)`). */
  workerSrc?: string;
}

/** Texts of the page engine: English defaults, the viewer passes its i18n strings. */
export interface PagesMessages {
  /** Region of one page, e.g. "Page 3 of 12". */
  pageLabel: (pageNumber: number, pageCount: number) => string;
  /** List of the boxes of one page for keyboard and screen-reader users. */
  boxListLabel: (pageNumber: number, boxCount: number) => string;
  loading: string;
  loadError: string;
  lowConfidence: string;
  invalid: string;
  solved: string;
  /** Name of the OCR text layer of a page. */
  ocrLayerLabel: string;
  /** Name of the scrollable pages region. */
  documentLabel: string;
  /** Name of the thumbnails strip and of one thumbnail. */
  thumbnailsLabel: string;
  thumbnailLabel: (pageNumber: number) => string;
}

/** Props of <PageThumbnails>: a virtualised strip of small pages. */
export interface PageThumbnailsProps {
  pages: PageInfo[];
  currentPage: number;
  onSelectPage: (pageNumber: number) => void;
  /** Width of a thumbnail in CSS pixels. @default 120 */
  thumbnailWidth?: number;
  /** Thumbnails kept mounted beyond the visible ones. @default 2 */
  overscan?: number;
  pdfAssets?: PdfAssets;
  messages?: Partial<PagesMessages>;
  className?: string;
}

/** Imperative handle of <DocumentPages ref=…>. */
export interface DocumentPagesHandle {
  scrollToPage(pageNumber: number): void;
  /** Scrolls the box into view (centred) — autoscroll when a field is clicked in the panel. */
  scrollToBox(id: string): void;
}
