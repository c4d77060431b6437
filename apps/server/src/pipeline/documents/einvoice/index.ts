// E-invoices (EN 16931): the XML embedded in a PDF or given as the file itself, read into the
// task's fields. See README.md ("E-invoices").
import { type EmbeddedFile, embeddedXmlFiles } from './embedded-xml.js';
import { type EInvoice, readEInvoice } from './read-einvoice.js';

export {
  DISAGREEMENT_CONFIDENCE,
  type Disagreement,
  EINVOICE_ENTITY_TYPE,
  type EInvoiceFields,
  eInvoiceFields,
  lineItemTable,
} from './einvoice-fields.js';
export { type EmbeddedFile, embeddedXmlFiles } from './embedded-xml.js';
export type {
  EInvoice,
  EInvoiceDocumentType,
  EInvoiceLine,
  EInvoiceParty,
  EInvoiceReading,
  EInvoiceSyntax,
} from './read-einvoice.js';
export { readEInvoice } from './read-einvoice.js';
export { type RenderLocale, renderEInvoicePdf, renderLocaleOf } from './render-einvoice.js';

export type EmbeddedEInvoice =
  | { status: 'none' }
  /** An attachment was read as an invoice; `file` is kept with the task and offered in exports. */
  | { status: 'invoice'; invoice: EInvoice; file: EmbeddedFile }
  /** XML attachments were found but none is a readable invoice: the document is read from its pages. */
  | { status: 'rejected'; reasons: string[] };

/** The e-invoice inside a PDF, if one of its XML attachments is one. */
export async function readEmbeddedEInvoice(
  bytes: Uint8Array,
  options: { password?: string } = {},
): Promise<EmbeddedEInvoice> {
  return eInvoiceAmong(await embeddedXmlFiles(bytes, options));
}

/** The e-invoice among a PDF's XML attachments (embeddedXmlFiles, in its order), if one is one. */
export function eInvoiceAmong(files: readonly EmbeddedFile[]): EmbeddedEInvoice {
  if (files.length === 0) return { status: 'none' };
  const reasons: string[] = [];
  for (const file of files) {
    const reading = readEInvoice(new TextDecoder('utf-8').decode(file.bytes));
    if (reading.ok) return { status: 'invoice', invoice: reading.invoice, file };
    reasons.push(`${file.fileName}: ${reading.reason}`);
  }
  return { status: 'rejected', reasons };
}
