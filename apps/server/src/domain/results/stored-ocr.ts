// How a page's OCR layer is kept in task_pages.ocr: the contract's OcrPageResult with one
// difference, the characters of a word. A text-layer page has about five characters a word, each
// with a BoundingBox of eight named numbers — three quarters of the JSON, which the database had
// to parse, compress, log and give back again for every page (half a megabyte for a dense page).
// A word whose characters are plain (a char and a box, nothing else) keeps them as `charBoxes`:
// one [char, left, right] per character that shares the word's top and bottom (every character of
// a horizontal run), else [char, left, top, right, bottom]. Reading puts the contract's chars back,
// the same boxes to the 1/100 unit (boxes are stored rounded to that already). Pages written before
// keep their `chars` and are read as they are.

const round = (value: number): number => Math.round(value * 100) / 100;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** [char, left, right] (the word's top and bottom) or [char, left, top, right, bottom]. */
export type CharBox = [string, number, number] | [string, number, number, number, number];

interface WordLike {
  boundingBox?: unknown;
  chars?: unknown;
  charBoxes?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A BoundingBox as the engines write it (geometry.ts toBoundingBox): its four edges say all of it. */
function isCanonicalBox(box: unknown): box is Box {
  if (!isRecord(box)) return false;
  const { x, y, width, height, left, top, right, bottom } = box;
  if (![x, y, width, height, left, top, right, bottom].every((n) => typeof n === 'number')) return false;
  const keys = Object.keys(box).length;
  return (
    keys === 8 &&
    x === left &&
    y === top &&
    width === round((right as number) - (left as number)) &&
    height === round((bottom as number) - (top as number))
  );
}

function boxOf(left: number, top: number, right: number, bottom: number): Box {
  return { x: left, y: top, width: round(right - left), height: round(bottom - top), left, top, right, bottom };
}

/** The word's characters as charBoxes, or null when one of them carries more than a char and a box. */
function compactChars(word: WordLike): CharBox[] | null {
  if (!Array.isArray(word.chars) || !isCanonicalBox(word.boundingBox)) return null;
  const wordBox = word.boundingBox;
  const compact: CharBox[] = [];
  for (const char of word.chars) {
    if (!isRecord(char) || typeof char.char !== 'string' || Object.keys(char).length !== 2) return null;
    const box = char.boundingBox;
    if (!isCanonicalBox(box)) return null;
    compact.push(
      box.top === wordBox.top && box.bottom === wordBox.bottom
        ? [char.char, box.left, box.right]
        : [char.char, box.left, box.top, box.right, box.bottom],
    );
  }
  return compact;
}

/** The OCR layer as task_pages.ocr keeps it (the contract's shape with words' characters compacted). */
export function toStoredOcr<T extends { entities: readonly object[] }>(ocr: T): T {
  return {
    ...ocr,
    entities: ocr.entities.map((word) => {
      const charBoxes = compactChars(word as WordLike);
      if (!charBoxes) return word;
      const { chars: _chars, ...rest } = word as WordLike & Record<string, unknown>;
      return { ...rest, charBoxes };
    }),
  };
}

function expandChars(word: Record<string, unknown>): unknown[] {
  const box = word.boundingBox as Box;
  return (word.charBoxes as CharBox[]).map((entry) =>
    entry.length === 3
      ? { char: entry[0], boundingBox: boxOf(entry[1], box.top, entry[2], box.bottom) }
      : { char: entry[0], boundingBox: boxOf(entry[1], entry[2], entry[3], entry[4]) },
  );
}

/**
 * The contract's OcrPageResult of a stored OCR layer (null stays null): every word with its
 * `chars`, whichever way the page was written.
 */
export function fromStoredOcr<T = Record<string, unknown>>(stored: unknown): T | null {
  if (!isRecord(stored)) return null;
  if (!Array.isArray(stored.entities) || !stored.entities.some((word) => isRecord(word) && 'charBoxes' in word)) {
    return stored as T;
  }
  return {
    ...stored,
    entities: stored.entities.map((word) => {
      if (!isRecord(word) || !Array.isArray(word.charBoxes) || !isRecord(word.boundingBox)) return word;
      const { charBoxes: _charBoxes, ...rest } = word;
      return { ...rest, chars: expandChars(word) };
    }),
  } as T;
}
