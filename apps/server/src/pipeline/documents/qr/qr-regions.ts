// Where on a PDF page a QR code can be, read from what the page draws, without rendering it. A QR
// code on a PDF page is either an image (a photo, a scan, a generator's PNG) or vector shapes — many
// small filled squares or runs, or one path of many subpaths. A page that draws neither holds no
// code the renderer and zbar could read, and needs no page image at all; on the others only the
// regions of those images and shapes are rendered (read-qr-codes.ts). PDFium lists the page's
// objects with their bounds (it parses the content stream, forms included, in a few milliseconds);
// text objects are not looked at (a code set in a barcode font would be missed, as it was never
// seen in a document sent to the product).
import type { WrappedPdfiumModule } from '@embedpdf/pdfium';
import { heap, withDocument, withPage } from '../../../formats/pdfium.js';
import type { Edges } from '../geometry.js';

/** Regions of a page image (pixels at the given resolution, origin top-left) that may hold a code. */
export interface QrRegions {
  /** The whole page image's size in pixels, as pdftoppm renders it at this resolution (rounded up, as pdftoppm does). */
  width: number;
  height: number;
  regions: Edges[];
}

/** PDFium's object types (fpdf_edit.h). */
const OBJECT = { path: 2, image: 3, form: 5 } as const;
/** Smallest side, in points, of a code zbar can read at the QR resolution (21 modules, ≥ 1 px each at 150 dpi). */
const MIN_CODE_PT = 9;
/** Largest side, in points, of a code (or of a shape of one): 5 inches, past any printed code. */
const MAX_CODE_PT = 360;
/** PDFium's segment type of a Bézier curve (FPDF_SEGMENT_BEZIERTO). */
const BEZIER_SEGMENT = 1;
/** Filled shapes closer than this many points belong to one group: a light module between two dark ones is a gap. */
const GAP_PT = 6;
/**
 * Path segments a group of shapes needs to be a code: three finder patterns are at least six closed
 * shapes of four sides each (the rest of the modules add more); a table's few shaded cells have fewer.
 */
const MIN_SEGMENTS = 24;
/** More filled shapes than this on a page are grouped as one region (see groupsOfCodeShapes). */
const MAX_SHAPES = 3000;
/** Around each region: the code's quiet zone (zbar needs one), rendered from the page as it is. */
const MARGIN_PT = 8;
const MARGIN_SHARE = 0.1;
/** Past this share of the page in regions, the whole page is rendered once. */
const WHOLE_PAGE_SHARE = 0.6;

