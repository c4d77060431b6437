// From a read e-invoice to the task's fields and line-item table. Values come from the XML
// (confidence 1, entity type `eInvoiceField`) and are looked up on the printed pages so the viewer
// can show where they stand. Where the page prints another value for the same field (the layout
// rules found one and the XML value is printed nowhere), the field is flagged: both values are kept,
// the printed one first because it is what the recipient saw, and the confidence is lowered below
// the review thresholds so a reviewer decides.
import { createHash } from 'node:crypto';
import { entityFor, keyValueFor, type TextRange, temporaryId } from '../entities.js';
import { CURRENCY_MARKERS, findAmounts } from '../fields/parse-amount.js';
import { findDates } from '../fields/parse-date.js';
import { checkPrefixedVat } from '../fields/tax-id.js';
import type { PageText } from '../text/page-text.js';
import { type Entity, FieldType, type KeyValue, type Table, type TableCell, type TableHeader } from '../types.js';
import type { EInvoice } from './read-einvoice.js';

/** Entity type of fields read from an e-invoice's XML (layout rules report `field`). */
export const EINVOICE_ENTITY_TYPE = 'eInvoiceField';
/** Confidence of a field where page and XML disagree: below any sensible review threshold. */
export const DISAGREEMENT_CONFIDENCE = 0.5;

/** `type` values (invoice, creditNote) are never printed as such and are not looked up. */
type ValueKind = 'code' | 'name' | 'date' | 'amount' | 'currency' | 'text' | 'type';

interface XmlField {
  category: string;
  kind: ValueKind;
  value: string | null;
}

export interface Disagreement {
  category: string;
  printed: string;
  xml: string;
}

export interface EInvoiceFields {
  entities: Entity[];
  /** The line items, or null when the XML lists none. */
  table: Table | null;
  disagreements: Disagreement[];
  /** VAT ids of the XML that fail their country's check digits (their fields are flagged). */
  failedTaxIds: string[];
}

/** Tax ids of the XML, checked with their country's check digits like the page's. */
const TAX_ID_CATEGORIES = new Set(['VendorTaxId', 'CustomerTaxId']);

/** The business terms the task shows, under the category keys of documents/README.md. */
function xmlFields(invoice: EInvoice): XmlField[] {
  return [
    { category: 'InvoiceId', kind: 'code', value: invoice.number },
    { category: 'InvoiceType', kind: 'type', value: invoice.documentType },
    { category: 'InvoiceDate', kind: 'date', value: invoice.issueDate },
    { category: 'DueDate', kind: 'date', value: invoice.dueDate },
    { category: 'VendorName', kind: 'name', value: invoice.seller.name },
    { category: 'VendorTaxId', kind: 'code', value: invoice.seller.vatId },
    { category: 'CustomerName', kind: 'name', value: invoice.buyer.name },
    { category: 'CustomerTaxId', kind: 'code', value: invoice.buyer.vatId },
    { category: 'SubTotal', kind: 'amount', value: invoice.netTotal },
    { category: 'TotalTax', kind: 'amount', value: invoice.taxTotal },
    { category: 'InvoiceTotal', kind: 'amount', value: invoice.grandTotal ?? invoice.amountDue },
    { category: 'AmountDue', kind: 'amount', value: invoice.amountDue },
    { category: 'Currency', kind: 'currency', value: invoice.currency },
    { category: 'PaymentTerm', kind: 'text', value: invoice.paymentTerms },
    { category: 'PaymentIban', kind: 'code', value: invoice.iban },
  ];
}

/**
 * The e-invoice's fields checked against the page. `printed` are the layout rules' findings on
 * the same pages (detectInvoiceFields), used only to tell a disagreement from a value the page
 * simply does not print.
 */
export function eInvoiceFields(
  invoice: EInvoice,
  pages: readonly PageText[],
  printed: readonly Entity[],
): EInvoiceFields {
  const entities: Entity[] = [];
  const disagreements: Disagreement[] = [];
  for (const field of xmlFields(invoice)) {
    if (field.value === null) continue;
    const onPage = findOnPages(field, pages);
    if (onPage) {
      entities.push(xmlEntity(field, keyValueFor(onPage.range, field.category, 1, onPage.normalized)));
      continue;
    }
    const xmlValue = detachedValue(field, field.value);
    const layout = printed.find((entity) => entity.category === field.category)?.keyValues[0];
    const layoutValue = layout?.contentNormalized ?? layout?.content;
    if (layout && layoutValue && !sameValue(field.kind, layoutValue, field.value)) {
      disagreements.push({ category: field.category, printed: layoutValue, xml: field.value });
      const entity = xmlEntity(field, { ...layout, confidence: DISAGREEMENT_CONFIDENCE });
      entity.keyValues.push({ ...xmlValue, childTemporaryId: `${entity.temporaryId}|${temporaryId(1, 'xml')}` });
      entity.confidence = DISAGREEMENT_CONFIDENCE;
      entities.push(entity);
      continue;
    }
    entities.push(xmlEntity(field, xmlValue));
  }
  // An XML is exact about what its sender wrote, not about whether the sender wrote a valid id.
  const failedTaxIds: string[] = [];
  for (const entity of entities) {
    const value = entity.keyValues.at(-1)?.contentNormalized;
    if (!TAX_ID_CATEGORIES.has(entity.category) || !value || checkPrefixedVat(value).status !== 'invalid') continue;
    failedTaxIds.push(`${entity.category} ${value}`);
    entity.confidence = Math.min(entity.confidence ?? 1, DISAGREEMENT_CONFIDENCE);
    for (const keyValue of entity.keyValues)
      keyValue.confidence = Math.min(keyValue.confidence ?? 1, DISAGREEMENT_CONFIDENCE);
  }
  return { entities, table: lineItemTable(invoice), disagreements, failedTaxIds };
}

