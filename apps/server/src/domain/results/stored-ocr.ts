// How a page's OCR layer is kept in task_pages.ocr: the contract's OcrPageResult with two
// differences, the words' boxes and their characters. A text-layer page has about six characters
// a word, each with a BoundingBox of eight named numbers, and each word a box of eight more: the
// JSON the database has to parse, store, log and give back again for every page. So a word whose
// box says no more than its four edges (x = left, y = top, width and height their differences) keeps
// them as `box: [left, top, right, bottom]`, and its characters, when they are plain (a char and a
// box, nothing else), as one of:
//  - `charRights: [right, …]` when they are the word's text, one code point each, side by side on
//    the word's band from its left edge (every word of a text layer): each character starts where
//    the one before ends;
//  - `charBoxes`: one [char, left, right] per character that shares the word's top and bottom, else
//    [char, left, top, right, bottom].
// Reading puts the contract's boundingBox and chars back, key for key in the same order, the same
// boxes to the 1/100 unit (boxes are stored rounded to that already). Pages written before keep their
// `boundingBox` and `chars` or `charBoxes` and are read as they are. Readers that need a word's edges
// only (the detectors, training, citations) read them with `storedWordEdges` from either form.

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

/** A word's or a character's four edges. */
export interface StoredEdges {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** [char, left, right] (the word's top and bottom) or [char, left, top, right, bottom]. */
export type CharBox = [string, number, number] | [string, number, number, number, number];

/** A box kept as its edges: [left, top, right, bottom]. */
export type EdgesBox = [number, number, number, number];

interface WordLike {
  text?: unknown;
  boundingBox?: unknown;
  box?: unknown;
  chars?: unknown;
  charBoxes?: unknown;
  charRights?: unknown;
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

/**
 * The right edges of a word's characters when charRights gives them all back (the word's text, a
 * code point a character, each on the word's band from where the one before ends, the first from the
 * word's left edge), else null.
 */
export function charRightsOf(text: unknown, wordLeft: number, charBoxes: readonly CharBox[]): number[] | null {
  if (typeof text !== 'string') return null;
  const rights: number[] = [];
  let left = wordLeft;
  let at = 0;
  for (const entry of charBoxes) {
    const char = entry[0];
    const code = text.codePointAt(at);
    if (entry.length !== 3 || code === undefined || entry[1] !== left) return null;
    const width = code > 0xffff ? 2 : 1;
    if (char.length !== width || text.slice(at, at + width) !== char) return null;
    at += width;
    left = entry[2];
    rights.push(left);
  }
  return at === text.length ? rights : null;
}

/** A word's characters and box in their stored form (the box as edges when its edges say all of it). */
export function storedWord(
  word: Record<string, unknown>,
  charBoxes: readonly CharBox[] | null,
): Record<string, unknown> {
  const box = word.boundingBox;
  const canonical = isCanonicalBox(box);
  const rights = canonical && charBoxes ? charRightsOf(word.text, box.left, charBoxes) : null;
  const stored: Record<string, unknown> = {};
  for (const key of Object.keys(word)) {
    if (key === 'chars' && charBoxes) continue;
    if (key === 'boundingBox' && canonical) stored.box = [box.left, box.top, box.right, box.bottom];
    else stored[key] = word[key];
  }
  if (rights) stored.charRights = rights;
  else if (charBoxes) stored.charBoxes = charBoxes;
  return stored;
}

/** The OCR layer as task_pages.ocr keeps it (the contract's shape with words' boxes and characters compacted). */
export function toStoredOcr<T extends { entities: readonly object[] }>(ocr: T): T {
  return {
    ...ocr,
    entities: ocr.entities.map((word) => storedWord(word as Record<string, unknown>, compactChars(word as WordLike))),
  };
}

/** The four numbers of a stored `box`, or null when it is not one. */
function edgesBox(value: unknown): EdgesBox | null {
  return Array.isArray(value) && value.length === 4 && value.every((n) => typeof n === 'number')
    ? (value as EdgesBox)
    : null;
}

function expandChars(word: Record<string, unknown>, box: Box): unknown[] | null {
  if (Array.isArray(word.charRights)) {
    const chars: unknown[] = [];
    let left = box.left;
    let index = 0;
    for (const char of word.text as string) {
      const right = word.charRights[index++] as number;
      chars.push({ char, boundingBox: boxOf(left, box.top, right, box.bottom) });
      left = right;
    }
    return chars;
  }
  if (Array.isArray(word.charBoxes)) {
    return (word.charBoxes as CharBox[]).map((entry) =>
      entry.length === 3
        ? { char: entry[0], boundingBox: boxOf(entry[1], box.top, entry[2], box.bottom) }
        : { char: entry[0], boundingBox: boxOf(entry[1], entry[2], entry[3], entry[4]) },
    );
  }
  return null;
}

/** The contract's word of a stored one: its boundingBox and chars, in the keys' stored order. */
function contractWord(word: unknown): unknown {
  if (!isRecord(word)) return word;
  const edges = edgesBox(word.box);
  const box = edges ? boxOf(...edges) : isRecord(word.boundingBox) ? (word.boundingBox as unknown as Box) : null;
  const chars = box && typeof word.text === 'string' ? expandChars(word, box) : null;
  if (!edges && !chars) return word;
  const read: Record<string, unknown> = {};
  for (const key of Object.keys(word)) {
    if (key === 'box' && edges) read.boundingBox = box;
    else if (chars && (key === 'charRights' || key === 'charBoxes')) continue;
    else read[key] = word[key];
  }
  if (chars) read.chars = chars;
  return read;
}

const isStoredWord = (word: unknown): boolean =>
  isRecord(word) && ('box' in word || 'charBoxes' in word || 'charRights' in word);

/**
 * The contract's OcrPageResult of a stored OCR layer (null stays null): every word with its
 * `boundingBox` and `chars`, whichever way the page was written.
 */
export function fromStoredOcr<T = Record<string, unknown>>(stored: unknown): T | null {
  if (!isRecord(stored)) return null;
  if (!Array.isArray(stored.entities) || !stored.entities.some(isStoredWord)) return stored as T;
  return { ...stored, entities: stored.entities.map(contractWord) } as T;
}

/** A stored word's edges, whichever way it keeps its box (`box`, or the contract's `boundingBox`); null without one. */
export function storedWordEdges(word: unknown): StoredEdges | null {
  if (!isRecord(word)) return null;
  const edges = edgesBox(word.box);
  if (edges) return { left: edges[0], top: edges[1], right: edges[2], bottom: edges[3] };
  const box = word.boundingBox;
  if (!isRecord(box)) return null;
  const { left, top, right, bottom } = box;
  return typeof left === 'number' && typeof top === 'number' && typeof right === 'number' && typeof bottom === 'number'
    ? { left, top, right, bottom }
    : null;
}
