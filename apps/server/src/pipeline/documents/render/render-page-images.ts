// Page images for the viewer and for OCR. PDFs are rendered by poppler's pdftoppm rather than
// pdf.js on @napi-rs/canvas: a native renderer that repairs broken files the way poppler-based
// viewers do, and that runs in its own process, so a hostile file is killed on a timeout instead of
// blocking the worker's event loop (pdf.js in Node renders on the main thread). Images are decoded
// by libvips (sharp) within a pixel budget.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { detectFileType } from '../../../formats/file-type.js';
import { ImageTooLargeError, UnsupportedFileTypeError } from '../errors.js';
import { DEFAULT_MAX_PIXELS, decodeUpright, probeImage } from '../images/decode-image.js';
import { parsePnm, type RawImage, rememberPnmFile } from '../images/raw-image.js';
import { readPdfPageGeometry } from '../pdf/inspect-pdf.js';
import { runTool } from '../process/run-tool.js';

export interface RenderOptions {
  /** Resolution of PDF pages (default 150 dpi, enough for the viewer; OCR uses 300). */
  dpi?: number;
  /** 1-based pages; all when omitted. */
  pages?: readonly number[];
  /** Pixel budget per page; a PDF page that would exceed it is rendered at a lower dpi. */
  maxPixelsPerPage?: number;
  timeoutMs?: number;
  password?: string;
  /** Grey PNGs (smaller, and what OCR needs). */
  grayscale?: boolean;
  /** Extra clockwise rotation per page, e.g. the orientation OCR found, so the viewer shows it upright. */
  rotations?: Readonly<Record<number, 0 | 90 | 180 | 270>>;
}

export interface RenderedPage {
  pageNumber: number;
  png: Buffer;
  width: number;
  height: number;
  /** Resolution the page was rendered at (PDF) or stored with (image; 72 when it does not say). */
  dpi: number;
}

const DEFAULT_DPI = 150;
const MIN_DPI = 10;
const DEFAULT_TIMEOUT_MS = 120_000;

export async function renderPageImages(bytes: Uint8Array, options: RenderOptions = {}): Promise<RenderedPage[]> {
  const type = detectFileType(bytes);
  let pages: RenderedPage[];
  if (type?.kind === 'pdf') pages = await renderPdfPages(bytes, options);
  else if (type?.category === 'image') pages = await renderImagePages(bytes, options);
  else throw new UnsupportedFileTypeError(type?.kind ?? null);
  return applyRotations(pages, options.rotations);
}

async function renderPdfPages(bytes: Uint8Array, options: RenderOptions): Promise<RenderedPage[]> {
  const rendered: RenderedPage[] = [];
  await eachRenderedPdfPage(bytes, options, 'png', async (pageNumber, dpi, file) => {
    const png = await readFile(file);
    const meta = await sharp(png).metadata();
    rendered.push({ pageNumber, png, width: meta.width ?? 0, height: meta.height ?? 0, dpi });
  });
  return rendered;
}

export interface RenderedPixels {
  pageNumber: number;
  image: RawImage;
  /** Resolution the page was rendered at. */
  dpi: number;
}

/**
 * PDF pages rendered as plain pixels (OCR: images/raw-image.ts), one after another: `use` has each
 * page before the next is rendered, so a long document never holds more than one page's pixels.
 */
export async function renderPdfPagePixels(
  bytes: Uint8Array,
  options: Omit<RenderOptions, 'rotations'>,
  use: (page: RenderedPixels) => Promise<void>,
): Promise<void> {
  await eachRenderedPdfPage(bytes, options, 'pnm', async (pageNumber, dpi, file) => {
    const image = parsePnm(await readFile(file));
    // Tesseract reads the rendered file itself while the page is in use.
    rememberPnmFile(image, file);
    await use({ pageNumber, image, dpi });
  });
}

/**
 * Renders each wanted page with pdftoppm into a file (PNG, or PGM/PPM without coding) and hands
 * it to `use` before the next page; the files are removed at the end.
 */
