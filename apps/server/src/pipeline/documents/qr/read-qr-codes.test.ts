import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { countedToolRuns } from '../testing/counted-tool-runs.js';
import { readFixture } from '../testing/fixtures.js';
import { codeModules, drawImageCode, drawVectorCode, pdfPageWith, pdfWithCodeInForm } from '../testing/qr-pages.js';
import type { QrPage } from './read-qr-codes.js';
import { parseZbarXml } from './scan-qr-zbar.js';

// The real tools run; the calls are only counted.
const { runTool, loaded } = countedToolRuns(() => import('./read-qr-codes.js'));
const readQrCodes: typeof import('./read-qr-codes.js').readQrCodes = (...args) => loaded().readQrCodes(...args);

const PT_QR =
  'A:123456789*B:999999990*C:PT*D:FT*E:N*F:20240115*G:FT A/1*H:ABCD1234-1*I1:PT*I7:100.00*I8:23.00*N:23.00*O:123.00*Q:AbCd*R:1234';

/** An A4 page (points) with the codes drawn where given, as an invoice generator would. */
async function pdfWithCodes(codes: { content: string; x: number; y: number; size: number }[]): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: 'A4', margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  doc.fontSize(14).text('Invoice FT A/1 — total 123.00 EUR', 72, 72);
  for (const code of codes) {
    const png = await QRCode.toBuffer(code.content, { type: 'png', width: 400, margin: 4 });
    doc.image(png, code.x, code.y, { width: code.size, height: code.size });
  }
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

const readPageQrCodes = async (page: QrPage) => (await readQrCodes([page]))[0] ?? [];

describe('readQrCodes', () => {
  it('reads the fiscal QR of a PDF page with its box in points', async () => {
    const pdf = await pdfWithCodes([{ content: PT_QR, x: 400, y: 600, size: 120 }]);
    const [entity, ...rest] = await readPageQrCodes({
      bytes: pdf,
      contentType: 'application/pdf',
      pageNumber: 2,
      widthPt: 595.28,
      heightPt: 841.89,
    });
    expect(rest).toEqual([]);
    expect(entity).toMatchObject({ category: 'QrCodePt', pageNumber: 2, qrCode: { content: PT_QR, isValid: true } });
    const box = entity?.qrCode?.boundingBox;
    // The code's modules lie inside the drawn image, whose quiet zone is 4 of 37 modules a side.
    expect(box?.left).toBeGreaterThan(400);
    expect(box?.left).toBeLessThan(420);
    expect(box?.top).toBeGreaterThan(600);
    expect(box?.right).toBeLessThan(520);
    expect(box?.bottom).toBeLessThan(720);
  });

  it('reads several codes, the page size read from the PDF when not given', async () => {
    const pdf = await pdfWithCodes([
      { content: 'first code', x: 60, y: 400, size: 110 },
      { content: 'second code', x: 400, y: 400, size: 110 },
    ]);
    const entities = await readPageQrCodes({ bytes: pdf, contentType: 'application/pdf', pageNumber: 1 });
    expect(entities.map((entity) => entity.qrCode?.content).sort()).toEqual(['first code', 'second code']);
  });

  it('reads codes drawn as vector squares and as an image on one page, boxes in points', async () => {
    for (const onePath of [false, true]) {
      const pdf = await pdfPageWith(
        drawVectorCode('vector squares', { x: 380, y: 600, module: 4, onePath }),
        drawImageCode('an image', { x: 60, y: 300, size: 100 }),
      );
      const entities = await readPageQrCodes({ bytes: pdf, contentType: 'application/pdf', pageNumber: 1 });
      const boxes = new Map(entities.map((entity) => [entity.qrCode?.content, entity.qrCode?.boundingBox]));
      expect([...boxes.keys()].sort()).toEqual(['an image', 'vector squares']);
      // The vector code's modules start at its origin (it has no quiet zone of its own).
      const side = codeModules('vector squares') * 4;
      const vector = boxes.get('vector squares');
      expect(vector?.left).toBeGreaterThan(376);
      expect(vector?.left).toBeLessThan(384);
      expect(vector?.top).toBeGreaterThan(596);
      expect(vector?.right).toBeGreaterThan(380 + side - 4);
      expect(vector?.right).toBeLessThan(380 + side + 4);
      const image = boxes.get('an image');
      expect(image?.left).toBeGreaterThan(60);
      expect(image?.left).toBeLessThan(75);
      expect(image?.top).toBeGreaterThan(300);
      expect(image?.bottom).toBeLessThan(400);
    }
  });

  it('reads a code drawn inside a form XObject where the page shows it', async () => {
    const [entity, ...rest] = await readPageQrCodes({
      bytes: pdfWithCodeInForm('inside a form', { x: 200, y: 300, module: 3 }),
      contentType: 'application/pdf',
      pageNumber: 1,
    });
    expect(rest).toEqual([]);
    expect(entity?.qrCode?.content).toBe('inside a form');
    const side = codeModules('inside a form') * 3;
    expect(entity?.qrCode?.boundingBox?.left).toBeCloseTo(250, 0);
    expect(entity?.qrCode?.boundingBox?.top).toBeCloseTo(842 - 350 - side, -1);
  });

  it('reads a light-on-dark code of an image page, boxes in pixels', async () => {
    const code = await QRCode.toBuffer('inverted code', { type: 'png', width: 240, margin: 4 });
    const page = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ffffff' } })
      .composite([{ input: await sharp(code).negate({ alpha: false }).toBuffer(), left: 500, top: 300 }])
      .png()
      .toBuffer();
    const [entity] = await readPageQrCodes({ bytes: page, contentType: 'image/png', pageNumber: 1 });
    expect(entity?.qrCode?.content).toBe('inverted code');
    expect(entity?.qrCode?.boundingBox?.left).toBeGreaterThan(500);
  });

  it('reads a batch of PDF and image pages in one run, each page its own codes', async () => {
    const pdf = await pdfWithCodes([{ content: 'on the PDF page', x: 300, y: 300, size: 120 }]);
    const png = await QRCode.toBuffer('on the image page', { type: 'png', width: 240, margin: 4 });
    const pages = await readQrCodes([
      { bytes: readFixture('invoices/oyo.pdf'), contentType: 'application/pdf', pageNumber: 1 },
      { bytes: pdf, contentType: 'application/pdf', pageNumber: 2 },
      { bytes: png, contentType: 'image/png', pageNumber: 3 },
    ]);
    expect(pages.map((entities) => entities.map((entity) => [entity.pageNumber, entity.qrCode?.content]))).toEqual([
      [],
      [[2, 'on the PDF page']],
      [[3, 'on the image page']],
    ]);
  });

  it('finds nothing on an invoice without a code or on a photo', async () => {
    const invoice = readFixture('invoices/oyo.pdf');
    expect(await readPageQrCodes({ bytes: invoice, contentType: 'application/pdf', pageNumber: 1 })).toEqual([]);
    const photo = readFixture('edge_cases/images/flower_no_text.jpg');
    expect(await readPageQrCodes({ bytes: photo, contentType: 'image/jpeg', pageNumber: 1 })).toEqual([]);
  });

  it('does not start zbar for image pages that show no finder pattern', async () => {
    runTool.mockClear();
    const pages = await readQrCodes([
      { bytes: readFixture('images/invoice2data/oyo.png'), contentType: 'image/png', pageNumber: 1 },
      { bytes: readFixture('edge_cases/images/flower_no_text.jpg'), contentType: 'image/jpeg', pageNumber: 2 },
    ]);
    expect(pages).toEqual([[], []]);
    expect(runTool.mock.calls.map(([engine]) => engine)).toEqual([]);
    // …while a page that shows one does start it (the count above is of the real calls).
    const png = await QRCode.toBuffer('a code', { type: 'png', width: 240, margin: 4 });
    await readQrCodes([{ bytes: png, contentType: 'image/png', pageNumber: 1 }]);
    expect(runTool.mock.calls.map(([engine]) => engine)).toEqual(['zbar QR reader']);
  });
});

