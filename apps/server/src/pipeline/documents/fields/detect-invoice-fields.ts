// Invoice and receipt fields from a document's pages (PDF text layer or OCR), by layout-aware
// rules: a label, then the value to its right or under it, read with date/amount parsers. Each
// field keeps the box of the words it came from and a confidence (rule certainty × engine
// certainty of the words). Category keys: see README.md.
import { combinedConfidence, entityFor, keyValueFor } from '../entities.js';
import { heightOf } from '../geometry.js';
import type { PageText } from '../text/page-text.js';
import type { Entity } from '../types.js';
import { calibratedEntity } from './calibrate-confidence.js';
import { DOLLAR_CODES, detectCurrency } from './detect-currency.js';
import {
  blockStartBefore,
  findAllLabels,
  findLabelsInLine,
  type LabelHit,
  type ValueRegion,
  valueRegions,
} from './find-labels.js';
import type { InvoiceField } from './labels.js';
import { findMoney } from './parse-amount.js';
import { type DayMonthOrder, documentDayMonthOrder, findDates, isTimestamp } from './parse-date.js';
import { impliedIssueDate } from './payment-terms.js';
import { type ReadValue, readValue } from './read-value.js';
import {
  companyNameGuesses,
  hasLegalForm,
  payeeGuess,
  repeatedNameGuess,
  senderLineGuess,
  titleNameGuess,
} from './vendor-name.js';
import { findVendorTaxId } from './vendor-tax-id.js';

export type DocumentKind = 'Invoice' | 'Receipt';

export interface DetectFieldsOptions {
  documentKind?: DocumentKind;
  /** How to read 03/04/2020 when both parts are ≤ 12; by default mdy only for USD documents. */
  dayMonthOrder?: DayMonthOrder;
}

/** Receipts use the receipt vocabulary of the common prebuilt models. */
const RECEIPT_CATEGORIES: Record<InvoiceField, string> = {
  InvoiceId: 'ReceiptId',
  InvoiceDate: 'TransactionDate',
  DueDate: 'DueDate',
  VendorName: 'MerchantName',
  CustomerName: 'CustomerName',
  SubTotal: 'Subtotal',
  TotalTax: 'TotalTax',
  InvoiceTotal: 'Total',
  Currency: 'Currency',
};

interface Candidate {
  field: InvoiceField | 'AmountPaid';
  page: PageText;
  value: ReadValue;
  confidence: number;
}

const POSITION_FACTOR = { right: 1, below: 0.85, next: 0.8 } as const;
/** A value read with less certainty than this (a date-shaped number) lets the label's farther regions be tried. */
const SURE_READING = 0.8;

/** The invoice fields of the pages, each with a confidence: how often such a value is right. */
export function detectInvoiceFields(pages: readonly PageText[], options: DetectFieldsOptions = {}): Entity[] {
  return calibratedFields(scoreInvoiceFields(pages, options));
}

/** Raw scores rank values; what the review thresholds read is how often such a value is right. */
export function calibratedFields(raw: readonly Entity[]): Entity[] {
  return raw.map((entity) => (OWN_SCALE.has(entity.category) ? entity : calibratedEntity(entity)));
}

/**
 * The vendor's tax id is scored by its country's check digits (vendor-tax-id.ts), not by the
 * layout features the calibration map is fitted on: it keeps that score.
 */
const OWN_SCALE = new Set(['VendorTaxId']);

/**
 * The invoice fields with the rules' raw scores, before calibration: what the calibration map is
 * fitted on (calibrate-confidence.ts).
 */