async function eachRenderedPdfPage(
  bytes: Uint8Array,
  options: RenderOptions,
  format: 'png' | 'pnm',
  use: (pageNumber: number, dpi: number, file: string) => Promise<void>,
): Promise<void> {
  // pdf.js reads sizes (and raises the typed encrypted/corrupt errors) before poppler is started.
  const geometry = await readPdfPageGeometry(bytes, { password: options.password });
  const wanted = (options.pages ?? geometry.map((page) => page.pageNumber)).filter(
    (pageNumber) => pageNumber >= 1 && pageNumber <= geometry.length,
  );
  const maxPixels = options.maxPixelsPerPage ?? DEFAULT_MAX_PIXELS;
  const requestedDpi = options.dpi ?? DEFAULT_DPI;
  const directory = await mkdtemp(join(tmpdir(), 'reviewdesk-render-'));
  try {
    const input = join(directory, 'input.pdf');
    await writeFile(input, bytes);
    for (const pageNumber of wanted) {
      const info = geometry[pageNumber - 1];
      if (!info) continue;
      const dpi = fitDpi(info.width, info.height, requestedDpi, maxPixels);
      const prefix = join(directory, `page-${pageNumber}`);
      // Without -png pdftoppm writes PPM (PGM with -gray).
      const args = ['-r', String(dpi), '-f', String(pageNumber), '-l', String(pageNumber), '-singlefile'];
      if (format === 'png') args.unshift('-png');
      if (options.grayscale) args.push('-gray');
      if (options.password) args.push('-upw', options.password);
      await runTool('pdftoppm', 'pdftoppm', [...args, input, prefix], {
        timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      });
      const file = `${prefix}.${format === 'png' ? 'png' : options.grayscale ? 'pgm' : 'ppm'}`;
      try {
        await use(pageNumber, dpi, file);
      } finally {
        await rm(file, { force: true });
      }
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** The requested dpi, lowered so the page stays within the pixel budget (huge posters, bogus MediaBoxes). */
export function fitDpi(widthPt: number, heightPt: number, dpi: number, maxPixels: number): number {
  const pixels = ((widthPt * dpi) / 72) * ((heightPt * dpi) / 72);
  if (pixels <= maxPixels) return dpi;
  const fitted = Math.floor(dpi * Math.sqrt(maxPixels / pixels));
  if (fitted < MIN_DPI) {
    throw new ImageTooLargeError(
      `a page of ${Math.round(widthPt)}×${Math.round(heightPt)} points cannot be rendered within the pixel limit`,
    );
  }
  return fitted;
}

async function renderImagePages(bytes: Uint8Array, options: RenderOptions): Promise<RenderedPage[]> {
  const limits = { maxPixels: options.maxPixelsPerPage ?? DEFAULT_MAX_PIXELS };
  const info = await probeImage(bytes, limits);
  const wanted = (options.pages ?? Array.from({ length: info.frames }, (_, index) => index + 1)).filter(
    (pageNumber) => pageNumber >= 1 && pageNumber <= info.frames,
  );
  const pages: RenderedPage[] = [];
  for (const pageNumber of wanted) {
    const image = await decodeUpright(bytes, pageNumber - 1, limits);
    const png = options.grayscale ? await sharp(image.png).grayscale().png().toBuffer() : image.png;
    pages.push({ pageNumber, png, width: image.width, height: image.height, dpi: image.dpi ?? 72 });
  }
  return pages;
}

async function applyRotations(pages: RenderedPage[], rotations: RenderOptions['rotations']): Promise<RenderedPage[]> {
  if (!rotations) return pages;
  return Promise.all(
    pages.map(async (page) => {
      const angle = rotations[page.pageNumber] ?? 0;
      if (angle === 0) return page;
      const { data, info } = await sharp(page.png).rotate(angle).png().toBuffer({ resolveWithObject: true });
      return { ...page, png: data, width: info.width, height: info.height };
    }),
  );
}

export interface RendererStatus {
  isConfigured: boolean;
  reason: string | null;
  version: string | null;
}

/** Whether pdftoppm is installed (Debian package poppler-utils). */
export async function pdfRendererStatus(): Promise<RendererStatus> {
  try {
    const result = await runTool('pdftoppm', 'pdftoppm', ['-v'], { timeoutMs: 10_000, allowFailure: true });
    const version = /pdftoppm version ([\d.]+)/.exec(result.stderr)?.[1] ?? null;
    return { isConfigured: true, reason: null, version };
  } catch (error) {
    return {
      isConfigured: false,
      reason: `${error instanceof Error ? error.message : String(error)} Install the Debian package poppler-utils.`,
      version: null,
    };
  }
}