function xmlEntity(field: XmlField, keyValue: KeyValue): Entity {
  return { ...entityFor(field.category, keyValue), type: EINVOICE_ENTITY_TYPE };
}

/** A value that is not printed anywhere: page 1, no box. */
function detachedValue(field: XmlField, value: string): KeyValue {
  return {
    pageNumber: 1,
    category: field.category,
    categoryNormalized: field.category,
    content: value,
    contentNormalized: value,
    boundingBox: null,
    points: [],
    confidence: 1,
    spans: [],
  };
}

const compact = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

function sameValue(kind: ValueKind, printed: string, xml: string): boolean {
  if (kind === 'amount') return Math.abs(Number(printed) - Number(xml)) < 0.005;
  if (kind === 'name') {
    const a = compact(printed);
    const b = compact(xml);
    return a !== '' && (a.includes(b) || b.includes(a));
  }
  return compact(printed) === compact(xml);
}

interface Found {
  range: TextRange;
  /** The value as the page has it (a credit note's total keeps the sign it is printed with). */
  normalized: string;
}

function findOnPages(field: XmlField, pages: readonly PageText[]): Found | null {
  for (const page of pages) {
    const found = findOnPage(field, field.value as string, page);
    if (found) return found;
  }
  return null;
}

function findOnPage(field: XmlField, value: string, page: PageText): Found | null {
  const at = (offset: number, length: number, normalized = value): Found => ({
    range: { page, offset, length },
    normalized,
  });
  switch (field.kind) {
    case 'type':
      return null;
    case 'code':
    case 'name':
    case 'text': {
      const offset = findText(page.text, value);
      return offset === -1 ? null : at(offset, value.length);
    }
    case 'date': {
      for (const order of ['dmy', 'mdy'] as const) {
        const date = findDates(page.text, order).find((candidate) => candidate.iso === value);
        if (date) return at(date.index, date.length);
      }
      const compactDate = value.replaceAll('-', '');
      const offset = findText(page.text, compactDate);
      return offset === -1 ? null : at(offset, compactDate.length);
    }
    case 'amount': {
      const target = Number(value);
      const amounts = findAmounts(page.text).filter(
        (amount) => Math.abs(Math.abs(amount.value) - Math.abs(target)) < 0.005,
      );
      // The same sign as the XML first; a credit note printed with a minus sign keeps it.
      const amount =
        amounts.find((candidate) => Math.sign(candidate.value) === Math.sign(target)) ??
        amounts.find((candidate) => candidate.value !== 0);
      return amount ? at(amount.index, amount.length, amount.normalized) : null;
    }
    case 'currency': {
      const code = new RegExp(`(?<![\\p{L}])${value}(?![\\p{L}])`, 'u').exec(page.text);
      if (code) return at(code.index, value.length);
      for (const [marker, iso] of Object.entries(CURRENCY_MARKERS)) {
        if (iso !== value || /^[a-z.]+$/i.test(marker)) continue;
        const offset = page.text.indexOf(marker);
        if (offset !== -1) return at(offset, marker.length);
      }
      return null;
    }
  }
}

/** Case-insensitive position of a value, tolerant of the page breaking it into words differently. */
function findText(text: string, value: string): number {
  const direct = text.toLowerCase().indexOf(value.toLowerCase());
  if (direct !== -1 || value.length < 3) return direct;
  const escaped = [...value.replace(/\s+/g, '')].map((char) => char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const spaced = new RegExp(escaped.join('\\s?'), 'iu').exec(text);
  return spaced ? spaced.index : -1;
}

const LINE_COLUMNS: {
  id: string;
  fieldType: TableHeader['fieldType'];
  read: (line: EInvoice['lines'][number]) => string | null;
}[] = [
  { id: 'LineId', fieldType: FieldType.StringNotSpecified, read: (line) => line.id },
  { id: 'Description', fieldType: FieldType.StringNotSpecified, read: (line) => line.name },
  { id: 'Quantity', fieldType: FieldType.NumberNotSpecified, read: (line) => line.quantity },
  { id: 'Unit', fieldType: FieldType.StringNotSpecified, read: (line) => line.unitCode },
  { id: 'UnitPrice', fieldType: FieldType.NumberCurrency, read: (line) => line.unitPrice },
  { id: 'TaxRate', fieldType: FieldType.NumberNotSpecified, read: (line) => line.taxRate },
  { id: 'Amount', fieldType: FieldType.NumberCurrency, read: (line) => line.netAmount },
];

/** The invoice lines as the task's table (page 1, no box: they come from the XML). */
export function lineItemTable(invoice: EInvoice): Table | null {
  if (invoice.lines.length === 0) return null;
  const headers: TableHeader[] = LINE_COLUMNS.map((column) => ({ uniqueId: column.id, fieldType: column.fieldType }));
  const tableRows: Record<string, TableCell[]> = {};
  invoice.lines.forEach((line, rowIndex) => {
    tableRows[String(rowIndex)] = LINE_COLUMNS.map((column, columnIndex) => {
      const content = column.read(line);
      return {
        rowIndex,
        columnIndex,
        content,
        contentNormalized: content,
        pageNumber: 1,
        uniqueId: `0.1.${createHash('sha1').update(`einvoice:${rowIndex}:${columnIndex}`).digest('hex').slice(0, 8)}`,
        headerId: column.id,
      };
    });
  });
  return {
    rowCount: invoice.lines.length,
    columnCount: LINE_COLUMNS.length,
    tableHeaders: headers,
    tableRows,
    boundsAndPoints: null,
  };
}
