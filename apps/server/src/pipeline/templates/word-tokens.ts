// The comparable form of a printed word, shared by the models and the layout grouping.

/** The comparable form of a word: lower case, letters and digits only; must hold a letter. */
export function tokenOf(text: string): string | null {
  const token = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
  return token.length >= 2 && /\p{L}/u.test(token) ? token : null;
}
