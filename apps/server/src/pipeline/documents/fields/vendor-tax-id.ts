// The seller's tax id on the pages: a VAT number with its country prefix anywhere, or a national id
// after the label that names its scheme (tax-id.ts). Each is checked with its country's check
// digits: a valid one is taken with confidence, one without a checkable scheme with less, one that
// fails its check only when nothing better is printed, and then low enough for the guided pass to
// stop on it. Of several, the seller's is the one not in the buyer's block: the buyer's words on
// its line or over its block count against it, the seller's words and the letterhead or footer
// for it.
import type { PageText, TextLine } from '../text/page-text.js';
import { checkPrefixedVat, checkWith, NATIONAL_ID_LABELS, type TaxIdCheck } from './tax-id.js';

export interface TaxIdCandidate {
  page: PageText;
  offset: number;
  length: number;
  /** As printed, without the spaces a page may set between digit groups. */
  normalized: string;
  check: TaxIdCheck;
  confidence: number;
}

const CONFIDENCE = { valid: 0.92, unchecked: 0.5, invalid: 0.25 } as const;

/**
 * A prefixed VAT number: the country's letters, a digit in the next two characters (so that words
 * such as "SIRET" are not Slovenian numbers), then digits and letters with optional separators.
 */
const PREFIXED_VAT =
  /(?<![\p{L}\p{N}])(?:ATU|BE|BG|CHE|CY|CZ|DE|DK|EE|EL|ES|FI|FR|GB|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK)(?=[ .-]?[A-Z]?\d)[ .-]?[0-9A-Z](?:[ .\-/]?[0-9A-Z]){6,15}/gu;
