import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { contractErrors } from '../testing/contract-schemas.js';
import { readFixture } from '../testing/fixtures.js';
import { detectQrCodes, QR_CODE_PT_GROUP } from './detect-qr-codes.js';
import { parsePtFiscalQr } from './pt-fiscal-qr.js';

const PT_QR =
  'A:123456789*B:999999990*C:PT*D:FT*E:N*F:20240115*G:FT A/1*H:ABCD1234-1*I1:PT*I7:100.00*I8:23.00*N:23.00*O:123.00*Q:AbCd*R:1234';

describe('detectQrCodes', () => {
  it('reads a generated QR code with its box', async () => {
    const png = await QRCode.toBuffer('https://example.org/invoice/42', { type: 'png', width: 240, margin: 4 });
    const [entity] = await detectQrCodes(png, { pageNumber: 3 });
    expect(entity).toMatchObject({
      type: 'qrCode',
      category: 'QrCode',
      pageNumber: 3,
      qrCode: { content: 'https://example.org/invoice/42', isValid: true },
    });
    const box = entity?.qrCode?.boundingBox;
    expect(box?.left).toBeGreaterThan(0);
    expect(box?.right).toBeLessThan(240);
    expect(contractErrors('Entity', entity)).toBeNull();
  });

  it('decodes the Portuguese fiscal QR into its fields (group QrCodePt)', async () => {
    const png = await QRCode.toBuffer(PT_QR, { type: 'png', width: 400 });
    const [entity] = await detectQrCodes(png);
    expect(entity).toMatchObject({
      category: QR_CODE_PT_GROUP,
      groupName: QR_CODE_PT_GROUP,
      qrCode: { isValid: true },
    });
    const fields = Object.fromEntries(
      (entity?.qrCode?.keyValues ?? []).map((kv) => [kv.category, kv.contentNormalized ?? kv.content]),
    );
    expect(fields).toMatchObject({ A: '123456789', F: '2024-01-15', O: '123.00', H: 'ABCD1234-1' });
  });

  it('finds several codes on one page', async () => {
    const first = await QRCode.toBuffer('first code', { type: 'png', width: 200 });
    const second = await QRCode.toBuffer('second code', { type: 'png', width: 200 });
    const page = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#ffffff' } })
      .composite([
        { input: first, left: 20, top: 50 },
        { input: second, left: 360, top: 50 },
      ])
      .png()
      .toBuffer();
    const contents = (await detectQrCodes(page)).map((entity) => entity.qrCode?.content).sort();
    expect(contents).toEqual(['first code', 'second code']);
  });

  it('scales boxes to page units', async () => {
    const png = await QRCode.toBuffer('scaled', { type: 'png', width: 300 });
    const [full] = await detectQrCodes(png);
    const [half] = await detectQrCodes(png, { scale: 0.5 });
    expect(half?.qrCode?.boundingBox?.width).toBeCloseTo((full?.qrCode?.boundingBox?.width ?? 0) / 2, 1);
  });

  it('finds nothing on a photo', async () => {
    expect(await detectQrCodes(readFixture('edge_cases/images/flower_no_text.jpg'))).toEqual([]);
  });

  it('marks a fiscal code with a bad issuer NIF or missing fields invalid', () => {
    expect(parsePtFiscalQr(PT_QR).isValid).toBe(true);
    expect(parsePtFiscalQr(PT_QR.replace('A:123456789', 'A:123456780')).isValid).toBe(false);
    expect(parsePtFiscalQr('A:123456789*B:999999990*C:PT').isValid).toBe(false);
  });
});
