// An anonymised image as a one-page PDF (AnonymizedPdf of an image task): the already filled
// pixels are embedded as a new PNG, so the PDF has no text layer and nothing under the fill.
import PDFDocument from 'pdfkit';

/** Screen resolution: an image of 1240 pixels becomes a page of 930 points. */
const POINTS_PER_PIXEL = 72 / 96;

export async function imageAsPdf(png: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  const size: [number, number] = [width * POINTS_PER_PIXEL, height * POINTS_PER_PIXEL];
  const pdf = new PDFDocument({ size, margin: 0, autoFirstPage: false, info: {} });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });
  pdf.addPage({ size, margin: 0 });
  pdf.image(Buffer.from(png), 0, 0, { width: size[0], height: size[1] });
  pdf.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
