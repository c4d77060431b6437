// Printed words made comparable across pages, shared by the models and the layout grouping: their
// tokens, the words a page prints once, and the median that fits places robustly.

/** The comparable form of a word: lower case, letters and digits only; must hold a letter. */
export function tokenOf(text: string): string | null {
  const token = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
  return token.length >= 2 && /\p{L}/u.test(token) ? token : null;
}

/** Words of a page by token, only those that occur once on it. */
export function uniqueWords<W extends { text: string }>(words: readonly W[]): Map<string, W> {
  const seen = new Map<string, W | null>();
  for (const word of words) {
    const token = tokenOf(word.text);
    if (!token) continue;
    seen.set(token, seen.has(token) ? null : word);
  }
  return new Map([...seen].filter((entry): entry is [string, W] => entry[1] !== null));
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  if (sorted.length === 0) return 0;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
