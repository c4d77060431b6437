// One-page PDFs with QR codes drawn as invoice generators draw them — a PNG image, or vector
// squares (one filled path a module, or one path of them all) — for the QR reader's tests.
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

export type Drawing = (doc: PDFKit.PDFDocument) => void | Promise<void>;

/** An A4 page (points) with a line of invoice text and the drawings, in order. */
export async function pdfPageWith(...drawings: Drawing[]): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: 'A4', margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  doc.fontSize(14).text('Invoice FT A/1 — total 123.00 EUR', 72, 72);
  for (const draw of drawings) await draw(doc);
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

/** Modules a side of the code of `content` (error correction M, as drawVectorCode draws it). */
export const codeModules = (content: string): number =>
  QRCode.create(content, { errorCorrectionLevel: 'M' }).modules.size;

/** The code's dark modules as filled squares of `module` points from (x, y), top-left origin. */
export function drawVectorCode(
  content: string,
  at: { x: number; y: number; module: number; onePath?: boolean },
): Drawing {
  return (doc) => {
    const { modules } = QRCode.create(content, { errorCorrectionLevel: 'M' });
    for (let row = 0; row < modules.size; row++) {
      for (let column = 0; column < modules.size; column++) {
        if (!modules.get(row, column)) continue;
        doc.rect(at.x + column * at.module, at.y + row * at.module, at.module, at.module);
        if (!at.onePath) doc.fill('black');
      }
    }
    if (at.onePath) doc.fill('black');
  };
}

/** The code as a PNG (with its quiet zone) drawn at (x, y), `size` points a side. */
export function drawImageCode(content: string, at: { x: number; y: number; size: number }): Drawing {
  return async (doc) => {
    const png = await QRCode.toBuffer(content, { type: 'png', width: 300, margin: 4 });
    doc.image(png, at.x, at.y, { width: at.size, height: at.size });
  };
}
