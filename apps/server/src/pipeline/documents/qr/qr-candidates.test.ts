import { execFileSync } from 'node:child_process';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../testing/fixtures.js';
import { type GreyImage, mayHoldQrCode } from './qr-candidates.js';
import { readGreyMap } from './read-qr-codes.js';

/** An A4 page at 150 dpi, white, with a code of `sizePx` pixels drawn at (left, top). */
async function pageWithCode(
  content: string,
  sizePx: number,
  options: { left?: number; top?: number; negate?: boolean; grey?: number; rotate?: number } = {},
): Promise<GreyImage> {
  let code = sharp(await QRCode.toBuffer(content, { type: 'png', width: sizePx, margin: 4 }));
  if (options.negate) code = sharp(await code.negate({ alpha: false }).toBuffer());
  // A light-grey code: black modules printed as `grey`.
  if (options.grey !== undefined) code = sharp(await code.linear((255 - options.grey) / 255, options.grey).toBuffer());
  if (options.rotate) code = sharp(await code.rotate(options.rotate, { background: '#ffffff' }).toBuffer());
  const { data, info } = await sharp({ create: { width: 1240, height: 1754, channels: 3, background: '#ffffff' } })
    .composite([{ input: await code.png().toBuffer(), left: options.left ?? 800, top: options.top ?? 1300 }])
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height),
    width: info.width,
    height: info.height,
  };
}

/** Page `page` of a fixture PDF as pdftoppm renders it for QR codes (grey, 150 dpi). */
function renderedPage(fixture: string, page: number): GreyImage {
  const pgm = execFileSync(
    'pdftoppm',
    ['-gray', '-r', '150', '-f', String(page), '-l', String(page), '-singlefile', fixturePath(fixture)],
    {
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  return readGreyMap(pgm);
}

describe('mayHoldQrCode', () => {
  it('sees a fiscal-size code, a small one, a light-on-dark one, a light-grey one and a turned one', async () => {
    const content = 'A:123456789*B:999999990*C:PT*D:FT*E:N*F:20240115*G:FT A/1*H:ABCD1234-1*I7:100.00*O:123.00';
    expect(mayHoldQrCode(await pageWithCode(content, 250))).toBe(true);
    expect(mayHoldQrCode(await pageWithCode('small', 90, { left: 100, top: 100 }))).toBe(true);
    expect(mayHoldQrCode(await pageWithCode(content, 250, { negate: true }))).toBe(true);
    expect(mayHoldQrCode(await pageWithCode(content, 250, { grey: 170 }))).toBe(true);
    expect(mayHoldQrCode(await pageWithCode(content, 250, { rotate: 90 }))).toBe(true);
  });

  it('sees the codes of real invoices, and not the tables and text of pages without one', () => {
    // Pages where zbar reads a code (CFDI, KSeF, NFS-e).
    expect(mayHoldQrCode(renderedPage('invoices-dev/es_mx_cfdi33_factura.pdf', 1))).toBe(true);
    expect(mayHoldQrCode(renderedPage('invoices-dev/pl_ksef_pdfmake_faktura.pdf', 4))).toBe(true);
    expect(mayHoldQrCode(renderedPage('invoices-dev/pt_br_danfse_nfse.pdf', 1))).toBe(true);
    // A table of letters "O" at a grid's corners, an invoice, a government register page.
    expect(mayHoldQrCode(renderedPage('pdfs/multipage/WARN-Report-2015-2016.pdf', 2))).toBe(false);
    expect(mayHoldQrCode(renderedPage('invoices/oyo.pdf', 1))).toBe(false);
    expect(mayHoldQrCode(renderedPage('pdfs/multipage/federal-register-2020-17221.pdf', 1))).toBe(false);
  });

  it('sees nothing on a blank page', () => {
    expect(mayHoldQrCode({ data: new Uint8Array(200 * 300).fill(255), width: 200, height: 300 })).toBe(false);
  });
});
