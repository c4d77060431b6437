// Dates as invoices write them in English, Portuguese, German, French, Dutch, Spanish and Italian:
// numeric (31/12/2017, 8-9-2022, 2014-08-03, 7.5.14), with month names (19 april 2014, 7. Mai 2014,
// 14 de março de 2020, August 3 , 2014, 01Aug2018, 16 de noviembre de 2017) and, after a date
// label, as eight digits (20260815). Output is an ISO date (yyyy-mm-dd).

export type DayMonthOrder = 'dmy' | 'mdy';

export interface FoundDate {
  iso: string;
  index: number;
  length: number;
}

const MONTHS: Record<string, number> = {};
const addMonths = (names: string[]) => {
  names.forEach((group, index) => {
    for (const name of group.split('|')) MONTHS[name] = index + 1;
  });
};
// en
addMonths([
  'january|jan',
  'february|feb',
  'march|mar',
  'april|apr',
  'may',
  'june|jun',
  'july|jul',
  'august|aug',
  'september|sep|sept',
  'october|oct',
  'november|nov',
  'december|dec',
]);
// pt
addMonths([
  'janeiro',
  'fevereiro|fev',
  'março|marco',
  'abril|abr',
  'maio|mai',
  'junho',
  'julho',
  'agosto|ago',
  'setembro|set',
  'outubro|out',
  'novembro',
  'dezembro|dez',
]);
// de (mai/okt/dez shared with nl/pt: same month numbers)
addMonths([
  'januar|jänner|jän',
  'februar',
  'märz|maerz|mär',
  'april',
  'mai',
  'juni',
  'juli',
  'august',
  'september',
  'oktober|okt',
  'november',
  'dezember',
]);
// fr
addMonths([
  'janvier|janv',
  'février|fevrier|févr|fevr|fév',
  'mars',
  'avril|avr',
  'mai',
  'juin',
  'juillet|juil',
  'août|aout',
  'septembre',
  'octobre',
  'novembre',
  'décembre|decembre|déc',
]);
// nl
addMonths([
  'januari',
  'februari',
  'maart|mrt',
  'april',
  'mei',
  'juni',
  'juli',
  'augustus',
  'september',
  'oktober',
  'november',
  'december',
]);

// es
addMonths([
  'enero|ene',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre|setiembre',
  'octubre',
  'noviembre',
  'diciembre|dic',
]);
// it
addMonths([
  'gennaio|genn',
  'febbraio|febb',
  'marzo',
  'aprile',
  'maggio|magg',
  'giugno',
  'luglio',
  'agosto',
  'settembre|sett',
  'ottobre|ott',
  'novembre',
  'dicembre',
]);

const MONTH_ALTERNATION = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

// Word boundaries that also work next to accented letters.
const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';
const PATTERNS: {
  regex: RegExp;
  read: (m: RegExpExecArray, order: DayMonthOrder) => [number, number, number] | null;
}[] = [
  {
    // 2014-08-03, 2014/08/03, and an ISO timestamp's date (2017-07-05T09:09:23)
    regex: new RegExp(`${B}(\\d{4})[-/.](\\d{1,2})[-/.](\\d{1,2})(?:T\\d{2}:\\d{2}(?::\\d{2})?)?${E}`, 'gu'),
    read: (m) => [Number(m[1]), Number(m[2]), Number(m[3])],
  },
  {
    // 31/12/2017, 8-9-2022, 07.05.14 (day/month order decided by the values, else by the hint)
    regex: new RegExp(`${B}(\\d{1,2})([-/.])(\\d{1,2})\\2(\\d{4}|\\d{2})${E}`, 'gu'),
    read: (m, order) => {
      const first = Number(m[1]);
      const second = Number(m[3]);
      const year = expandYear(m[4] as string);
      if (first > 12 && second <= 12) return [year, second, first];
      if (second > 12 && first <= 12) return [year, first, second];
      return order === 'mdy' ? [year, first, second] : [year, second, first];
    },
  },
  {
    // 19 april 2014, 7. Mai 2014, 14 de março de 2020, 01Aug2018, 31-Dec-2017, 1er juillet 2015
    regex: new RegExp(
      `${B}(\\d{1,2})(?:st|nd|rd|th|er|º|°)?\\.?[\\s-]*(?:de\\s+)?(${MONTH_ALTERNATION})\\.?[\\s,-]*(?:de\\s+)?(\\d{4})${E}`,
      'giu',
    ),
    read: (m) => [Number(m[3]), MONTHS[(m[2] as string).toLowerCase()] ?? 0, Number(m[1])],
  },
  {
    // August 3 , 2014, Jan 1, 2022, October 14th 1998
    regex: new RegExp(`${B}(${MONTH_ALTERNATION})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\s*,?\\s*(\\d{4})${E}`, 'giu'),
    read: (m) => [Number(m[3]), MONTHS[(m[1] as string).toLowerCase()] ?? 0, Number(m[2])],
  },
];