type Matrix = readonly [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

interface Shape {
  edges: Edges;
  segments: number;
}

/**
 * The regions of a page of `bytes` (the first unless `pageIndex`, from 0, says otherwise) that may
 * hold a QR code, at `dpi`. An empty list means the page draws nothing a code could be made of;
 * throws when PDFium cannot open the page (the caller then renders the whole page, as before).
 */
export async function qrRegionsOfPdfPage(bytes: Uint8Array, dpi: number, pageIndex = 0): Promise<QrRegions> {
  return withDocument(bytes, (module, document) =>
    withPage(module, document, pageIndex, (page) => qrRegionsOfPage(module, page, dpi)),
  );
}

/** The regions of an open PDFium page (qrRegionsOfPdfPage), for a caller that goes on to render them. */
export function qrRegionsOfPage(module: WrappedPdfiumModule, page: number, dpi: number): QrRegions {
  const width = pagePixels(module.FPDF_GetPageWidthF(page), dpi);
  const height = pagePixels(module.FPDF_GetPageHeightF(page), dpi);
  const scratch = module.pdfium.wasmExports.malloc(32);
  try {
    const images: Edges[] = [];
    const shapes: Shape[] = [];
    collectObjects(module, scratch, listPageObjects(module, page), IDENTITY, images, shapes);
    const found = [...images, ...groupsOfCodeShapes(shapes)].filter(
      (edges) => Math.min(edges.right - edges.left, edges.top - edges.bottom) >= MIN_CODE_PT,
    );
    const inPixels = found.map((edges) => toPixels(module, page, scratch, edges, width, height, dpi));
    return { width, height, regions: mergeRegions(inPixels, width, height) };
  } finally {
    module.pdfium.wasmExports.free(scratch);
  }
}

/**
 * A page side in pixels as pdftoppm sizes it: its length in points times dpi/72, rounded up. PDFium
 * gives the length as a 32-bit float (595.2 → 595.20001): a side a hair past a whole pixel
 * (1,240.0001) is that pixel, as in pdftoppm's double arithmetic, not one more.
 */
function pagePixels(points: number, dpi: number): number {
  return Math.max(1, Math.ceil((points * dpi) / 72 - 1e-3));
}

function listPageObjects(module: WrappedPdfiumModule, page: number): number[] {
  const objects: number[] = [];
  for (let index = 0, count = module.FPDFPage_CountObjects(page); index < count; index++) {
    objects.push(module.FPDFPage_GetObject(page, index));
  }
  return objects;
}

/**
 * Images, and filled path shapes, with their bounds in page space (PDF units, y upwards). Objects
 * inside a form XObject have bounds in the form's space: the form's matrix takes them to the page.
 */
function collectObjects(
  module: WrappedPdfiumModule,
  scratch: number,
  objects: readonly number[],
  matrix: Matrix,
  images: Edges[],
  shapes: Shape[],
): void {
  for (const object of objects) {
    const type = module.FPDFPageObj_GetType(object);
    if (type === OBJECT.form) {
      const children: number[] = [];
      for (let index = 0, count = module.FPDFFormObj_CountObjects(object); index < count; index++) {
        children.push(module.FPDFFormObj_GetObject(object, index));
      }
      collectObjects(module, scratch, children, multiply(formMatrix(module, scratch, object), matrix), images, shapes);
      continue;
    }
    if (type !== OBJECT.image && type !== OBJECT.path) continue;
    if (type === OBJECT.path && !isFilled(module, scratch, object)) continue;
    const edges = bounds(module, scratch, object, matrix);
    if (!edges) continue;
    if (type === OBJECT.image) images.push(edges);
    else {
      const segments = straightSegments(module, object);
      const longest = Math.max(edges.right - edges.left, edges.top - edges.bottom);
      if (segments > 0 && longest <= MAX_CODE_PT) shapes.push({ edges, segments });
    }
  }
}

/** The path's segment count when every segment is straight (a code's modules have no curves), else 0. */
function straightSegments(module: WrappedPdfiumModule, path: number): number {
  const count = module.FPDFPath_CountSegments(path);
  for (let index = 0; index < count; index++) {
    if (module.FPDFPathSegment_GetType(module.FPDFPath_GetPathSegment(path, index)) === BEZIER_SEGMENT) return 0;
  }
  return count;
}

function isFilled(module: WrappedPdfiumModule, scratch: number, path: number): boolean {
  if (!module.FPDFPath_GetDrawMode(path, scratch, scratch + 4)) return false;
  return new DataView(heap(module).buffer).getInt32(scratch, true) !== 0;
}

function formMatrix(module: WrappedPdfiumModule, scratch: number, form: number): Matrix {
  if (!module.FPDFPageObj_GetMatrix(form, scratch)) return IDENTITY;
  const view = new DataView(heap(module).buffer);
  const at = (index: number) => view.getFloat32(scratch + index * 4, true);
  return [at(0), at(1), at(2), at(3), at(4), at(5)];
}

/** `inner` then `outer`, in PDF's row-vector convention. */
function multiply(inner: Matrix, outer: Matrix): Matrix {
  const [a, b, c, d, e, f] = inner;
  const [A, B, C, D, E, F] = outer;
  return [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F];
}

/** An object's bounds in page space; `top` is the larger y (PDF's y runs upwards). */
function bounds(module: WrappedPdfiumModule, scratch: number, object: number, matrix: Matrix): Edges | null {
  if (!module.FPDFPageObj_GetBounds(object, scratch, scratch + 4, scratch + 8, scratch + 12)) return null;
  const view = new DataView(heap(module).buffer);
  const [left, bottom, right, top] = [0, 4, 8, 12].map((offset) => view.getFloat32(scratch + offset, true)) as [
    number,
    number,
    number,
    number,
  ];
  const [a, b, c, d, e, f] = matrix;
  const corners = [
    [left, bottom],
    [right, bottom],
    [left, top],
    [right, top],
  ].map(([x, y]) => [(x as number) * a + (y as number) * c + e, (x as number) * b + (y as number) * d + f] as const);
  const xs = corners.map((point) => point[0]);
  const ys = corners.map((point) => point[1]);
  return { left: Math.min(...xs), right: Math.max(...xs), bottom: Math.min(...ys), top: Math.max(...ys) };
}

/**
 * Filled shapes grouped by nearness (a group's bounds take in every shape within the gap of it);
 * the groups with enough path segments to draw a code's modules. Past MAX_SHAPES (a vector drawing
 * or a map) the shapes are taken as one group rather than compared pair by pair.
 */
function groupsOfCodeShapes(shapes: readonly Shape[]): Edges[] {
  if (shapes.length > MAX_SHAPES) {
    return [shapes.map((shape) => shape.edges).reduce(union)];
  }
  let groups = shapes.map((shape) => ({ edges: { ...shape.edges }, segments: shape.segments }));
  // Merged until no two groups are near: a grown group may reach one it was apart from before.
  for (let changed = true; changed; ) {
    changed = false;
    const next: Shape[] = [];
    for (const group of groups) {
      const other = next.find((candidate) => near(candidate.edges, group.edges));
      if (!other) {
        next.push(group);
        continue;
      }
      other.edges = union(other.edges, group.edges);
      other.segments += group.segments;
      changed = true;
    }
    groups = next;
  }
  return groups.filter((group) => group.segments >= MIN_SEGMENTS).map((group) => group.edges);
}

function near(a: Edges, b: Edges): boolean {
  return (
    a.left - GAP_PT <= b.right && b.left - GAP_PT <= a.right && a.bottom - GAP_PT <= b.top && b.bottom - GAP_PT <= a.top
  );
}

function union(a: Edges, b: Edges): Edges {
  return {
    left: Math.min(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.max(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  };
}

/**
 * Page-space bounds as a rectangle of the page image at `dpi` (PDFium applies the page's crop box
 * and /Rotate as pdftoppm does), grown by the quiet-zone margin and kept inside the image.
 */
function toPixels(
  module: WrappedPdfiumModule,
  page: number,
  scratch: number,
  edges: Edges,
  width: number,
  height: number,
  dpi: number,
): Edges {
  const view = () => new DataView(heap(module).buffer);
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [x, y] of [
    [edges.left, edges.bottom],
    [edges.right, edges.top],
  ] as const) {
    module.FPDF_PageToDevice(page, 0, 0, width, height, 0, x, y, scratch, scratch + 4);
    xs.push(view().getInt32(scratch, true));
    ys.push(view().getInt32(scratch + 4, true));
  }
  const sideX = Math.max(...xs) - Math.min(...xs);
  const sideY = Math.max(...ys) - Math.min(...ys);
  const margin = Math.max((MARGIN_PT * dpi) / 72, MARGIN_SHARE * Math.max(sideX, sideY));
  return {
    left: Math.max(0, Math.floor(Math.min(...xs) - margin)),
    top: Math.max(0, Math.floor(Math.min(...ys) - margin)),
    right: Math.min(width, Math.ceil(Math.max(...xs) + margin)),
    bottom: Math.min(height, Math.ceil(Math.max(...ys) + margin)),
  };
}

/**
 * Overlapping regions as one (a code is whole in one region); the whole page when the regions
 * cover most of it, since rendering it once then costs less than rendering its parts.
 */
function mergeRegions(regions: readonly Edges[], width: number, height: number): Edges[] {
  let merged = regions.filter((region) => region.right > region.left && region.bottom > region.top);
  for (let changed = true; changed; ) {
    changed = false;
    const next: Edges[] = [];
    for (const region of merged) {
      const index = next.findIndex((other) => overlaps(other, region));
      if (index < 0) {
        next.push(region);
        continue;
      }
      const other = next[index] as Edges;
      next[index] = {
        left: Math.min(other.left, region.left),
        top: Math.min(other.top, region.top),
        right: Math.max(other.right, region.right),
        bottom: Math.max(other.bottom, region.bottom),
      };
      changed = true;
    }
    merged = next;
  }
  const area = merged.reduce((sum, edges) => sum + (edges.right - edges.left) * (edges.bottom - edges.top), 0);
  return area >= WHOLE_PAGE_SHARE * width * height ? [{ left: 0, top: 0, right: width, bottom: height }] : merged;
}

/** Pixel rectangles (top < bottom) sharing some area. */
function overlaps(a: Edges, b: Edges): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}