export function scoreInvoiceFields(pages: readonly PageText[], options: DetectFieldsOptions = {}): Entity[] {
  const currency = detectCurrency(pages);
  const order = dayMonthOrderOf(pages, options, currency?.code);
  // Bill labels that head a column of amounts ("Total" over the lines) say "bill" but give no value.
  const headsAmounts: (InvoiceField | 'AmountPaid')[] = [];
  const candidates = labelledCandidates(pages, order, headsAmounts);
  // The document's type first: a letter or a report gets no invoice fields, not a guessed vendor.
  if (!isInvoiceLike(pages, candidates) && !headsAmounts.some((field) => BILL_FIELDS.has(field))) return [];
  const chosen = new Map<InvoiceField | 'AmountPaid', Candidate>();
  for (const candidate of candidates) {
    const current = chosen.get(candidate.field);
    if (!current || better(candidate, current)) chosen.set(candidate.field, candidate);
  }
  reconcileTotal(pages, chosen);
  reconcileIssueDate(pages, chosen, order);
  const customerNames = candidates.filter((candidate) => candidate.field === 'CustomerName');
  addFallbacks(
    pages,
    chosen,
    order,
    customerNames.map((candidate) => candidate.value.normalized),
  );

  const categoryOf = (field: InvoiceField) => (options.documentKind === 'Receipt' ? RECEIPT_CATEGORIES[field] : field);
  const entities: Entity[] = [];
  for (const candidate of chosen.values()) {
    // What was paid already only serves the arithmetic of the total.
    if (candidate.field === 'AmountPaid') continue;
    const category = categoryOf(candidate.field);
    const range = { page: candidate.page, offset: candidate.value.offset, length: candidate.value.length };
    entities.push(entityFor(category, keyValueFor(range, category, candidate.confidence, candidate.value.normalized)));
  }
  // A "$" on the total is the dollar or peso the page names by its code, if it names one.
  const totalCurrency = chosen.get('InvoiceTotal')?.value.currency;
  const currencyCode =
    totalCurrency === 'USD' && currency && DOLLAR_CODES.has(currency.code)
      ? currency.code
      : (totalCurrency ?? currency?.code);
  if (currencyCode) {
    const page = pages.find((candidate) => candidate.pageNumber === currency?.pageNumber) ?? pages[0];
    const fromTotal = chosen.get('InvoiceTotal')?.value.currency === currencyCode;
    const confidence = fromTotal ? 0.9 : 0.5 + 0.4 * (currency?.share ?? 0);
    if (page && currency && currency.code === currencyCode) {
      const range = { page, offset: currency.offset, length: currency.length };
      entities.push(
        entityFor(categoryOf('Currency'), keyValueFor(range, categoryOf('Currency'), confidence, currencyCode)),
      );
    } else if (page) {
      const total = chosen.get('InvoiceTotal') as Candidate;
      const range = { page: total.page, offset: total.value.offset, length: total.value.length };
      entities.push(
        entityFor(categoryOf('Currency'), keyValueFor(range, categoryOf('Currency'), confidence, currencyCode)),
      );
    }
  }
  // The seller's tax id, checked with its country's check digits (vendor-tax-id.ts).
  const taxId = findVendorTaxId(pages);
  if (taxId) {
    const range = { page: taxId.page, offset: taxId.offset, length: taxId.length };
    const confidence = combinedConfidence(range, taxId.confidence);
    entities.push(entityFor('VendorTaxId', keyValueFor(range, 'VendorTaxId', confidence, taxId.normalized)));
  }
  return entities.sort((a, b) => a.pageNumber - b.pageNumber || a.category.localeCompare(b.category));
}

/** 16/11/2017 vs 11/16/2017: the document's other dates say which, else its dollar says month-first. */
function dayMonthOrderOf(
  pages: readonly PageText[],
  options: DetectFieldsOptions,
  currencyCode: string | undefined,
): DayMonthOrder {
  return (
    options.dayMonthOrder ??
    documentDayMonthOrder(pages.map((page) => page.text)) ??
    (currencyCode === 'USD' ? 'mdy' : 'dmy')
  );
}

/** A value a label rule read, with its raw score, before the best of each field is chosen. */
export interface ScoredInvoiceValue {
  field: InvoiceField | 'AmountPaid';
  pageNumber: number;
  offset: number;
  length: number;
  /** The value as the rule read it (a date in ISO form, an amount with its decimals). */
  normalized: string;
  score: number;
}

/**
 * Every value the label rules read on the pages, not only each field's best: a learned model
 * (the neural custom model) takes them as evidence of what kind of value a run of words is.
 */
export function scoredInvoiceValues(
  pages: readonly PageText[],
  options: DetectFieldsOptions = {},
): ScoredInvoiceValue[] {
  const order = dayMonthOrderOf(pages, options, detectCurrency(pages)?.code);
  return labelledCandidates(pages, order).map((candidate) => ({
    field: candidate.field,
    pageNumber: candidate.page.pageNumber,
    offset: candidate.value.offset,
    length: candidate.value.length,
    normalized: candidate.value.normalized,
    score: candidate.confidence,
  }));
}

// Words that name a bill of some kind, in the languages of labels.ts (and Spanish, Italian).
const BILL_WORDS =
  /(?<![\p{L}])(?:invoice|receipt|credit\s+note|bill|rechnung|gutschrift|quittung|kassenbon|bon|beleg|facture|avoir|re[çc]u|ticket|factura|recibo|fatura|nota\s+fiscal|cupom|factuur|kwitantie|bon|fattura|ricevuta|scontrino|faktura)(?![\p{L}])/iu;
