import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectInvoiceFields } from '../fields/detect-invoice-fields.js';
import { readFixture } from '../testing/fixtures.js';
import { straighteningAngle, unstraighten } from './deskew.js';
import { resolutionFromText, trustedResolution } from './resolution.js';
import { ocrImage } from './tesseract.js';
import { measureTextLines } from './text-lines.js';

// A real till receipt scanned at 300 dpi (stored on its side), and the same scan turned by a few
// degrees here, as a sheet fed askew into a scanner would come out.
const receipt = readFixture('invoices-dev/de_penny_receipt_scan.jpg');
const turned = (degrees: number): Promise<Buffer> =>
  sharp(receipt).rotate(degrees, { background: '#ffffff' }).jpeg({ quality: 92 }).toBuffer();

describe('the skew of a page', () => {
  it('is measured on a real scan turned by a few degrees either way', async () => {
    const asScanned = await measureTextLines(receipt);
    expect(asScanned).not.toBeNull();
    // The scan itself is within half a degree of straight: it is read as it is.
    expect(Math.abs(asScanned?.skewDegrees ?? 99)).toBeLessThan(0.5);
    expect(straighteningAngle(asScanned)).toBe(0);
    for (const degrees of [3, -4]) {
      const lines = await measureTextLines(await turned(degrees));
      expect(lines?.skewDegrees).toBeCloseTo((asScanned?.skewDegrees ?? 0) + degrees, 0);
      expect(Math.abs(straighteningAngle(lines) + degrees)).toBeLessThan(0.6);
    }
  });

  it('measures a photo of grey paper turned onto a white canvas (the ink is the darkest grey)', async () => {
    const photo = readFixture('invoices-dev/fr_maison_jeanne_darc_receipt_photo.jpg');
    const lines = await measureTextLines(
      await sharp(photo).rotate(-3, { background: '#ffffff' }).jpeg({ quality: 92 }).toBuffer(),
    );
    expect(lines?.skewDegrees).toBeCloseTo(-3, 0);
    expect(straighteningAngle(lines)).toBeCloseTo(3, 0);
  });

  it('finds no lines on a blank page and leaves it as it is', async () => {
    const blank = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    expect(await measureTextLines(blank)).toBeNull();
    expect(straighteningAngle(null)).toBe(0);
  });

  it('brings a word read on the straightened page back where it is printed', () => {
    // A page 1000 × 500 turned by +90° comes out 500 × 1000: its centre word stays at the centre,
    // and a word right of the centre goes below it.
    const frame = { width: 1000, height: 500 };
    const straightened = { width: 500, height: 1000 };
    const word = { text: 'x', left: 240, top: 490, width: 20, height: 20, confidence: 1, lineKey: '1.1.1' };
    expect(unstraighten(word, 90, straightened, frame)).toMatchObject({ left: 490, top: 240 });
    const below = { ...word, top: 690 };
    const back = unstraighten(below, 90, straightened, frame);
    expect(back.left).toBeCloseTo(690);
    expect(back.top).toBeCloseTo(240);
  });

  it('reads the fields of the receipt turned by 3 degrees as of the receipt itself', async () => {
    const page = await ocrImage(await turned(3), { languages: ['de', 'en'] });
    const found = Object.fromEntries(
      detectInvoiceFields([page]).map((entity) => [entity.category, entity.keyValues[0]?.contentNormalized]),
    );
    expect(found).toMatchObject({
      InvoiceId: '6197',
      InvoiceDate: '2014-10-18',
      InvoiceTotal: '10.56',
      Currency: 'EUR',
      VendorName: 'PENNY-MARKT GmbH',
    });
    // The words are placed on the turned image as it is shown, not on the straightened copy.
    const { width = 0, height = 0 } = await sharp(await turned(3)).metadata();
    expect([page.pageSize.width, page.pageSize.height].sort()).toEqual([width, height].sort());
    for (const word of page.words) {
      expect(word.edges.left).toBeGreaterThan(-20);
      expect(word.edges.right).toBeLessThan(Math.max(width, height) + 20);
    }
  }, 120_000);
});

describe('the resolution given to tesseract', () => {
  it('keeps a stored resolution that the page size and the text bear out', async () => {
    // The same receipt says 300 dpi, and it is a 300 dpi scan.
    const lines = await measureTextLines(receipt);
    expect(trustedResolution({ stated: 300, width: 1719, height: 909, lineHeight: lines?.lineHeight ?? null })).toBe(
      300,
    );
  });

  it('does not pass on a resolution that would make a till receipt 27 inches long', async () => {
    // A receipt 805 × 1917 pixels saved without a resolution: the decoder says 72 dpi.
    const bigbox = readFixture('invoices-dev/en_mega_bigbox_receipt.jpg');
    const { width = 0, height = 0, density } = await sharp(bigbox).metadata();
    expect(density).toBe(72);
    const lines = await measureTextLines(bigbox);
    expect(trustedResolution({ stated: 72, width, height, lineHeight: lines?.lineHeight ?? null })).toBeUndefined();
  });

  it('does not pass on a resolution three times too low for the height of the text', () => {
    // Lines 24 pixels high are 9–11 point type at about 300 dpi; a file saying 98 dpi is wrong.
    expect(resolutionFromText(24)).toBeCloseTo(300, -1);
    expect(trustedResolution({ stated: 98, width: 1000, height: 1400, lineHeight: 24 })).toBeUndefined();
    expect(trustedResolution({ stated: 300, width: 2480, height: 3508, lineHeight: 24 })).toBe(300);
    expect(trustedResolution({ stated: null, width: 2480, height: 3508, lineHeight: 24 })).toBeUndefined();
  });
});
