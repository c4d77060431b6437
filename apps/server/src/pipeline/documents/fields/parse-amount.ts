// Money amounts in the notations of en/pt/de/fr/nl invoices: 1,950.00 · 1.950,00 · 1 950,00 ·
// € 12,50 · 12.50 EUR · Rs 1939 · $4.11 · -9,32. The value comes back as a JavaScript number and
// as an invariant string ("1950.00") for KeyValue.contentNormalized.

export interface FoundAmount {
  value: number;
  /** Invariant notation with the decimals as written (at least two). */
  normalized: string;
  /** ISO 4217 code when a currency marker touches the number. */
  currency: string | null;
  hasDecimals: boolean;
  index: number;
  length: number;
}

/** Markers that name a currency; "$" alone is read as USD unless another marker says otherwise. */
export const CURRENCY_MARKERS: Record<string, string> = {
  '€': 'EUR',
  eur: 'EUR',
  euro: 'EUR',
  euros: 'EUR',
  $: 'USD',
  usd: 'USD',
  us$: 'USD',
  r$: 'BRL',
  brl: 'BRL',
  '£': 'GBP',
  gbp: 'GBP',
  '₹': 'INR',
  rs: 'INR',
  'rs.': 'INR',
  inr: 'INR',
  chf: 'CHF',
  '¥': 'JPY',
  jpy: 'JPY',
  cad: 'CAD',
  aud: 'AUD',
  sek: 'SEK',
  dkk: 'DKK',
  nok: 'NOK',
  pln: 'PLN',
  zł: 'PLN',
  kč: 'CZK',
  czk: 'CZK',
  mxn: 'MXN',
};

const MARKER = '(R\\$|US\\$|[€$£₹¥]|EUR|USD|BRL|GBP|INR|CHF|JPY|CAD|AUD|SEK|DKK|NOK|PLN|CZK|MXN|Kč|zł|Rs\\.?|euros?)';
// Thousands may be grouped by dots, commas, spaces or (Swiss) apostrophes: 1.950 · 1,950 · 1 950 · 1'950.
const NUMBER = "((?:[-−]\\s?)?(?:\\d{1,3}(?:[.,'’\\u00a0\\u202f\\u2009]\\d{3})+|\\d+)(?:[.,]\\d{1,4})?)";
/** The marker as a lookahead: the minus of "-€24.50" is read only when a marker follows it. */
const MARKER_AHEAD = `(?=${MARKER.replace('(', '(?:')})`;
const AMOUNT = new RegExp(
  // A marker after the number belongs to it unless another number follows ("2014 $4.11"). A
  // credit's minus may stand before the currency symbol (-€24.50) or after the number, as
  // accounting programs print it (24,50-).
  `(?:([-−])\\s?${MARKER_AHEAD})?(?:${MARKER}\\s?)?${NUMBER}(?!\\d)([-−](?![\\p{L}\\p{N}]))?(?:\\s?${MARKER}(?![\\p{L}\\p{N}])(?!\\s?[-−]?\\d))?`,
  'giu',
);

/** One amount with cents whose thousands are set apart by spaces, and nothing else. */
const LONE_SPACED_AMOUNT = /^-?\d{1,3}(?:[\s\u00a0\u202f\u2009]\d{3})+[.,]\d{2}$/u;

/**
 * The value of a text that is one amount printed with its thousands set apart by spaces and
 * nothing else but currency marks ("1 210,00", "33 569,50 PLN"). `findAmounts` reads such a text
 * as two numbers when no marker touches it (a space also parts a quantity from a price in running
 * text); a text already cut to one value — a run of words a model reads, a reviewed value — is
 * that one amount. Null for any other text.
 */
export function spacedAmount(text: string): number | null {
  const bare = text.trim().replace(/^[^\d-]{0,4}|[^\d]{0,4}$/gu, '');
  return LONE_SPACED_AMOUNT.test(bare) ? (parseNumber(bare)?.value ?? null) : null;
}