/** Fields whose label only a bill carries. */
const BILL_FIELDS = new Set<InvoiceField | 'AmountPaid'>([
  'InvoiceId',
  'InvoiceTotal',
  'SubTotal',
  'TotalTax',
  'DueDate',
  'AmountPaid',
]);

/** A title line is short: a heading, not a sentence that happens to say "receipt". */
const TITLE_WORDS = 8;
/** The bill word comes first in its title ("Invoice", "Tax invoice", "Rechnung Nr. 17"). */
const TITLE_POSITION = 2;
/** A bill word followed by a number or its label names the document in any line ("Bon-Nr.:6197"). */
const BILL_WORD_NUMBERED = new RegExp(
  `${BILL_WORDS.source}\\s*[-:]?\\s*(?:n[or°º]\\.?|nr\\.?|no\\.?|núm\\.?|number|nummer|numéro|número|#|\\d)`,
  'iu',
);

/**
 * A bill names itself or has a labelled number or amount; a letter or a report has neither. The
 * name must be a title (a short line that starts with it) or come with a number: prose says
 * "after receipt", and French "avoir" (credit note) is also the verb "to have".
 */
function isInvoiceLike(pages: readonly PageText[], candidates: readonly Candidate[]): boolean {
  if (candidates.some((candidate) => BILL_FIELDS.has(candidate.field))) return true;
  return pages.some((page) => page.text.split('\n').some(namesBill));
}

function namesBill(line: string): boolean {
  if (BILL_WORD_NUMBERED.test(line)) return true;
  const words = line.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  if (words.length === 0 || words.length > TITLE_WORDS) return false;
  return BILL_WORDS.test(words.slice(0, TITLE_POSITION).join(' '));
}

function labelledCandidates(
  pages: readonly PageText[],
  order: DayMonthOrder,
  headsAmounts: (InvoiceField | 'AmountPaid')[] = [],
): Candidate[] {
  const out: Candidate[] = [];
  for (const page of pages) {
    const hits = findAllLabels(page);
    for (const hit of hits) {
      const field = hit.rule.field;
      if (field === 'Other') continue;
      const onLine = hits.filter((other) => other.line === hit.line);
      let best: Candidate | null = null;
      for (const region of valueRegions(hit, onLine)) {
        if (region.where !== 'right' && startsWithLabel(region)) continue;
        if (region.where === 'below' && hit.rule.kind === 'amount' && isColumnHeader(hit, region)) {
          headsAmounts.push(field);
          continue;
        }
        const value = readValue(region, hit.rule.kind, order);
        if (!value) continue;
        const candidate = { field, page, value, confidence: score(hit, region, value) };
        if (!best || candidate.confidence > best.confidence) best = candidate;
        // The nearest region with a surely read value is the label's value; a weak reading
        // ("FACTURE" over a date, then "n° 2023-6026") lets the next region try.
        if (value.quality >= SURE_READING) break;
      }
      if (best) out.push(best);
    }
  }
  return out;
}

/**
 * An amount label over a column of amounts ("Description … Total" over the line items) heads the
 * lines' amounts: the first of them is no total. Seen when the line under the value also has an
 * amount under the label.
 */
function isColumnHeader(hit: LabelHit, region: ValueRegion): boolean {
  const line = region.page.lines.find(
    (candidate) =>
      candidate.span.offset <= region.offset && region.offset < candidate.span.offset + candidate.span.length,
  );
  const next = line ? region.page.lines[line.index + 1] : undefined;
  if (!next) return false;
  const slack = heightOf(hit.line.edges) / 2;
  const under = next.words.filter((word) => word.edges.right > hit.left - slack && word.edges.left < hit.right + slack);
  return under.some((word) => findMoney(word.text).length > 0);
}

/** A region under a label that is itself a label line ("Bill To:" over "Payment Terms:") is not a value. */
function startsWithLabel(region: ValueRegion): boolean {
  const line = region.page.lines.find(
    (candidate) =>
      candidate.span.offset <= region.offset && region.offset < candidate.span.offset + candidate.span.length,
  );
  if (!line) return false;
  return findLabelsInLine(region.page, line).some(
    (hit: LabelHit) => hit.offset === region.offset && hit.rule.kind !== 'amount',
  );
}

// An invoice number referred to ("Corrected invoice No. 2 for invoice No. 1", "Gutschrift zu
// Rechnung Nr. 1") is another document's: the words just before its label say so.
const REFERENCE_BEFORE =
  /(?<![\p{L}])(?:for|to|re:?|ref\.?|original|zu[rm]?|für|zur|pour\s+la|de\s+la|sur|referente\s+[àa]|relativa\s+a)\s*$/iu;