describe('parseZbarXml', () => {
  it('reads each symbol, joining CDATA sections split around "]]>"', () => {
    const xml = `<barcodes xmlns='http://zbar.sourceforge.net/2008/barcode'><source href='p.pgm'><index num='0'>
<symbol type='QR-Code' quality='1' orientation='UP'><data><![CDATA[a]]]]><![CDATA[>b]]></data></symbol>
<symbol type='QR-Code' quality='1'><data><![CDATA[line one
line two]]></data></symbol>
</index></source></barcodes>`;
    expect(parseZbarXml(xml)).toEqual(new Map([['p.pgm', ['a]]>b', 'line one\nline two']]]));
  });
});

describe('readQrCodes where PDFium cannot render', () => {
  /** What the stand-in for PDFium's renders does: fail to open the page, or give regions without pixels. */
  let pdfium: 'cannot open' | 'no bitmap' = 'cannot open';
  const fallback = countedToolRuns(async () => {
    const actual = await import('./qr-region-pixels.js');
    vi.doMock('./qr-region-pixels.js', () => ({
      renderQrRegionsOfPdfPage: async (...args: Parameters<typeof actual.renderQrRegionsOfPdfPage>) => {
        if (pdfium === 'cannot open') throw new Error('PDFium could not open the document.');
        return (await actual.renderQrRegionsOfPdfPage(...args)).map((region) => ({ ...region, grey: null }));
      },
    }));
    const module = await import('./read-qr-codes.js');
    vi.doUnmock('./qr-region-pixels.js');
    return module;
  });

  it('renders the whole page, or the regions, with pdftoppm and reads the same code in the same place', async () => {
    const pdf = await pdfWithCodes([{ content: PT_QR, x: 400, y: 600, size: 120 }]);
    const page: QrPage = {
      bytes: pdf,
      contentType: 'application/pdf',
      pageNumber: 1,
      widthPt: 595.28,
      heightPt: 841.89,
    };
    const [expected] = await readPageQrCodes(page);
    for (const mode of ['cannot open', 'no bitmap'] as const) {
      pdfium = mode;
      fallback.runTool.mockClear();
      const [entity, ...rest] = (await fallback.loaded().readQrCodes([page]))[0] ?? [];
      expect(rest).toEqual([]);
      expect(entity?.qrCode?.content, mode).toBe(PT_QR);
      expect(
        fallback.runTool.mock.calls.map(([engine]) => engine),
        mode,
      ).toEqual(['pdftoppm', 'zbar QR reader']);
      for (const side of ['left', 'top', 'right', 'bottom'] as const) {
        // The same region: within a pixel at 150 dpi (0.48 pt) of where PDFium's render placed it; the
        // whole page (jsQR then searches a larger image and estimates the corners a little
        // differently): within two points.
        expect(
          Math.abs((entity?.qrCode?.boundingBox?.[side] ?? 0) - (expected?.qrCode?.boundingBox?.[side] ?? 0)),
          mode,
        ).toBeLessThan(mode === 'no bitmap' ? 0.6 : 2);
      }
    }
  });
});
