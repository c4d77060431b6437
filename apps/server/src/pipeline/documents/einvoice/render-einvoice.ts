// A readable rendering of an e-invoice that came as an XML file (XRechnung, UBL, CII), so it is
// reviewed like any document: a PDF generated from the XML with pdfkit, one page per section
// (parties and dates, line items, totals and payment), labelled in the task's language and with
// dates and amounts written the way that language writes them. The text layer of this PDF is what
// the viewer shows and what the fields' boxes point into.
import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { EInvoice, EInvoiceDocumentType } from './read-einvoice.js';

export type RenderLocale = 'en' | 'de' | 'fr' | 'es' | 'pt';

interface Labels {
  title: Record<EInvoiceDocumentType, string>;
  number: string;
  issueDate: string;
  dueDate: string;
  currency: string;
  seller: string;
  buyer: string;
  vatId: string;
  country: string;
  lines: string;
  line: string;
  description: string;
  quantity: string;
  unitPrice: string;
  taxRate: string;
  amount: string;
  totals: string;
  netTotal: string;
  taxTotal: string;
  grandTotal: string;
  amountDue: string;
  paymentTerms: string;
  iban: string;
  generated: string;
}

const LABELS: Record<RenderLocale, Labels> = {
  en: {
    title: { invoice: 'Invoice', creditNote: 'Credit note', corrective: 'Corrected invoice' },
    number: 'Invoice number',
    issueDate: 'Invoice date',
    dueDate: 'Due date',
    currency: 'Currency',
    seller: 'Seller',
    buyer: 'Buyer',
    vatId: 'VAT ID',
    country: 'Country',
    lines: 'Line items',
    line: 'Line',
    description: 'Description',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    taxRate: 'VAT %',
    amount: 'Amount',
    totals: 'Totals and payment',
    netTotal: 'Total without VAT',
    taxTotal: 'VAT',
    grandTotal: 'Total with VAT',
    amountDue: 'Amount due',
    paymentTerms: 'Payment terms',
    iban: 'IBAN',
    generated: 'Rendered from the e-invoice XML',
  },
  de: {
    title: { invoice: 'Rechnung', creditNote: 'Gutschrift', corrective: 'Rechnungskorrektur' },
    number: 'Rechnungsnummer',
    issueDate: 'Rechnungsdatum',
    dueDate: 'Fälligkeitsdatum',
    currency: 'Währung',
    seller: 'Verkäufer',
    buyer: 'Käufer',
    vatId: 'USt-IdNr.',
    country: 'Land',
    lines: 'Positionen',
    line: 'Pos.',
    description: 'Bezeichnung',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis',
    taxRate: 'USt. %',
    amount: 'Betrag',
    totals: 'Summen und Zahlung',
    netTotal: 'Summe netto',
    taxTotal: 'Umsatzsteuer',
    grandTotal: 'Gesamtbetrag brutto',
    amountDue: 'Zahlbetrag',
    paymentTerms: 'Zahlungsbedingungen',
    iban: 'IBAN',
    generated: 'Aus dem XML der E-Rechnung erzeugt',
  },
  fr: {
    title: { invoice: 'Facture', creditNote: 'Avoir', corrective: 'Facture rectificative' },
    number: 'Numéro de facture',
    issueDate: 'Date de facture',
    dueDate: "Date d'échéance",
    currency: 'Devise',
    seller: 'Vendeur',
    buyer: 'Acheteur',
    vatId: 'N° TVA',
    country: 'Pays',
    lines: 'Lignes de facture',
    line: 'Ligne',
    description: 'Désignation',
    quantity: 'Quantité',
    unitPrice: 'Prix unitaire',
    taxRate: 'TVA %',
    amount: 'Montant',
    totals: 'Totaux et paiement',
    netTotal: 'Total HT',
    taxTotal: 'TVA',
    grandTotal: 'Total TTC',
    amountDue: 'Net à payer',
    paymentTerms: 'Conditions de paiement',
    iban: 'IBAN',
    generated: 'Rendu à partir du XML de la facture électronique',
  },
  es: {
    title: { invoice: 'Factura', creditNote: 'Nota de crédito', corrective: 'Factura rectificativa' },
    number: 'Número de factura',
    issueDate: 'Fecha de factura',
    dueDate: 'Fecha de vencimiento',
    currency: 'Moneda',
    seller: 'Vendedor',
    buyer: 'Comprador',
    vatId: 'NIF-IVA',
    country: 'País',
    lines: 'Líneas de factura',
    line: 'Línea',
    description: 'Descripción',
    quantity: 'Cantidad',
    unitPrice: 'Precio unitario',
    taxRate: 'IVA %',
    amount: 'Importe',
    totals: 'Totales y pago',
    netTotal: 'Base imponible',
    taxTotal: 'IVA',
    grandTotal: 'Total con IVA',
    amountDue: 'Importe a pagar',
    paymentTerms: 'Condiciones de pago',
    iban: 'IBAN',
    generated: 'Generado a partir del XML de la factura electrónica',
  },
  pt: {
    title: { invoice: 'Fatura', creditNote: 'Nota de crédito', corrective: 'Fatura retificativa' },
    number: 'Número da fatura',
    issueDate: 'Data da fatura',
    dueDate: 'Data de vencimento',
    currency: 'Moeda',
    seller: 'Vendedor',
    buyer: 'Comprador',
    vatId: 'NIF',
    country: 'País',
    lines: 'Linhas da fatura',
    line: 'Linha',
    description: 'Descrição',
    quantity: 'Quantidade',
    unitPrice: 'Preço unitário',
    taxRate: 'IVA %',
    amount: 'Valor',
    totals: 'Totais e pagamento',
    netTotal: 'Total sem IVA',
    taxTotal: 'IVA',
    grandTotal: 'Total com IVA',
    amountDue: 'Valor a pagar',
    paymentTerms: 'Condições de pagamento',
    iban: 'IBAN',
    generated: 'Gerado a partir do XML da fatura eletrónica',
  },
};