/** Reads one number written with either decimal convention. */
export function parseNumber(raw: string): { value: number; decimals: number } | null {
  const text = raw.replace(/[\s\u00a0\u202f\u2009'’]/g, '').replace('−', '-');
  const negative = text.startsWith('-');
  const digits = negative ? text.slice(1) : text;
  if (!/^\d[\d.,]*$/.test(digits)) return null;
  const lastDot = digits.lastIndexOf('.');
  const lastComma = digits.lastIndexOf(',');
  let decimalAt = -1;
  if (lastDot >= 0 && lastComma >= 0) {
    decimalAt = Math.max(lastDot, lastComma);
  } else if (lastDot >= 0 || lastComma >= 0) {
    const separator = lastDot >= 0 ? '.' : ',';
    const at = Math.max(lastDot, lastComma);
    const occurrences = digits.split(separator).length - 1;
    const after = digits.length - at - 1;
    // One separator followed by exactly three digits is a thousands separator (1.950 / 1,950),
    // except after a lone 0 (0,750).
    const isThousands = occurrences > 1 || (after === 3 && digits.slice(0, at) !== '0');
    if (!isThousands) decimalAt = at;
  }
  const integerPart = (decimalAt >= 0 ? digits.slice(0, decimalAt) : digits).replace(/[.,]/g, '');
  const fraction = decimalAt >= 0 ? digits.slice(decimalAt + 1) : '';
  if (integerPart === '' && fraction === '') return null;
  const value = Number(`${integerPart || '0'}.${fraction || '0'}`) * (negative ? -1 : 1);
  return Number.isFinite(value) ? { value, decimals: fraction.length } : null;
}

/**
 * Thousands grouped by plain spaces, as French, Czech, Polish or Swedish amounts are often
 * printed ("1 210,00 Kč", "€ 1 368,84"). A space also separates a quantity from a price, so the
 * grouping is read only with cents and a currency marker touching the number.
 */
const SPACED_AMOUNT = new RegExp(
  `(?<![\\p{L}\\p{N}.,])([-−]\\s?)?(?:${MARKER}\\s?)?(\\d{1,3}(?: \\d{3})+[.,]\\d{2})(?![\\d.,])(?:\\s?${MARKER}(?![\\p{L}\\p{N}]))?`,
  'giu',
);

function findSpacedAmounts(text: string): FoundAmount[] {
  const out: FoundAmount[] = [];
  SPACED_AMOUNT.lastIndex = 0;
  for (let m = SPACED_AMOUNT.exec(text); m; m = SPACED_AMOUNT.exec(text)) {
    const [, minus, before, number, after] = m;
    const marker = (before ?? after)?.toLowerCase();
    const currency = marker ? (CURRENCY_MARKERS[marker] ?? null) : null;
    const parsed = parseNumber(number as string);
    if (!currency || !parsed) continue;
    const value = minus ? -parsed.value : parsed.value;
    const length = m[0].trimEnd().length;
    out.push({ value, normalized: value.toFixed(2), currency, hasDecimals: true, index: m.index, length });
  }
  return out;
}

export function findAmounts(text: string): FoundAmount[] {
  const spaced = findSpacedAmounts(text);
  const out: FoundAmount[] = [...spaced];
  const inSpaced = (index: number, length: number) =>
    spaced.some((amount) => index < amount.index + amount.length && amount.index < index + length);
  AMOUNT.lastIndex = 0;
  for (let m = AMOUNT.exec(text); m; m = AMOUNT.exec(text)) {
    if (inSpaced(m.index, m[0].length)) continue;
    const [, leadingMinus, before, number, trailingMinus, after] = m;
    const parsed = parseNumber(number as string);
    if (!parsed) continue;
    // A number glued to a letter or going on with more dotted groups is part of a code
    // ("NL8204.71.616.B.02", "INV2023.01"), not an amount.
    if (!leadingMinus && !before && /[\p{L}\p{N}]$/u.test(text.slice(0, m.index))) continue;
    if (!after && /^[.,]\d/u.test(text.slice(m.index + m[0].length))) continue;
    // Rates ("21%", "14.50 %") are not amounts.
    if (/^\s?%/u.test(text.slice(m.index + m[0].trimEnd().length))) continue;
    const marker = (before ?? after)?.toLowerCase();
    const currency = marker ? (CURRENCY_MARKERS[marker] ?? null) : null;
    // Negative as printed: a minus anywhere around the number, or accounting's brackets "(24.50)".
    const bracketed = /\($/.test(text.slice(0, m.index)) && /^\)/.test(text.slice(m.index + m[0].trimEnd().length));
    const value = leadingMinus || trailingMinus || bracketed ? -Math.abs(parsed.value) : parsed.value;
    out.push({
      value,
      normalized: value.toFixed(Math.max(2, parsed.decimals)),
      currency,
      hasDecimals: parsed.decimals > 0,
      index: m.index,
      length: m[0].trimEnd().length,
    });
  }
  return spaced.length === 0 ? out : out.sort((a, b) => a.index - b.index);
}

/** Amounts that look like money: decimals or a currency marker (not quantities, years, codes). */
export function findMoney(text: string): FoundAmount[] {
  return findAmounts(text).filter((amount) => amount.hasDecimals || amount.currency !== null);
}
