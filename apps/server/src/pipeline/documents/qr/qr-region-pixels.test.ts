import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heap, loadPdfium } from '../../../formats/pdfium.js';
import { fixturePath, readFixture } from '../testing/fixtures.js';
import { drawImageCode, drawVectorCode, pdfPageWith } from '../testing/qr-pages.js';
import type { GreyImage } from './qr-candidates.js';
import { renderQrRegionsOfPdfPage } from './qr-region-pixels.js';
import { QR_DPI, readGreyMap, toGreyMap } from './read-qr-codes.js';
import { NO_CODE_EXIT, parseZbarXml, ZBAR_ARGS } from './scan-qr-zbar.js';

const run = promisify(execFile);

/** Real pages with a QR code: images, vector squares, a code beside text and tables. */
const PAGES_WITH_CODES = [
  { file: 'invoices-dev/es_mx_cfdi33_factura.pdf', page: 1 },
  { file: 'invoices-dev/pt_br_danfse_nfse.pdf', page: 1 },
  { file: 'invoices-dev/pl_ksef_pdfmake_faktura.pdf', page: 4 },
  { file: 'edge_cases/pdf/garbled-font-encoding-de.pdf', page: 3 },
];

let directory = '';
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'reviewdesk-qr-pixels-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** pdftoppm's grey render of the same rectangle of the same page, as the QR reader ran it before. */
async function pdftoppmRegion(
  file: string,
  page: number,
  edges: { left: number; top: number; right: number; bottom: number },
) {
  const prefix = join(directory, 'reference');
  const size = [edges.left, edges.top, edges.right - edges.left, edges.bottom - edges.top].map(String);
  const [x, y, w, h] = size as [string, string, string, string];
  await run('pdftoppm', [
    '-gray',
    '-r',
    String(QR_DPI),
    '-f',
    String(page),
    '-l',
    String(page),
    '-x',
    x,
    '-y',
    y,
    '-W',
    w,
    '-H',
    h,
    '-singlefile',
    file,
    prefix,
  ]);
  return readGreyMap(await readFile(`${prefix}.pgm`));
}

/** What zbar reads on a grey image, written as the QR reader writes it. */
async function zbarReads(grey: GreyImage, name: string): Promise<string[]> {
  const path = join(directory, `${name}.pgm`);
  await writeFile(path, toGreyMap(grey));
  const result = await run('zbarimg', [...ZBAR_ARGS, path]).catch((error: { code?: number; stdout?: string }) => {
    if (error.code === NO_CODE_EXIT) return { stdout: error.stdout ?? '' };
    throw error;
  });
  return (parseZbarXml(result.stdout).get(path) ?? []).sort();
}

function meanAbsoluteDifference(a: GreyImage, b: GreyImage): number {
  let sum = 0;
  for (let pixel = 0; pixel < a.data.length; pixel++)
    sum += Math.abs((a.data[pixel] as number) - (b.data[pixel] as number));
  return sum / a.data.length;
}

/** The first and last column and row holding a dark pixel: where a code's modules start and end. */
function darkBounds({ data, width, height }: GreyImage): [number, number, number, number] {
  const bounds: [number, number, number, number] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((data[y * width + x] as number) >= 128) continue;
      bounds[0] = Math.min(bounds[0], x);
      bounds[1] = Math.min(bounds[1], y);
      bounds[2] = Math.max(bounds[2], x);
      bounds[3] = Math.max(bounds[3], y);
    }
  }
  return bounds;
}

