// Dates as invoices write them in English, Portuguese, German, French and Dutch: numeric
// (31/12/2017, 8-9-2022, 2014-08-03, 7.5.14) and with month names (19 april 2014, 7. Mai 2014,
// 14 de março de 2020, August 3 , 2014, 01Aug2018). Output is an ISO date (yyyy-mm-dd).

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

export function parseDate(text: string, order: DayMonthOrder = 'dmy'): string | null {
  return findDates(text, order)[0]?.iso ?? null;
}
