import { describe, expect, it } from 'vitest';
import { readFixture } from '../testing/fixtures.js';
import { codeModules, drawImageCode, drawVectorCode, pdfPageWith, pdfWithCodeInForm } from '../testing/qr-pages.js';
import { qrRegionsOfPdfPage } from './qr-regions.js';

const PX_PER_PT = 150 / 72;

/** Whether a region (pixels at 150 dpi) holds the square of `size` points at (x, y) (points, top-left origin). */
const holds = (
  region: { left: number; top: number; right: number; bottom: number },
  x: number,
  y: number,
  size: number,
) =>
  region.left <= x * PX_PER_PT &&
  region.top <= y * PX_PER_PT &&
  region.right >= (x + size) * PX_PER_PT &&
  region.bottom >= (y + size) * PX_PER_PT;

describe('qrRegionsOfPdfPage', () => {
  it('finds no region on a page of text and rules', async () => {
    const page = await pdfPageWith((doc) => {
      doc.rect(72, 100, 450, 1).fill('black');
      doc.rect(72, 300, 450, 20).fill('#eeeeee');
      doc.moveTo(72, 400).lineTo(520, 400).stroke();
    });
    const { regions, width, height } = await qrRegionsOfPdfPage(page, 150);
    expect(regions).toEqual([]);
    expect([width, height]).toEqual([Math.ceil(595.28 * PX_PER_PT), Math.ceil(841.89 * PX_PER_PT)]);
  });

  it('finds the code drawn as one filled square a module, and as one path of squares, and only there', async () => {
    for (const onePath of [false, true]) {
      const page = await pdfPageWith(drawVectorCode('vector code', { x: 380, y: 600, module: 4, onePath }));
      const { regions, width, height } = await qrRegionsOfPdfPage(page, 150);
      expect(regions).toHaveLength(1);
      expect(holds(regions[0] as never, 380, 600, codeModules('vector code') * 4)).toBe(true);
      const region = regions[0] as { left: number; top: number; right: number; bottom: number };
      expect((region.right - region.left) * (region.bottom - region.top)).toBeLessThan(0.05 * width * height);
    }
  });

  it('finds the region of an image, however it is scaled', async () => {
    const page = await pdfPageWith(drawImageCode('image code', { x: 60, y: 500, size: 90 }));
    const { regions } = await qrRegionsOfPdfPage(page, 150);
    expect(regions).toHaveLength(1);
    expect(holds(regions[0] as never, 60, 500, 90)).toBe(true);
  });

  it("places shapes drawn inside a form XObject by the form's matrix and the page's", async () => {
    const page = pdfWithCodeInForm('inside a form', { x: 200, y: 300, module: 3 });
    const { regions } = await qrRegionsOfPdfPage(page, 150);
    const side = codeModules('inside a form') * 3;
    expect(regions).toHaveLength(1);
    // PDF units (y upwards) to the top-left origin of the page image: the code's top is 842 − (350 + side).
    expect(holds(regions[0] as never, 250, 842 - 350 - side, side)).toBe(true);
    const region = regions[0] as { left: number; right: number };
    expect(region.right - region.left).toBeLessThan(2 * side * PX_PER_PT);
  });

  it('finds nothing to render on invoices that draw no image and no squares', async () => {
    for (const fixture of ['invoices/free_fiber.pdf', 'invoices/SammyMaystoneLinesTest.pdf']) {
      expect((await qrRegionsOfPdfPage(readFixture(fixture), 150)).regions).toEqual([]);
    }
  });

  it('fails on a file PDFium cannot open, so the caller renders the whole page', async () => {
    await expect(qrRegionsOfPdfPage(new TextEncoder().encode('%PDF-1.7 not really'), 150)).rejects.toThrow();
  });
});
