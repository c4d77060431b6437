// Finds label occurrences on a page's lines and reads the value each one announces: to its right
// on the same line (up to the next label or a column gap), or in the line(s) below under it
// (column headers such as "Invoice Date:  Due Date:" with the values on the next line).
import { heightOf, overlap } from '../geometry.js';
import type { PageText, PositionedWord, TextLine } from '../text/page-text.js';
import { LABEL_RULES, type LabelRule, OTHER_LABEL_RULES } from './labels.js';

const ALL_RULES: readonly LabelRule[] = [...LABEL_RULES, ...OTHER_LABEL_RULES];

export interface LabelHit {
  rule: LabelRule;
  page: PageText;
  line: TextLine;
  /** Absolute offsets in the page text. */
  offset: number;
  length: number;
  left: number;
  right: number;
}

export interface ValueRegion {
  page: PageText;
  /** Absolute offset and length in the page text. */
  offset: number;
  length: number;
  text: string;
  /** Right of the label, under it, or at the start of the next line when the label ends its line. */
  where: 'right' | 'below' | 'next';
  /** Distance from the label in line heights (horizontal for right, vertical for below and next). */
  distance: number;
}

/** A gap wider than this many line heights separates columns. */
const COLUMN_GAP = 2.5;
/** How many lines below a label are searched for its value. */
const LINES_BELOW = 2;

/** Label hits of one line; overlapping matches keep the longest (then the one with the higher prior). */
export function findLabelsInLine(page: PageText, line: TextLine): LabelHit[] {
  const text = page.text.slice(line.span.offset, line.span.offset + line.span.length);
  const matches: { rule: LabelRule; index: number; length: number }[] = [];
  for (const rule of ALL_RULES) {
    rule.pattern.lastIndex = 0;
    for (let m = rule.pattern.exec(text); m; m = rule.pattern.exec(text)) {
      const length = m[0].trimEnd().length;
      if (length > 0) matches.push({ rule, index: m.index, length });
      if (m[0].length === 0) rule.pattern.lastIndex++;
    }
  }
  matches.sort((a, b) => b.length - a.length || b.rule.prior - a.rule.prior);
  const kept: typeof matches = [];
  for (const match of matches) {
    const clashes = kept.some(
      (other) => match.index < other.index + other.length && other.index < match.index + match.length,
    );
    if (!clashes) kept.push(match);
  }
  return kept
    .sort((a, b) => a.index - b.index)
    .filter((match) => !match.rule.startsColumn || startsColumn(line, line.span.offset + match.index))
    .map((match) => {
      const offset = line.span.offset + match.index;
      const words = line.words.filter(
        (word) => word.span.offset < offset + match.length && word.span.offset + word.span.length > offset,
      );
      return {
        rule: match.rule,
        page,
        line,
        offset,
        length: match.length,
        left: Math.min(...words.map((word) => word.edges.left)),
        right: Math.max(...words.map((word) => word.edges.right)),
      };
    });
}

/** Whether the text at `offset` has no word before it on its line closer than a column gap. */
function startsColumn(line: TextLine, offset: number): boolean {
  const index = line.words.findIndex((word) => word.span.offset + word.span.length > offset);
  const word = line.words[index];
  const before = line.words[index - 1];
  if (!word || !before) return true;
  return word.edges.left - before.edges.right > COLUMN_GAP * heightOf(line.edges);
}

export function findAllLabels(page: PageText): LabelHit[] {
  return page.lines.flatMap((line) => findLabelsInLine(page, line));
}

/** The value regions a label may announce, nearest first. */
export function valueRegions(hit: LabelHit, hitsOnLine: readonly LabelHit[]): ValueRegion[] {
  const regions: ValueRegion[] = [];
  const right = regionToTheRight(hit, hitsOnLine);
  if (right) regions.push(right);
  regions.push(...regionsBelow(hit));
  // Nothing readable right of a label that ends its line ("**Invoice number:**"): its value wrapped.
  if (!right || !/[\p{L}\p{N}]/u.test(right.text)) {
    const next = regionOnNextLine(hit);
    if (next) regions.push(next);
  }
  return regions;
}

