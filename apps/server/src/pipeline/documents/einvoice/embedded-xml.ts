// The XML files embedded in a PDF (ZUGFeRD / Factur-X / XRechnung hybrids attach the invoice as an
// embedded file), read with pdf.js — the same reader as the text layer, so no second PDF library.
import { withPdf } from '../pdf/load-pdf.js';

export interface EmbeddedFile {
  fileName: string;
  bytes: Uint8Array;
}

// The names the specifications give the invoice attachment, most specific first; any other XML
// attachment is tried after them.
const INVOICE_FILE_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml', 'order-x.xml'];

const rank = (fileName: string): number => {
  const index = INVOICE_FILE_NAMES.indexOf(fileName.toLowerCase());
  return index === -1 ? INVOICE_FILE_NAMES.length : index;
};

/** The PDF's embedded `.xml` files, the standard invoice names first. */
export async function embeddedXmlFiles(
  bytes: Uint8Array,
  options: { password?: string } = {},
): Promise<EmbeddedFile[]> {
  return withPdf(
    bytes,
    async (document) => {
      const attachments = await document.getAttachments();
      if (!attachments) return [];
      const files: EmbeddedFile[] = [];
      for (const [id, attachment] of attachments) {
        const fileName = attachment.filename || attachment.rawFilename;
        if (!fileName.toLowerCase().endsWith('.xml')) continue;
        const content = attachment.content ?? (await document.getAttachmentContent(id));
        if (content && content.length > 0) files.push({ fileName, bytes: content });
      }
      return files.sort((a, b) => rank(a.fileName) - rank(b.fileName));
    },
    options,
  );
}
