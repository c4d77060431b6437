// The issue date by arithmetic, as the grand total is checked by net + tax: where the page states
// its payment terms as a number of days ("Net 45 Days", "30 days net", "netto 14 Tage") and a due
// date was read, the issue date is the due date less those days. OCR confuses digits in dates
// (a 3 read as 2: "12/20/2013" for "12/30/2013"); the date the terms imply, printed elsewhere on
// the page, shows which reading was wrong.
import type { PageText } from '../text/page-text.js';
import { type DayMonthOrder, type FoundDate, findDates } from './parse-date.js';

const DAY_WORDS = 'days?|tage[n]?|dagen|jours|d[íi]as|giorni|dias';
const TERMS = new RegExp(
  [
    `(?<![\\p{L}])(?:net|netto|netto\\s+kasse)\\s*(\\d{1,3})\\s*(?:${DAY_WORDS})?(?![\\p{L}\\p{N}])`,
    `(?<![\\p{L}\\p{N}])(\\d{1,3})\\s*(?:${DAY_WORDS})\\s+(?:net|netto)(?![\\p{L}])`,
  ].join('|'),
  'giu',
);

/** The number of days of the page's payment terms, when it states exactly one such number. */
export function termDays(pages: readonly PageText[]): number | null {
  const days = new Set<number>();
  for (const page of pages) {
    for (const match of page.text.matchAll(TERMS)) {
      const value = Number(match[1] ?? match[2]);
      if (value > 0 && value <= 180) days.add(value);
    }
  }
  return days.size === 1 ? ([...days][0] as number) : null;
}

/** `iso` moved by `days` calendar days. */
export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export interface ImpliedIssueDate {
  page: PageText;
  date: FoundDate;
}

/**
 * Where the terms and the due date imply another issue date than `issueIso`, that date as printed
 * on the pages; null when the reading agrees, when there are no terms, or when the implied date is
 * printed nowhere (the terms may count from another day, such as the end of the month).
 */
export function impliedIssueDate(
  pages: readonly PageText[],
  dueIso: string,
  issueIso: string,
  order: DayMonthOrder,
): ImpliedIssueDate | null {
  const days = termDays(pages);
  if (days === null) return null;
  const implied = addDays(dueIso, -days);
  if (implied === issueIso) return null;
  for (const page of pages) {
    const date = findDates(page.text, order).find((candidate) => candidate.iso === implied);
    if (date) return { page, date };
  }
  return null;
}