function referencePenalty(hit: LabelHit): number {
  if (hit.rule.field !== 'InvoiceId') return 1;
  // Only the label's own block speaks of it: "BILL TO …… Invoice No:" is two columns.
  const start = blockStartBefore(hit)?.span.offset ?? hit.line.span.offset;
  const before = hit.page.text.slice(Math.min(start, hit.offset), hit.offset);
  return REFERENCE_BEFORE.test(before) ? 0.5 : 1;
}

function score(hit: LabelHit, region: ValueRegion, value: ReadValue): number {
  // Amounts sit right-aligned in a totals column, far from their label: distance says little there.
  const rightFloor = hit.rule.kind === 'amount' ? 0.9 : 0.7;
  const distancePenalty =
    region.where === 'right'
      ? Math.max(rightFloor, 1 - 0.03 * region.distance)
      : Math.max(0.6, 1 - 0.1 * region.distance);
  const rule = hit.rule.prior * POSITION_FACTOR[region.where] * distancePenalty * value.quality * referencePenalty(hit);
  return combinedConfidence({ page: region.page, offset: value.offset, length: value.length }, rule);
}

/**
 * How much surer a seller label's value without a legal form must be to beat one with it: the
 * "Vendedor:" (salesperson) beside a "EMITENTE" block over "Plotag … Ltda" is a person.
 */
const LEGAL_FORM_MARGIN = 0.2;

/**
 * Higher confidence wins; among near-equal (sub)totals the larger amount (the overall one) wins;
 * of two seller names not far apart, the company (with its legal form) wins.
 */
function better(candidate: Candidate, current: Candidate): boolean {
  if (candidate.field === 'VendorName') {
    const company = hasLegalForm(candidate.value.normalized);
    if (company !== hasLegalForm(current.value.normalized)) {
      return company
        ? candidate.confidence > current.confidence - LEGAL_FORM_MARGIN
        : candidate.confidence > current.confidence + LEGAL_FORM_MARGIN;
    }
  }
  if (
    (candidate.field === 'InvoiceTotal' || candidate.field === 'SubTotal') &&
    Math.abs(candidate.confidence - current.confidence) < 0.05
  ) {
    return (candidate.value.amount ?? 0) > (current.value.amount ?? 0);
  }
  return candidate.confidence > current.confidence;
}

/**
 * The grand total by arithmetic: where a subtotal and a tax were read, the total is their sum.
 * A chosen total that is the sum is surer; one that is not gives way to an amount on the pages
 * that is (the first "Total" line is often a subtotal or a line's total).
 */
function reconcileTotal(pages: readonly PageText[], chosen: Map<InvoiceField | 'AmountPaid', Candidate>): void {
  totalBeforePayment(pages, chosen);
  const net = chosen.get('SubTotal')?.value.amount;
  const tax = chosen.get('TotalTax')?.value.amount;
  const total = chosen.get('InvoiceTotal');
  if (net === undefined || tax === undefined || tax === 0) return;
  const sum = net + tax;
  const isSum = (value: number | undefined) => value !== undefined && Math.abs(Math.abs(value) - Math.abs(sum)) < 0.015;
  if (total && isSum(total.value.amount)) {
    total.confidence = Math.max(total.confidence, combinedConfidence(rangeOf(total), 0.95));
    return;
  }
  for (const page of pages) {
    const amount = findMoney(page.text).find((candidate) => isSum(candidate.value));
    if (!amount) continue;
    const value = {
      offset: amount.index,
      length: amount.length,
      normalized: amount.normalized,
      quality: 1,
      amount: amount.value,
      currency: amount.currency,
    };
    const candidate: Candidate = { field: 'InvoiceTotal', page, value, confidence: 0 };
    candidate.confidence = combinedConfidence(rangeOf(candidate), 0.85);
    chosen.set('InvoiceTotal', candidate);
    return;
  }
}

/**
 * The issue date by arithmetic: where the page's payment terms and the due date imply another
 * issue date than the one read, and that date is printed on the page, it is the issue date (the
 * one read was most likely misread, or another date under a vague label).
 */
