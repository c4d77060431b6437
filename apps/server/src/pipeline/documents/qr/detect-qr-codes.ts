// QR codes on a page image, decoded and located with jsQR (pure JavaScript). jsQR finds one code
// per pass, so each found code is blanked out and the image (or tile) scanned again. The pipeline
// runs it only on pages where zbar already read codes (read-page-qr-codes.ts), for their boxes.
import jsQR from 'jsqr';
import { temporaryId } from '../entities.js';
import { type Edges, overlap, scaleEdges, toBoundingBox, toPoints } from '../geometry.js';
import { decodeRgba, type ImageLimits, type RgbaImage } from '../images/decode-image.js';
import type { Entity, QrCode } from '../types.js';
import { looksLikePtFiscalQr, parsePtFiscalQr, ptFiscalKeyValues } from './pt-fiscal-qr.js';

export interface DetectQrOptions extends ImageLimits {
  pageNumber?: number;
  /** Pixel → page-unit factor (72/dpi for a rendered PDF page), so boxes match the OCR layer. */
  scale?: number;
  /** Where the image lies on the page image, in pixels (a rendered region of a page): added before scaling. */
  origin?: { left: number; top: number };
  /** Most codes read from one page. */
  maxCodes?: number;
  /**
   * The contents another reader already read on this image (zbar, scan-qr-zbar.ts): the search
   * stops once each has been placed, instead of scanning every tile.
   */
  expected?: readonly string[];
}

/** Field group of the Portuguese fiscal QR code (spec §3: groupType QrCodePt 90). */
export const QR_CODE_PT_GROUP = 'QrCodePt';

export async function detectQrCodes(image: Uint8Array | RgbaImage, options: DetectQrOptions = {}): Promise<Entity[]> {
  const rgba =
    image instanceof Uint8Array
      ? await decodeRgba(image, options)
      : { ...image, data: new Uint8ClampedArray(image.data) };
  const pageNumber = options.pageNumber ?? 1;
  const factor = options.scale ?? 1;
  const origin = options.origin ?? { left: 0, top: 0 };
  const maxCodes = options.maxCodes ?? 8;
  const found: { content: string; edges: Edges }[] = [];
  const placedAll = () => options.expected !== undefined && allPlaced(options.expected, found);
  // jsQR loses its way when several codes' finder patterns are in view, so after the whole page
  // the halves and quarters are scanned too.
  for (const tile of tiles(rgba.width, rgba.height)) {
    if (placedAll()) break;
    const view = crop(rgba, tile);
    for (let pass = 0; pass < maxCodes && found.length < maxCodes && !placedAll(); pass++) {
      const code = jsQR(view.data, view.width, view.height, { inversionAttempts: 'attemptBoth' });
      if (!code || code.data === '') break;
      const corners = [
        code.location.topLeftCorner,
        code.location.topRightCorner,
        code.location.bottomRightCorner,
        code.location.bottomLeftCorner,
      ];
      const local: Edges = {
        left: Math.min(...corners.map((point) => point.x)),
        top: Math.min(...corners.map((point) => point.y)),
        right: Math.max(...corners.map((point) => point.x)),
        bottom: Math.max(...corners.map((point) => point.y)),
      };
      blankOut(view, local);
      const left = tile.left + origin.left;
      const top = tile.top + origin.top;
      const edges = {
        left: local.left + left,
        top: local.top + top,
        right: local.right + left,
        bottom: local.bottom + top,
      };
      const seen = found.some(
        (other) =>
          other.content === code.data &&
          overlap(other.edges.left, other.edges.right, edges.left, edges.right) > 0 &&
          overlap(other.edges.top, other.edges.bottom, edges.top, edges.bottom) > 0,
      );
      if (!seen) found.push({ content: code.data, edges });
    }
  }
  return found.map((code) => toEntity(code.content, pageNumber, scaleEdges(code.edges, factor)));
}

/** Whether every expected content (counting repeats) is among the codes found. */
function allPlaced(expected: readonly string[], found: readonly { content: string }[]): boolean {
  const left = new Map<string, number>();
  for (const content of expected) left.set(content, (left.get(content) ?? 0) + 1);
  for (const code of found) left.set(code.content, (left.get(code.content) ?? 0) - 1);
  return [...left.values()].every((count) => count <= 0);
}

interface Tile {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The whole image, its halves and its quarters, each grown by a tenth so a code on a cut is whole in one. */
function tiles(width: number, height: number): Tile[] {
  const out: Tile[] = [{ left: 0, top: 0, width, height }];
  const grow = 0.1;
  const fractions: [number, number, number, number][] = [
    [0, 0, 0.5, 1],
    [0.5, 0, 1, 1],
    [0, 0, 1, 0.5],
    [0, 0.5, 1, 1],
    [0, 0, 0.5, 0.5],
    [0.5, 0, 1, 0.5],
    [0, 0.5, 0.5, 1],
    [0.5, 0.5, 1, 1],
  ];
  for (const [x0, y0, x1, y1] of fractions) {
    const left = Math.max(0, Math.floor((x0 - (x0 > 0 ? grow : 0)) * width));
    const top = Math.max(0, Math.floor((y0 - (y0 > 0 ? grow : 0)) * height));
    const right = Math.min(width, Math.ceil((x1 + (x1 < 1 ? grow : 0)) * width));
    const bottom = Math.min(height, Math.ceil((y1 + (y1 < 1 ? grow : 0)) * height));
    out.push({ left, top, width: right - left, height: bottom - top });
  }
  return out;
}

function crop(image: RgbaImage, tile: Tile): RgbaImage {
  const data = new Uint8ClampedArray(tile.width * tile.height * 4);
  for (let y = 0; y < tile.height; y++) {
    const from = ((tile.top + y) * image.width + tile.left) * 4;
    data.set(image.data.subarray(from, from + tile.width * 4), y * tile.width * 4);
  }
  return { data, width: tile.width, height: tile.height };
}

function toEntity(content: string, pageNumber: number, edges: Edges): Entity {
  const isPt = looksLikePtFiscalQr(content);
  const parsed = isPt ? parsePtFiscalQr(content) : null;
  const qrCode: QrCode = {
    content,
    pageNumber,
    boundingBox: toBoundingBox(edges),
    points: toPoints(edges),
    isValid: parsed ? parsed.isValid : true,
    keyValues: parsed ? ptFiscalKeyValues(parsed, pageNumber) : [],
  };
  const category = isPt ? QR_CODE_PT_GROUP : 'QrCode';
  return {
    temporaryId: temporaryId(pageNumber, 'qr', content, edges.left, edges.top),
    type: 'qrCode',
    category,
    groupName: isPt ? QR_CODE_PT_GROUP : null,
    pageNumber,
    chunkNumber: 0,
    qrCode,
    keyValues: [
      {
        pageNumber,
        category,
        categoryNormalized: category,
        content,
        boundingBox: qrCode.boundingBox,
        points: qrCode.points,
        confidence: 1,
      },
    ],
    confidence: 1,
  };
}

/** Paints the code (with a quiet-zone margin) white so the next pass finds the next code. */
function blankOut(image: RgbaImage, edges: Edges): void {
  const margin = Math.max(4, (edges.right - edges.left) * 0.15);
  const left = Math.max(0, Math.floor(edges.left - margin));
  const right = Math.min(image.width, Math.ceil(edges.right + margin));
  const top = Math.max(0, Math.floor(edges.top - margin));
  const bottom = Math.min(image.height, Math.ceil(edges.bottom + margin));
  for (let y = top; y < bottom; y++) {
    image.data.fill(255, (y * image.width + left) * 4, (y * image.width + right) * 4);
  }
}