function expandYear(text: string): number {
  const year = Number(text);
  if (text.length === 4) return year;
  return year < 70 ? 2000 + year : 1900 + year;
}

function isValidDate(year: number, month: number, day: number): boolean {
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Every date in the text, in order of appearance; overlapping matches keep the earliest, longest. */
export function findDates(text: string, order: DayMonthOrder = 'dmy'): FoundDate[] {
  const found: FoundDate[] = [];
  for (const pattern of PATTERNS) {
    pattern.regex.lastIndex = 0;
    for (let m = pattern.regex.exec(text); m; m = pattern.regex.exec(text)) {
      const parts = pattern.read(m, order);
      if (!parts) continue;
      const [year, month, day] = parts;
      if (!isValidDate(year, month, day)) continue;
      found.push({ iso: `${year}-${pad(month)}-${pad(day)}`, index: m.index, length: m[0].length });
    }
  }
  found.sort((a, b) => a.index - b.index || b.length - a.length);
  return found.filter((date, i) => {
    const previous = found.slice(0, i).find((other) => other.index + other.length > date.index);
    return previous === undefined;
  });
}

// A date written as eight digits (20260815), read only where a date label announces it: anywhere
// else eight digits are more often a number than a date.
const COMPACT_DATE = /^\s*((?:19|20)\d{2})(\d{2})(\d{2})(?!\d)/u;

/** The yyyymmdd date at the start of a labelled value, if it is a real calendar day. */
export function findCompactDate(text: string): FoundDate | null {
  const m = COMPACT_DATE.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!isValidDate(year, month, day)) return null;
  const index = m[0].length - 8;
  return { iso: `${year}-${pad(month)}-${pad(day)}`, index, length: 8 };
}

// A time right after a date ("20.03.2018 17:09:28") makes it a moment something was printed or
// sent, not the day a document is dated.
const TIME_AFTER = /^,?\s*(?:um\s+|à\s+|at\s+)?\d{1,2}:\d{2}/u;

/** Whether the date found in `text` is followed by a time of day. */
export function isTimestamp(text: string, date: FoundDate): boolean {
  return TIME_AFTER.test(text.slice(date.index + date.length));
}

/**
 * How a document writes its dates: a numeric date whose first part is over 12 settles day-first,
 * one whose second part is over 12 month-first; null when every date could be read both ways.
 */
export function documentDayMonthOrder(texts: readonly string[]): DayMonthOrder | null {
  let dayFirst = 0;
  let monthFirst = 0;
  const numeric = new RegExp(`${B}(\\d{1,2})([-/.])(\\d{1,2})\\2(?:\\d{4}|\\d{2})${E}`, 'gu');
  for (const text of texts) {
    for (const m of text.matchAll(numeric)) {
      const first = Number(m[1]);
      const second = Number(m[3]);
      if (first > 12 && first <= 31 && second <= 12) dayFirst++;
      else if (second > 12 && second <= 31 && first <= 12) monthFirst++;
    }
  }
  if (dayFirst === monthFirst) return null;
  return dayFirst > monthFirst ? 'dmy' : 'mdy';
}

export function parseDate(text: string, order: DayMonthOrder = 'dmy'): string | null {
  return findDates(text, order)[0]?.iso ?? null;
}