/**
 * A label that ends its line, with its value wrapped to the start of the next line ("… Invoice
 * number:" / "3906541086000 Order number: …"): text flows on, so the next line's first words are
 * the value when that line starts left of the label (a wrap, not a column under it).
 */
function regionOnNextLine(hit: LabelHit): ValueRegion | null {
  const lineEnd = hit.line.span.offset + hit.line.span.length;
  if (/[\p{L}\p{N}]/u.test(hit.page.text.slice(hit.offset + hit.length, lineEnd))) return null;
  // Only a label inside the line's running text wraps: not a title set apart in its own column.
  if (blockStartBefore(hit) !== hit.line.words[0]) return null;
  const next = hit.page.lines[hit.line.index + 1];
  if (!next) return null;
  const lineHeight = Math.max(heightOf(hit.line.edges), 1e-6);
  const verticalGap = next.edges.top - hit.line.edges.bottom;
  if (verticalGap > lineHeight || next.edges.left >= hit.left - lineHeight) return null;
  const nextHits = findLabelsInLine(hit.page, next);
  const first = next.words[0] as PositionedWord;
  if (nextHits.some((other) => other.offset <= first.span.offset)) return null;
  const limit = nextHits[0]?.offset ?? next.span.offset + next.span.length;
  const taken: PositionedWord[] = [];
  for (const word of next.words) {
    if (word.span.offset >= limit) break;
    const previousRight = taken.at(-1)?.edges.right;
    if (previousRight !== undefined && word.edges.left - previousRight > COLUMN_GAP * lineHeight) break;
    taken.push(word);
  }
  const last = taken.at(-1) as PositionedWord;
  const offset = first.span.offset;
  const end = Math.min(last.span.offset + last.span.length, limit);
  return {
    page: hit.page,
    offset,
    length: end - offset,
    text: hit.page.text.slice(offset, end),
    where: 'next',
    distance: Math.max(0, verticalGap) / lineHeight,
  };
}

/**
 * The first word of the label's block on its line: walking left from the label over words closer
 * than a column gap.
 */
export function blockStartBefore(hit: LabelHit): PositionedWord | undefined {
  const lineHeight = Math.max(heightOf(hit.line.edges), 1e-6);
  const words = hit.line.words;
  let index = words.findIndex((word) => word.span.offset + word.span.length > hit.offset);
  if (index < 0) return undefined;
  while (index > 0) {
    const previous = words[index - 1] as PositionedWord;
    const current = words[index] as PositionedWord;
    if (current.edges.left - previous.edges.right > COLUMN_GAP * lineHeight) break;
    index--;
  }
  return words[index];
}

/** Words printed right of another label on their line are that label's value, not one from above. */
function ownedByLabelOnLine(page: PageText, line: TextLine): (word: PositionedWord) => boolean {
  const hits = findLabelsInLine(page, line);
  if (hits.length === 0) return () => false;
  const owned = new Set<PositionedWord>();
  for (const other of hits) {
    const region = regionToTheRight(other, hits);
    if (!region) continue;
    for (const word of line.words) {
      if (word.span.offset < region.offset + region.length && word.span.offset + word.span.length > region.offset) {
        owned.add(word);
      }
    }
  }
  return (word) => owned.has(word);
}

