// Delivery notes of one layout as PDF files, for the demo's template training workspace and the
// template e2e: the layout the template model's tests and bench use (printed labels at fixed
// places, order number, date, customer and total varied by a seed), written with pdfkit so the
// files go through import and text extraction like any upload. Each file is moved by a few points
// as printers and scanners do, so a trained template has to find its fields, not assume them.
import PDFDocument from 'pdfkit';
import { deliveryNote, random } from '../testing/delivery-notes.js';

export type DeliveryNoteField = 'order' | 'date' | 'customer' | 'total';

export interface DeliveryNotePdf {
  fileName: string;
  bytes: Uint8Array;
  /** The printed values of the note's fields. */
  values: Record<DeliveryNoteField, string>;
  /** Where each value is printed, in points from the page's top-left corner (a Letter page). */
  regions: Record<DeliveryNoteField, Region>;
}

export interface Region {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Size of the page the notes are printed on (Letter), in points. */
export const DELIVERY_NOTE_PAGE = { width: 612, height: 792 } as const;

const FONT_SIZE = 10;
/** Goods lines that make the page look like the paper it stands for; the same on every note. */
const GOODS = ['1 x Pallet of printer paper A4', '4 x Toner cartridge black', '2 x Archive box, recycled'];

/** One delivery note; the same seed gives the same file. */
export async function deliveryNotePdf(seed: number): Promise<DeliveryNotePdf> {
  const r = random(seed);
  const lines = deliveryNote(r);
  const shift = { x: Math.round((r() - 0.5) * 24), y: Math.round((r() - 0.5) * 24) };
  const values = Object.fromEntries(lines.filter((l) => l.field).map((l) => [l.field, l.text])) as Record<
    DeliveryNoteField,
    string
  >;
  const pdf = new PDFDocument({
    size: 'LETTER',
    margin: 0,
    info: { Title: `Delivery note ${values.order}`, Author: 'Northwind Logistics' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });
  pdf.font('Helvetica').fontSize(FONT_SIZE);
  const regions = {} as Record<DeliveryNoteField, Region>;
  for (const line of lines) {
    const x = line.x + shift.x;
    const y = line.y + shift.y;
    pdf.text(line.text, x, y, { lineBreak: false });
    if (line.field) {
      regions[line.field as DeliveryNoteField] = {
        left: x,
        top: y,
        right: x + pdf.widthOfString(line.text),
        bottom: y + pdf.currentLineHeight(),
      };
    }
  }
  GOODS.forEach((text, index) => {
    pdf.text(text, 80 + shift.x, 240 + index * 18 + shift.y, { lineBreak: false });
  });
  pdf
    .moveTo(60 + shift.x, 228 + shift.y)
    .lineTo(550 + shift.x, 228 + shift.y)
    .stroke();
  pdf.end();
  await done;
  return {
    fileName: `delivery-note-${values.order}.pdf`,
    bytes: new Uint8Array(Buffer.concat(chunks)),
    values,
    regions,
  };
}

/** Seeds of the demo's notes: six to label (five are enough for a good template) and train on. */
export const DEMO_DELIVERY_NOTE_SEEDS = [101, 102, 103, 104, 105, 106] as const;