/** The rendering's language from a task language code (`de-AT` → `de`); English otherwise. */
export function renderLocaleOf(language: string | undefined): RenderLocale {
  const base = (language ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  return base in LABELS ? (base as RenderLocale) : 'en';
}

// DejaVu Sans (Debian fonts-dejavu-core) covers every Latin, Greek and Cyrillic letter a seller's
// name may have; without it the built-in Helvetica (Latin-1 only) is used.
const UNICODE_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const UNICODE_BOLD_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

/** Amounts and dates as the language writes them; narrow spaces become plain ones for text search. */
function formatters(locale: RenderLocale) {
  const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
  return {
    amount: (value: string | null): string => {
      if (value === null) return '';
      const decimals = Math.max(2, value.split('.')[1]?.length ?? 0);
      return plain(
        new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
          Number(value),
        ),
      );
    },
    number: (value: string | null): string =>
      value === null ? '' : plain(new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }).format(Number(value))),
    date: (iso: string | null): string => {
      if (iso === null) return '';
      // English is written day first here (en-GB): the rendering is for EU e-invoices.
      return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        timeZone: 'UTC',
      }).format(new Date(`${iso}T00:00:00Z`));
    },
  };
}

export async function renderEInvoicePdf(invoice: EInvoice, locale: RenderLocale = 'en'): Promise<Uint8Array> {
  const labels = LABELS[locale];
  const format = formatters(locale);
  const pdf = new PDFDocument({ size: 'A4', margin: 56, autoFirstPage: false, info: { Title: labels.generated } });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    pdf.on('end', () => resolve());
    pdf.on('error', reject);
  });
  const unicode = existsSync(UNICODE_FONT) && existsSync(UNICODE_BOLD_FONT);
  const regular = unicode ? UNICODE_FONT : 'Helvetica';
  const bold = unicode ? UNICODE_BOLD_FONT : 'Helvetica-Bold';
  const currency = invoice.currency ?? '';

  const page = (heading: string) => {
    pdf.addPage();
    pdf.font(bold).fontSize(16).text(heading);
    pdf.moveDown(0.5);
    pdf.font(regular).fontSize(10);
  };
  const row = (label: string, value: string | null) => {
    if (!value) return;
    pdf.font(bold).text(`${label}: `, { continued: true }).font(regular).text(value);
  };

  page(`${labels.title[invoice.documentType]} ${invoice.number ?? ''}`.trim());
  row(labels.number, invoice.number);
  row(labels.issueDate, format.date(invoice.issueDate));
  row(labels.dueDate, format.date(invoice.dueDate));
  row(labels.currency, invoice.currency);
  for (const [heading, party] of [
    [labels.seller, invoice.seller],
    [labels.buyer, invoice.buyer],
  ] as const) {
    pdf.moveDown();
    pdf.font(bold).fontSize(12).text(heading);
    pdf.font(regular).fontSize(10);
    if (party.name) pdf.text(party.name);
    row(labels.vatId, party.vatId);
    row(labels.country, party.country);
  }

  page(labels.lines);
  const columns = [
    { label: labels.line, width: 40, value: (line: EInvoice['lines'][number]) => line.id ?? '' },
    { label: labels.description, width: 180, value: (line: EInvoice['lines'][number]) => line.name ?? '' },
    {
      label: labels.quantity,
      width: 60,
      value: (line: EInvoice['lines'][number]) => `${format.number(line.quantity)} ${line.unitCode ?? ''}`.trim(),
    },
    { label: labels.unitPrice, width: 70, value: (line: EInvoice['lines'][number]) => format.amount(line.unitPrice) },
    { label: labels.taxRate, width: 50, value: (line: EInvoice['lines'][number]) => format.number(line.taxRate) },
    { label: labels.amount, width: 80, value: (line: EInvoice['lines'][number]) => format.amount(line.netAmount) },
  ];
  const left = pdf.page.margins.left;
  const tableRow = (cells: string[], font: string) => {
    const top = pdf.y;
    let x = left;
    let bottom = top;
    pdf.font(font);
    cells.forEach((cell, index) => {
      const width = columns[index]?.width ?? 60;
      pdf.text(cell, x, top, { width: width - 6 });
      bottom = Math.max(bottom, pdf.y);
      x += width;
    });
    pdf.x = left;
    pdf.y = bottom + 4;
  };
  tableRow(
    columns.map((column) => column.label),
    bold,
  );
  for (const line of invoice.lines) {
    if (pdf.y > pdf.page.height - pdf.page.margins.bottom - 40) pdf.addPage();
    tableRow(
      columns.map((column) => column.value(line)),
      regular,
    );
  }

  page(labels.totals);
  const money = (value: string | null) => (value === null ? null : `${format.amount(value)} ${currency}`.trim());
  row(labels.netTotal, money(invoice.netTotal));
  row(labels.taxTotal, money(invoice.taxTotal));
  row(labels.grandTotal, money(invoice.grandTotal));
  row(labels.amountDue, money(invoice.amountDue));
  row(labels.paymentTerms, invoice.paymentTerms);
  row(labels.iban, invoice.iban);
  pdf.moveDown(2);
  pdf.fontSize(8).fillColor('#666666').text(labels.generated);

  pdf.end();
  await done;
  const joined = Buffer.concat(chunks);
  return new Uint8Array(joined.buffer, joined.byteOffset, joined.byteLength);
}
