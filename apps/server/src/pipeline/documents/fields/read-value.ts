// Reads a typed value out of a label's value region: the invoice number token, the date, the
// amount or the party name, with its exact place (offset/length) in the page text.

import type { ValueRegion } from './find-labels.js';
import type { ValueKind } from './labels.js';
import { findMoney } from './parse-amount.js';
import { type DayMonthOrder, findCompactDate, findDates } from './parse-date.js';

export interface ReadValue {
  offset: number;
  length: number;
  normalized: string;
  /** Certainty of the reading itself (a currency-marked amount is surer than a bare number). */
  quality: number;
  /** Amount value, for choosing among totals. */
  amount?: number;
  currency?: string | null;
}

// Words that sit between a label and its value ("Invoice No : # 123", "Facture n° 123").
const ID_FILLERS = /^(?:#|:|n[°º]\.?|no\.?|nr\.?|number|nummer|num[ée]ro|n[úu]mero|de|du|of)$/iu;
const ID_TOKEN = /^[\p{L}\p{N}#][\p{L}\p{N}_\-/.#]*$/u;
const DATE_SHAPED = /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/u;

export function readValue(region: ValueRegion, kind: ValueKind, order: DayMonthOrder): ReadValue | null {
  switch (kind) {
    case 'id':
      return readId(region);
    case 'date':
      return readDate(region, order);
    case 'amount':
      return readAmount(region);
    case 'name':
      return readName(region);
  }
}

function tokens(text: string): { text: string; index: number }[] {
  const out: { text: string; index: number }[] = [];
  for (const m of text.matchAll(/\S+/gu)) out.push({ text: m[0], index: m.index ?? 0 });
  return out;
}

function readId(region: ValueRegion): ReadValue | null {
  for (const token of tokens(region.text)) {
    // OCR reads the colon after "Bon-Nr" as ",;" or ".:": punctuation before a number is no part of it.
    const cleaned = token.text.replace(/^[#:°º.,;]+/u, '').replace(/[,.;:)]+$/u, '');
    if (cleaned === '' || ID_FILLERS.test(cleaned)) continue;
    // The first real token must look like a code: letters/digits with at least one digit. Short
    // plain numbers ("Rechnung Nr. 42") are codes too, read with less certainty.
    if (!ID_TOKEN.test(cleaned) || !/\d/u.test(cleaned)) return null;
    const short = cleaned.length < 3;
    if (short && !/^\d+$/u.test(cleaned)) return null;
    const lead = token.text.indexOf(cleaned);
    // A whole date after "Facture du …" is the issue date, not a number; a number shaped like a
    // date ("2/11/2023") stays possible, but any other reading beats it.
    const dateShaped = DATE_SHAPED.test(cleaned) && findDates(cleaned, 'dmy').length === 1;
    return {
      offset: region.offset + token.index + lead,
      length: cleaned.length,
      normalized: cleaned,
      quality: dateShaped ? 0.5 : short ? 0.8 : /^\d+$/.test(cleaned) || /[\p{L}]/u.test(cleaned) ? 1 : 0.9,
    };
  }
  return null;
}

function readDate(region: ValueRegion, order: DayMonthOrder): ReadValue | null {
  const date = findDates(region.text, order)[0] ?? findCompactDate(region.text);
  if (!date) return null;
  // A date far into the region is less likely to be the label's ("Facture n°1 du 02 Juillet 2015").
  const quality = date.index < 4 ? 1 : 0.9;
  return { offset: region.offset + date.index, length: date.length, normalized: date.iso, quality };
}

// A value that is one number grouped by plain spaces ("33 569,50 PLN"): in running text such
// spaces separate numbers (a quantity before a price), but alone after a label they group thousands.
const SPACE_GROUPED = /^\s*([-−]?\d{1,3}(?: \d{3})+[.,]\d{2})(?!\d)(?:\s*(\S{1,4}))?\s*$/u;

function readAmount(region: ValueRegion): ReadValue | null {
  const grouped = SPACE_GROUPED.exec(region.text);
  if (grouped) {
    const [joined] = findMoney(
      `${(grouped[1] as string).replaceAll(' ', '\u00a0')}${grouped[2] ? ` ${grouped[2]}` : ''}`,
    );
    if (joined) {
      return {
        offset: region.offset + (grouped.index ?? 0) + (grouped[0].length - grouped[0].trimStart().length),
        length: (grouped[1] as string).length,
        normalized: joined.normalized,
        quality: joined.currency ? 1 : 0.9,
        amount: joined.value,
        currency: joined.currency,
      };
    }
  }
  const amounts = findMoney(region.text);
  // To the right of a total the last amount wins: rows like "Total 24.99 5.00 29.99" end with the
  // amount including tax; below a label the first one is the one under it.
  const amount = region.where === 'right' ? amounts.at(-1) : amounts[0];
  if (!amount) return null;
  return {
    offset: region.offset + amount.index,
    length: amount.length,
    normalized: amount.normalized,
    quality: amount.currency ? 1 : 0.9,
    amount: amount.value,
    currency: amount.currency,
  };
}

function readName(region: ValueRegion): ReadValue | null {
  const text = region.text;
  const start = text.search(/[\p{L}\p{N}]/u);
  if (start < 0) return null;
  const words = tokens(text.slice(start)).slice(0, 6);
  const lastWord = words.at(-1);
  if (!lastWord || !/\p{L}/u.test(text)) return null;
  let end = start + lastWord.index + lastWord.text.length;
  while (end > start && /[,;:]/u.test(text.charAt(end - 1))) end--;
  const value = text.slice(start, end);
  // A name is mostly letters ("Care : 1800 208 9898" is not a name).
  const letters = (value.match(/\p{L}/gu) ?? []).length;
  if (letters < 2 || letters / value.replace(/\s/gu, '').length < 0.6) return null;
  return { offset: region.offset + start, length: value.length, normalized: value, quality: 0.9 };
}
