// The e-invoice hand-off of post-processing: when the task's PDF carries an EN 16931 invoice as an
// embedded XML file (ZUGFeRD, Factur-X, XRechnung), its fields replace those the layout rules read
// from the page, and the layout findings serve as the check on the XML (documents/einvoice). A PDF
// whose XML attachment is not an invoice, or is broken, is read from its pages as before; the
// task's timeline says why.
import type { TaskRow } from '../../db/schema.js';
import { type Disagreement, eInvoiceFields, readEmbeddedEInvoice } from '../documents/einvoice/index.js';
import { DocumentEngineError, detectFileType, type Entity, type PageText, type Table } from '../documents/index.js';
import type { StageContext } from '../worker/stage.js';
import type { StageStore } from './task-store.js';

export interface EInvoiceResults {
  fields: Entity[];
  table: Table | null;
  payload: Record<string, unknown>;
}

/** The e-invoice's fields and line items, or null when the task's file carries none. */
export async function eInvoiceResults(
  context: StageContext,
  store: StageStore,
  pages: readonly PageText[],
  printed: readonly Entity[],
): Promise<EInvoiceResults | null> {
  const bytes = await originalPdf(store, context.task);
  if (!bytes) return null;
  let found: Awaited<ReturnType<typeof readEmbeddedEInvoice>>;
  try {
    found = await readEmbeddedEInvoice(bytes);
  } catch (error) {
    // The pages were already read; a PDF pdf.js cannot open for its attachments is read from them.
    if (!(error instanceof DocumentEngineError)) throw error;
    await context.note(
      `The PDF's attachments could not be read (${error.message}); the fields are read from the pages.`,
    );
    return null;
  }
  if (found.status === 'none') return null;
  if (found.status === 'rejected') {
    await context.note(
      `The PDF carries XML, but not an e-invoice this server reads, so the fields are read from the pages: ${found.reasons.join('; ')}.`,
      { eInvoice: 'rejected', reasons: found.reasons },
    );
    return null;
  }
  const { invoice, file } = found;
  const result = eInvoiceFields(invoice, pages, printed);
  await context.note(describe(file.fileName, invoice.syntax, invoice.lines.length, result.disagreements), {
    eInvoice: file.fileName,
    syntax: invoice.syntax,
    profile: invoice.profile,
    documentType: invoice.documentType,
    disagreements: result.disagreements,
  });
  return {
    fields: result.entities,
    table: result.table,
    payload: { eInvoice: file.fileName, eInvoiceDisagreements: result.disagreements.length },
  };
}

/** The task's own PDF (not a chunk of a split one: its attachment belongs to the whole file). */
async function originalPdf(store: StageStore, task: TaskRow): Promise<Uint8Array | null> {
  if (!task.blob_id || task.split_source_id) return null;
  const bytes = await store.readBlob(task.blob_id);
  return detectFileType(bytes)?.kind === 'pdf' ? bytes : null;
}

function describe(fileName: string, syntax: string, lines: number, disagreements: readonly Disagreement[]): string {
  const read = `E-invoice ${fileName} (${syntax}) read: fields and ${lines} line item${lines === 1 ? '' : 's'} taken from the XML`;
  if (disagreements.length === 0) return `${read}; the printed page agrees.`;
  const list = disagreements.map((item) => `${item.category} printed ${item.printed}, XML ${item.xml}`).join('; ');
  return `${read}; the printed page disagrees, flagged for review: ${list}.`;
}