function reconcileIssueDate(
  pages: readonly PageText[],
  chosen: Map<InvoiceField | 'AmountPaid', Candidate>,
  order: DayMonthOrder,
): void {
  const issue = chosen.get('InvoiceDate');
  const due = chosen.get('DueDate');
  if (!issue || !due) return;
  const implied = impliedIssueDate(pages, due.value.normalized, issue.value.normalized, order);
  if (!implied) return;
  const value = { offset: implied.date.index, length: implied.date.length, normalized: implied.date.iso, quality: 1 };
  const candidate: Candidate = { field: 'InvoiceDate', page: implied.page, value, confidence: 0 };
  candidate.confidence = combinedConfidence(rangeOf(candidate), 0.85);
  chosen.set('InvoiceDate', candidate);
}

/**
 * The grand total is what the document costs, not what is left to pay: where an amount already
 * paid was read and the chosen total plus it is printed too ("Total 19,647.68 · Amount Paid
 * 15,000.00 · Balance Due 4,647.68"), the chosen total was the balance and the sum is the total.
 */
function totalBeforePayment(pages: readonly PageText[], chosen: Map<InvoiceField | 'AmountPaid', Candidate>): void {
  const paid = chosen.get('AmountPaid')?.value.amount;
  const total = chosen.get('InvoiceTotal');
  const due = total?.value.amount;
  if (!paid || paid <= 0 || due === undefined || !total) return;
  const sum = Math.abs(due) + paid;
  for (const page of pages) {
    const amount = findMoney(page.text).find((candidate) => Math.abs(Math.abs(candidate.value) - sum) < 0.015);
    if (!amount) continue;
    const value = {
      offset: amount.index,
      length: amount.length,
      normalized: amount.normalized,
      quality: 1,
      amount: amount.value,
      currency: amount.currency,
    };
    const candidate: Candidate = { field: 'InvoiceTotal', page, value, confidence: 0 };
    candidate.confidence = combinedConfidence(rangeOf(candidate), Math.max(0.85, total.confidence));
    chosen.set('InvoiceTotal', candidate);
    return;
  }
}

const rangeOf = (candidate: Candidate) => ({
  page: candidate.page,
  offset: candidate.value.offset,
  length: candidate.value.length,
});

const compactName = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

function addFallbacks(
  pages: readonly PageText[],
  chosen: Map<InvoiceField | 'AmountPaid', Candidate>,
  order: DayMonthOrder,
  customerNames: readonly string[],
): void {
  const first = pages[0];
  if (!first) return;
  if (!chosen.has('InvoiceDate')) {
    // The first date of the page, unless it is a moment of printing ("20.03.2018 17:09:28").
    const dates = findDates(first.text, order);
    const date = dates.find((candidate) => !isTimestamp(first.text, candidate)) ?? dates[0];
    if (date) {
      chosen.set('InvoiceDate', {
        field: 'InvoiceDate',
        page: first,
        value: { offset: date.index, length: date.length, normalized: date.iso, quality: 1 },
        confidence: 0.4,
      });
    }
  }
  if (!chosen.has('InvoiceTotal')) {
    let best: { page: PageText; amount: ReturnType<typeof findMoney>[number] } | null = null;
    for (const page of pages) {
      for (const amount of findMoney(page.text)) if (!best || amount.value > best.amount.value) best = { page, amount };
    }
    if (best) {
      chosen.set('InvoiceTotal', {
        field: 'InvoiceTotal',
        page: best.page,
        value: {
          offset: best.amount.index,
          length: best.amount.length,
          normalized: best.amount.normalized,
          quality: 1,
          amount: best.amount.value,
          currency: best.amount.currency,
        },
        confidence: 0.3,
      });
    }
  }
  if (!chosen.has('VendorName')) {
    // Every name a buyer's label announces, not only the one chosen ("T.a.v. bosd" under
    // "Factuuradres  Strategic Corp"): none of them is the seller.
    const customers = new Set(customerNames.map((name) => compactName(name)).filter((name) => name !== ''));
    // The strongest of: the sender line over the address window, a name repeated in letterhead
    // and footer, the payee of the payment line, a company name with a legal form; the
    // letterhead's title block last, unless a buyer's label names it.
    const guesses = [
      senderLineGuess(first),
      repeatedNameGuess(first),
      payeeGuess(pages),
      companyNameGuesses(pages, customers)[0],
    ].filter((candidate) => candidate !== null && candidate !== undefined);
    const title = titleNameGuess(first);
    const titleIsCustomer = title !== null && customers.has(compactName(title.name));
    const guess = guesses.sort((a, b) => b.confidence - a.confidence)[0] ?? (titleIsCustomer ? null : title);
    if (guess) {
      chosen.set('VendorName', {
        field: 'VendorName',
        page: guess.page,
        value: { offset: guess.offset, length: guess.length, normalized: guess.name, quality: 1 },
        confidence: guess.confidence,
      });
    }
  }
}