function regionToTheRight(hit: LabelHit, hitsOnLine: readonly LabelHit[]): ValueRegion | null {
  const labelEnd = hit.offset + hit.length;
  // A date's label may be qualified before its value ("Data wystawienia, z zastrzeżeniem art. 106
  // ust. 1: 31.10.2025"): a tax word inside that clause does not end the date's region.
  const nextLabel = hitsOnLine.find(
    (other) => other.offset >= labelEnd && !(hit.rule.kind === 'date' && other.rule.kind === 'amount'),
  );
  const limit = nextLabel ? nextLabel.offset : hit.line.span.offset + hit.line.span.length;
  const lineHeight = Math.max(heightOf(hit.line.edges), 1e-6);
  const taken: PositionedWord[] = [];
  // A word the label ends inside ("n°562044387") contributes the part after the label.
  for (const word of hit.line.words) {
    const wordEnd = word.span.offset + word.span.length;
    if (wordEnd <= labelEnd || word.span.offset >= limit) continue;
    // A party's name follows its label closely; a text a column away is another block's.
    if (taken.length === 0 && hit.rule.kind === 'name' && word.edges.left - hit.right > COLUMN_GAP * lineHeight) break;
    const previousRight = taken.at(-1)?.edges.right;
    // Amounts are often set in a column far to the right of their label ("Total ...... € 12,00").
    const gapEnds = hit.rule.kind !== 'amount' && previousRight !== undefined;
    if (gapEnds && word.edges.left - (previousRight as number) > COLUMN_GAP * lineHeight) break;
    taken.push(word);
  }
  if (taken.length === 0) return null;
  const first = taken[0] as PositionedWord;
  const last = taken.at(-1) as PositionedWord;
  const offset = Math.max(first.span.offset, labelEnd);
  const end = Math.min(last.span.offset + last.span.length, limit);
  if (end <= offset) return null;
  const text = hit.page.text.slice(offset, end);
  if (text.trim() === '') return null;
  return {
    page: hit.page,
    offset,
    length: end - offset,
    text,
    where: 'right',
    distance: Math.max(0, first.edges.left - hit.right) / lineHeight,
  };
}

function regionsBelow(hit: LabelHit): ValueRegion[] {
  const regions: ValueRegion[] = [];
  const lineHeight = Math.max(heightOf(hit.line.edges), 1e-6);
  const lines = hit.page.lines.slice(hit.line.index + 1, hit.line.index + 1 + LINES_BELOW);
  for (const line of lines) {
    const verticalGap = line.edges.top - hit.line.edges.bottom;
    if (verticalGap > 3 * lineHeight) break;
    const slack = lineHeight / 2;
    const isOwned = ownedByLabelOnLine(hit.page, line);
    const under = line.words.filter(
      (word) => overlap(word.edges.left, word.edges.right, hit.left - slack, hit.right + slack) > 0 && !isOwned(word),
    );
    if (under.length === 0) continue;
    const startIndex = line.words.indexOf(under[0] as PositionedWord);
    const run: PositionedWord[] = [...under];
    // Names and dates run on over closely set words ("Cash at Hotel", "8 april 2014"): to the
    // right, and to the left under a centred label ("EMITENTE" over "Plotag Sistemas … Ltda");
    // amounts and codes are one column's cell.
    const extend = hit.rule.kind === 'name' || hit.rule.kind === 'date';
    for (let index = startIndex + under.length; extend && index < line.words.length; index++) {
      const word = line.words[index] as PositionedWord;
      if (word.edges.left - (run.at(-1) as PositionedWord).edges.right > lineHeight) break;
      run.push(word);
    }
    for (let index = startIndex - 1; extend && index >= 0; index--) {
      const word = line.words[index] as PositionedWord;
      if ((run[0] as PositionedWord).edges.left - word.edges.right > lineHeight || isOwned(word)) break;
      run.unshift(word);
    }
    const first = run[0] as PositionedWord;
    const last = run.at(-1) as PositionedWord;
    const offset = first.span.offset;
    const length = last.span.offset + last.span.length - offset;
    regions.push({
      page: hit.page,
      offset,
      length,
      text: hit.page.text.slice(offset, offset + length),
      where: 'below',
      distance: Math.max(0, verticalGap) / lineHeight,
    });
  }
  return regions;
}