/** What may follow a national id's label before its number (`NIP: `, `CNPJ/CPF `, `DIČ `). */
const AFTER_LABEL = /^[\s:.#º°/A-Za-z]{0,8}?[\s:#º°]*(?=[0-9A-Z])/u;
/** A national id's characters: digits, capitals and the separators ids are printed with. */
const ID_RUN = /^[0-9A-Z](?:[ .\-/]?[0-9A-Z]){6,19}/u;

const BUYER_WORDS =
  /(?<![\p{L}])(?:your|ihre?|votre|uw|customer|client|buyer|bill(?:ed)?\s+to|sold\s+to|ship\s+to|kunde|käufer|rechnungsempfänger|empfänger|nabywca|odběratel|destinat[áa]rio|tomador|receptor|cliente|klant|afnemer|acheteur|acquéreur|facturé\s+à)(?![\p{L}])/iu;
const SELLER_WORDS =
  /(?<![\p{L}])(?:our|unsere?|notre|onze|seller|vendor|supplier|from|verkäufer|lieferant|sprzedawca|dodavatel|emitente|prestador|emisor|fournisseur|vendeur|leverancier|verkoper|fornecedor|proveedor)(?![\p{L}])/iu;

const digits = (text: string) => text.replace(/\D/g, '').length;
/** A VAT number has at least 7 digits after its prefix; a national id (an RFC) may have 6. */
const MIN_DIGITS = { vat: 7, national: 6 } as const;

export function findVendorTaxId(pages: readonly PageText[]): TaxIdCandidate | null {
  const found: Array<TaxIdCandidate & { score: number }> = [];
  for (const page of pages) {
    for (const candidate of [...prefixedVats(page), ...labelledIds(page)]) {
      if (found.some((other) => other.page === page && overlaps(other, candidate))) continue;
      found.push({ ...candidate, score: sellerScore(page, candidate) });
    }
  }
  const usable = found.filter((candidate) => candidate.score > 0);
  const ranked = (usable.length > 0 ? usable : found).sort(
    (a, b) => rank(b) - rank(a) || a.page.pageNumber - b.page.pageNumber || a.offset - b.offset,
  );
  const best = ranked[0];
  if (!best) return null;
  const { score, ...candidate } = best;
  // A buyer's-side id is only a guess at the seller's.
  return score > 0 ? candidate : { ...candidate, confidence: Math.min(candidate.confidence, 0.3) };
}

/** Valid before unchecked before invalid; within each, the seller's side first. */
function rank(candidate: TaxIdCandidate & { score: number }): number {
  const level = { valid: 2, unchecked: 1, invalid: 0 }[candidate.check.status];
  return level * 10 + candidate.score;
}

function overlaps(a: { offset: number; length: number }, b: { offset: number; length: number }): boolean {
  return a.offset < b.offset + b.length && b.offset < a.offset + a.length;
}

/** An IBAN starts like a VAT number (`DE89 3704 …`): its label or its groups of four give it away. */
const IBAN_BEFORE = /(?:IBAN|BIC|SWIFT)[\s:.]*$/iu;
const IBAN_GROUPS = /^[A-Z]{2}\d{2}(?: [0-9A-Z]{4}){3}/u;

function prefixedVats(page: PageText): TaxIdCandidate[] {
  const out: TaxIdCandidate[] = [];
  for (const match of page.text.matchAll(PREFIXED_VAT)) {
    const before = page.text.slice(Math.max(0, match.index - 12), match.index);
    if (IBAN_BEFORE.test(before) || IBAN_GROUPS.test(match[0])) continue;
    const candidate = longestChecked(page, match.index, match[0], MIN_DIGITS.vat, (text) => checkPrefixedVat(text));
    if (candidate) out.push(candidate);
  }
  return out;
}

function labelledIds(page: PageText): TaxIdCandidate[] {
  const out: TaxIdCandidate[] = [];
  for (const { label, validators } of NATIONAL_ID_LABELS) {
    const global = new RegExp(label.source, `${label.flags.replace('g', '')}g`);
    for (const match of page.text.matchAll(global)) {
      const afterLabel = match.index + match[0].length;
      const rest = page.text.slice(afterLabel, afterLabel + 40);
      const gap = AFTER_LABEL.exec(rest);
      if (!gap) continue;
      const run = ID_RUN.exec(rest.slice(gap[0].length));
      if (!run) continue;
      const start = afterLabel + gap[0].length;
      const check = (text: string) => checkWith(validators(), text);
      const candidate = longestChecked(page, start, run[0], MIN_DIGITS.national, check);
      if (candidate) out.push(candidate);
    }
  }
  return out;
}

/**
 * The number in `text` (at `offset`): the longest prefix that passes its check, since the run may
 * take in a word after it ("DE812706034 IBAN"); else the whole run, checked as it is.
 */
function longestChecked(
  page: PageText,
  offset: number,
  text: string,
  minDigits: number,
  check: (text: string) => TaxIdCheck,
): TaxIdCandidate | null {
  const trimmed = text.replace(/[ .\-/]+$/, '');
  if (digits(trimmed) < minDigits) return null;
  for (let end = trimmed.length; end >= 8; end--) {
    const part = trimmed.slice(0, end);
    if (/[ .\-/]$/.test(part) || digits(part) < minDigits) continue;
    const result = check(part);
    if (result.status === 'valid') return candidateOf(page, offset, part, result);
  }
  // Nothing passes: the run without trailing words that hold no digit, checked as it is.
  const groups = trimmed.split(' ');
  while (groups.length > 1 && !/\d/.test(groups.at(-1) ?? '')) groups.pop();
  const whole = groups.join(' ').replace(/[ .\-/]+$/, '');
  return candidateOf(page, offset, whole, check(whole));
}

function candidateOf(page: PageText, offset: number, text: string, check: TaxIdCheck): TaxIdCandidate {
  return {
    page,
    offset,
    length: text.length,
    normalized: text.replace(/\s+/g, ''),
    check,
    confidence: CONFIDENCE[check.status],
  };
}

/**
 * For the seller (> 0) or the buyer (≤ 0): the words on the id's line before it and on the few
 * lines over it in the same column, then where it stands (letterhead and footer are the seller's).
 */
function sellerScore(page: PageText, candidate: { offset: number }): number {
  const lineIndex = page.lines.findIndex(
    (line) => line.span.offset <= candidate.offset && candidate.offset <= line.span.offset + line.span.length,
  );
  const line = page.lines[lineIndex];
  if (!line) return 1;
  const before = page.text.slice(line.span.offset, candidate.offset);
  if (BUYER_WORDS.test(before)) return 0;
  if (SELLER_WORDS.test(before)) return 3;
  for (const above of linesAbove(page, lineIndex, line, 5)) {
    const text = page.text.slice(above.span.offset, above.span.offset + above.span.length);
    if (SELLER_WORDS.test(text)) return 3;
    if (BUYER_WORDS.test(text)) return 0;
  }
  const height = page.pageSize.height || 1;
  const y = line.edges.top / height;
  return y < 0.2 || y > 0.75 ? 2 : 1;
}

/**
 * Up to `count` lines over `line` that share some of its horizontal extent and follow each other
 * without a blank of more than a line's height: the same block.
 */
function linesAbove(page: PageText, index: number, line: TextLine, count: number): TextLine[] {
  const out: TextLine[] = [];
  let top = line.edges.top;
  const height = Math.max(1, line.edges.bottom - line.edges.top);
  for (let i = index - 1; i >= 0 && out.length < count; i--) {
    const above = page.lines[i];
    if (!above || above.edges.top >= line.edges.top) continue;
    if (above.edges.right < line.edges.left || above.edges.left > line.edges.right) continue;
    if (top - above.edges.bottom > 1.5 * height) break;
    out.push(above);
    top = above.edges.top;
  }
  return out;
}
