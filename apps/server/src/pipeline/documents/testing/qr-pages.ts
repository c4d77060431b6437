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

/**
 * A one-page PDF (A4, written by hand: pdfkit makes no form XObjects) whose code is drawn as vector
 * squares of `module` points inside a form XObject: the page's `cm` moves the form to `at`, and the
 * form's own /Matrix moves its content 50 points further right and up. The code's lower-left corner
 * lies at (at.x + 50, at.y + 50) in PDF units (y upwards).
 */
export function pdfWithCodeInForm(content: string, at: { x: number; y: number; module: number }): Uint8Array {
  const { modules } = QRCode.create(content, { errorCorrectionLevel: 'M' });
  let squares = '0 g\n';
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (!modules.get(row, column)) continue;
      squares += `${column * at.module} ${(modules.size - 1 - row) * at.module} ${at.module} ${at.module} re\n`;
    }
  }
  squares += 'f\n';
  const page = `q 1 0 0 1 ${at.x} ${at.y} cm /Fm1 Do Q\n`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Fm1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${page.length} >>\nstream\n${page}endstream`,
    `<< /Type /XObject /Subtype /Form /BBox [0 0 400 400] /Matrix [1 0 0 1 50 50] /Length ${squares.length} >>\nstream\n${squares}endstream`,
  ];
  let pdf = '%PDF-1.7\n';
  const offsets: number[] = [];
  for (const [index, object] of objects.entries()) {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  }
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(pdf, 'latin1'));
}
