// The document's currency: the marker seen most often on its pages ("€", "EUR", "Rs", "$" …), and
// any other ISO 4217 code where it is written as a currency: next to an amount, in parentheses
// ("Total Amount (DEM)") or after a currency label ("Währung DEM"). A "$" counts for the dollar or
// peso the page names by its code (MXN, CAD …), for USD only when no such code is printed.
import type { PageText } from '../text/page-text.js';
import { CURRENCY_MARKERS } from './parse-amount.js';

export interface CurrencyVote {
  code: string;
  /** Occurrences that voted for it, and the first one (for the bounding box). */
  count: number;
  pageNumber: number;
  offset: number;
  length: number;
  share: number;
}

const MARKER =
  /(R\$|US\$|[€$£₹¥])|(?<![\p{L}])(EUR|USD|BRL|GBP|INR|CHF|JPY|CAD|AUD|SEK|DKK|NOK|PLN|CZK|MXN|Kč|zł|Rs\.?|euros?)(?![\p{L}])|(US Dollars?|Euros?|M\.N\.|moneda\s+nacional)/giu;
// "M.N." (moneda nacional) is how Mexican invoices write the peso beside "$".
const NAMES: Record<string, string> = {
  'us dollar': 'USD',
  'us dollars': 'USD',
  euro: 'EUR',
  euros: 'EUR',
  'm.n.': 'MXN',
  'moneda nacional': 'MXN',
};

// Codes of the euro's predecessors, which old invoices still print and Intl no longer lists.
const HISTORIC_CODES = ['DEM', 'FRF', 'ITL', 'ESP', 'PTE', 'NLG', 'BEF', 'ATS', 'FIM', 'IEP', 'GRD', 'LUF'];
const ISO_CODES = new Set([...Intl.supportedValuesOf('currency'), ...HISTORIC_CODES]);
const ISO_CODE = /(?<![\p{L}\p{N}])([A-Z]{3})(?![\p{L}\p{N}])/gu;
const CURRENCY_LABEL = /(?:currency|w[äa]hrung|devise|monnaie|moneda|divisa|moeda|valuta|valuta)\s*:?\s*$/iu;
/** Currencies written with "$" besides the US dollar. */
export const DOLLAR_CODES = new Set(['MXN', 'CAD', 'AUD', 'NZD', 'ARS', 'CLP', 'COP', 'SGD', 'HKD', 'TWD', 'UYU']);

/** Whether a three-letter code at `index` is written as a currency, not as a word or an id part. */
function isWrittenAsCurrency(text: string, index: number): boolean {
  const before = text.slice(Math.max(0, index - 30), index);
  const after = text.slice(index + 3, index + 6);
  if (/\d\s?$/u.test(before) || /^\s?[-−]?\d/u.test(after)) return true;
  if (/\($/u.test(before) && /^\)/u.test(after)) return true;
  return CURRENCY_LABEL.test(before);
}

export function detectCurrency(pages: readonly PageText[]): CurrencyVote | null {
  const votes = new Map<string, CurrencyVote>();
  let total = 0;
  let dollarSigns = 0;
  const vote = (code: string, page: PageText, offset: number, length: number) => {
    total++;
    const current = votes.get(code);
    if (current) current.count++;
    else votes.set(code, { code, count: 1, pageNumber: page.pageNumber, offset, length, share: 0 });
  };
  for (const page of pages) {
    const known: number[] = [];
    MARKER.lastIndex = 0;
    for (let m = MARKER.exec(page.text); m; m = MARKER.exec(page.text)) {
      const raw = (m[1] ?? m[2] ?? m[3] ?? '').toLowerCase().replace(/\s+/g, ' ');
      const code = CURRENCY_MARKERS[raw] ?? NAMES[raw];
      if (!code) continue;
      if (raw === '$') dollarSigns++;
      known.push(m.index);
      vote(code, page, m.index, m[0].length);
    }
    ISO_CODE.lastIndex = 0;
    for (let m = ISO_CODE.exec(page.text); m; m = ISO_CODE.exec(page.text)) {
      const code = m[1] as string;
      if (known.includes(m.index) || !ISO_CODES.has(code) || !isWrittenAsCurrency(page.text, m.index)) continue;
      vote(code, page, m.index, 3);
    }
  }
  // "$" read as USD moves to the dollar currency the page names by its code.
  const named = [...votes.values()].filter((candidate) => DOLLAR_CODES.has(candidate.code));
  const usd = votes.get('USD');
  const namedDollar = named.sort((a, b) => b.count - a.count)[0];
  if (usd && namedDollar && usd.count <= dollarSigns) {
    namedDollar.count += usd.count;
    votes.delete('USD');
  }
  const best = [...votes.values()].sort((a, b) => b.count - a.count)[0];
  return best ? { ...best, share: best.count / total } : null;
}
