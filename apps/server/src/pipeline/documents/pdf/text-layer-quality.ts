// A text layer can exist and still be useless: fonts without a usable ToUnicode map extract as
// shifted or control characters ("+HUDXVJHEHU\u001d" for "Herausgeber:"). Such pages must be OCR'd.

export interface TextLayerQuality {
  visibleChars: number;
  usable: boolean;
}

/** Control characters other than whitespace, private-use glyphs and the replacement character. */
function isGarbage(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  const control = (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;
  return control || (code >= 0xe000 && code <= 0xf8ff) || code === 0xfffd;
}
const LETTER = /\p{L}/u;
const LATIN_LETTER = /[a-zà-ÿ]/iu;
const VOWEL = /[aeiouyàáâãäåèéêëìíîïòóôõöùúûüæøœ]/iu;
const SPACE = /\s/u;

/** ASCII's share of the tests above, by code, so a page's mostly ASCII text needs no regex per character. */
const ASCII_SPACE = 1;
const ASCII_LETTER = 2;
const ASCII_VOWEL = 4;
const ASCII = new Uint8Array(128).map((_, code) => {
  const char = String.fromCharCode(code);
  return (
    (SPACE.test(char) ? ASCII_SPACE : 0) |
    // Every ASCII letter is a Latin one.
    (LETTER.test(char) ? ASCII_LETTER : 0) |
    (VOWEL.test(char) ? ASCII_VOWEL : 0)
  );
});

/**
 * Judges extracted text. Real prose in Latin-script languages has 30–45% vowels among its letters
 * and no control characters; a shifted encoding drops the vowel share and leaks control codes.
 * Scripts without these vowels (CJK, Cyrillic…) are not judged by the vowel share. One pass over
 * the characters: a page's text layer is judged before it is used.
 */
export function assessTextLayer(text: string): TextLayerQuality {
  let visibleChars = 0;
  let garbage = 0;
  let letters = 0;
  let latinLetters = 0;
  let vowels = 0;
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (code < 128) {
      const kind = ASCII[code] as number;
      if (kind & ASCII_SPACE) continue;
      visibleChars++;
      if (isGarbage(char)) garbage++;
      if (kind & ASCII_LETTER) {
        letters++;
        latinLetters++;
        if (kind & ASCII_VOWEL) vowels++;
      }
      continue;
    }
    if (SPACE.test(char)) continue;
    visibleChars++;
    if (isGarbage(char)) garbage++;
    if (LETTER.test(char)) letters++;
    if (LATIN_LETTER.test(char)) {
      latinLetters++;
      if (VOWEL.test(char)) vowels++;
    }
  }
  if (visibleChars === 0) return { visibleChars, usable: false };
  if (garbage / visibleChars > 0.02) return { visibleChars, usable: false };
  const mostlyLatin = letters > 0 && latinLetters / letters > 0.8;
  if (mostlyLatin && latinLetters >= 40 && vowels / latinLetters < 0.2) return { visibleChars, usable: false };
  return { visibleChars, usable: true };
}