describe('renderQrRegionsOfPdfPage', () => {
  it("renders each region on pdftoppm's pixel grid, close to its pixels, and zbar reads the same codes from both", async () => {
    let codes = 0;
    for (const { file, page } of PAGES_WITH_CODES) {
      const regions = await renderQrRegionsOfPdfPage(readFixture(file), QR_DPI, page - 1);
      expect(regions.length, file).toBeGreaterThan(0);
      for (const [index, { edges, grey }] of regions.entries()) {
        if (!grey) throw new Error(`PDFium did not render region ${index} of ${file}`);
        const reference = await pdftoppmRegion(fixturePath(file), page, edges);
        expect([grey.width, grey.height], `${file} region ${index}`).toEqual([reference.width, reference.height]);
        // Measured: 4–20 (anti-aliasing of adjoining squares, images resampled by another filter);
        // a region drawn a pixel off, or in other colours, differs by far more.
        expect(meanAbsoluteDifference(grey, reference), `${file} region ${index}`).toBeLessThan(24);
        const read = await zbarReads(grey, 'pdfium');
        expect(read, `${file} region ${index}`).toEqual(await zbarReads(reference, 'pdftoppm'));
        codes += read.length;
      }
    }
    expect(codes).toBeGreaterThanOrEqual(PAGES_WITH_CODES.length);
  });

  it('draws a vector code and an image code where pdftoppm does, within a pixel', async () => {
    const bytes = await pdfPageWith(
      drawVectorCode('vector squares', { x: 380, y: 600, module: 4 }),
      drawImageCode('an image', { x: 60, y: 300, size: 100 }),
    );
    const file = join(directory, 'drawn.pdf');
    await writeFile(file, bytes);
    const regions = await renderQrRegionsOfPdfPage(bytes, QR_DPI);
    expect(regions).toHaveLength(2);
    for (const { edges, grey } of regions) {
      if (!grey) throw new Error('PDFium did not render a region');
      const reference = await pdftoppmRegion(file, 1, edges);
      expect(meanAbsoluteDifference(grey, reference)).toBeLessThan(16);
      const [ours, theirs] = [darkBounds(grey), darkBounds(reference)];
      for (const side of [0, 1, 2, 3])
        expect(Math.abs((ours[side] as number) - (theirs[side] as number))).toBeLessThanOrEqual(1);
      expect(await zbarReads(grey, 'drawn')).toHaveLength(1);
    }
  });

  it("draws a form field over a region as pdftoppm does (PDFium's page render alone leaves it out)", async () => {
    const bytes = await pdfPageWith(drawImageCode('an image', { x: 60, y: 300, size: 100 }), (doc) => {
      doc.initForm();
      doc.formText('field', 70, 402, 80, 6, { backgroundColor: '#000000', borderColor: '#000000' });
    });
    const file = join(directory, 'form.pdf');
    await writeFile(file, bytes);
    const [region, ...rest] = await renderQrRegionsOfPdfPage(bytes, QR_DPI);
    expect(rest).toEqual([]);
    if (!region?.grey) throw new Error('PDFium did not render the region');
    const reference = await pdftoppmRegion(file, 1, region.edges);
    // A row through the field, below the code's image: black in both renders.
    const px = (points: number) => Math.round((points * QR_DPI) / 72);
    const rowMean = ({ data, width }: GreyImage) => {
      const [y, from, to] = [px(405) - region.edges.top, px(75) - region.edges.left, px(145) - region.edges.left];
      let sum = 0;
      for (let x = from; x < to; x++) sum += data[y * width + x] as number;
      return sum / (to - from);
    };
    expect(rowMean(reference)).toBeLessThan(32);
    expect(rowMean(region.grey)).toBeLessThan(32);
  });

  it('frees every bitmap and page: the module memory does not grow over many renders', async () => {
    const module = await loadPdfium();
    const bytes = readFixture('invoices-dev/pt_br_danfse_nfse.pdf');
    for (let round = 0; round < 20; round++) await renderQrRegionsOfPdfPage(bytes, QR_DPI);
    const before = heap(module).byteLength;
    for (let round = 0; round < 300; round++) await renderQrRegionsOfPdfPage(bytes, QR_DPI);
    expect(heap(module).byteLength).toBe(before);
  });

  it('renders nothing on a page without a code, and fails on a file PDFium cannot open', async () => {
    expect(await renderQrRegionsOfPdfPage(readFixture('invoices/free_fiber.pdf'), QR_DPI)).toEqual([]);
    await expect(renderQrRegionsOfPdfPage(new TextEncoder().encode('%PDF-1.7 not really'), QR_DPI)).rejects.toThrow();
  });
});
