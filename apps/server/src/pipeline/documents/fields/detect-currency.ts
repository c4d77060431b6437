// The document's currency: the marker seen most often on its pages ("€", "EUR", "Rs", "$" …).
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
  /(R\$|US\$|[€$£₹¥])|(?<![\p{L}])(EUR|USD|BRL|GBP|INR|CHF|JPY|CAD|AUD|SEK|DKK|NOK|PLN|Rs\.?|euros?)(?![\p{L}])|(US Dollars?|Euros?)/giu;
const NAMES: Record<string, string> = { 'us dollar': 'USD', 'us dollars': 'USD', euro: 'EUR', euros: 'EUR' };

export function detectCurrency(pages: readonly PageText[]): CurrencyVote | null {
  const votes = new Map<string, CurrencyVote>();
  let total = 0;
  for (const page of pages) {
    MARKER.lastIndex = 0;
    for (let m = MARKER.exec(page.text); m; m = MARKER.exec(page.text)) {
      const raw = (m[1] ?? m[2] ?? m[3] ?? '').toLowerCase();
      const code = CURRENCY_MARKERS[raw] ?? NAMES[raw];
      if (!code) continue;
      total++;
      const vote = votes.get(code);
      if (vote) vote.count++;
      else
        votes.set(code, {
          code,
          count: 1,
          pageNumber: page.pageNumber,
          offset: m.index,
          length: m[0].length,
          share: 0,
        });
    }
  }
  const best = [...votes.values()].sort((a, b) => b.count - a.count)[0];
  return best ? { ...best, share: best.count / total } : null;
}
