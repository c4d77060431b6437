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
const VOWEL = /[aeiouyàáâãäåèéêëìíîïòóôõöùúûüæøœ]/iu;

/**
 * Judges extracted text. Real prose in Latin-script languages has 30–45% vowels among its letters
 * and no control characters; a shifted encoding drops the vowel share and leaks control codes.
 * Scripts without these vowels (CJK, Cyrillic…) are not judged by the vowel share.
 */
export function assessTextLayer(text: string): TextLayerQuality {
  const visible = text.replace(/\s+/gu, '');
  const visibleChars = [...visible].length;
  if (visibleChars === 0) return { visibleChars, usable: false };
  const garbage = [...visible].filter(isGarbage).length;
  if (garbage / visibleChars > 0.02) return { visibleChars, usable: false };
  const latinLetters = [...visible].filter((char) => /[a-zà-ÿ]/iu.test(char));
  const letters = [...visible].filter((char) => LETTER.test(char));
  const mostlyLatin = letters.length > 0 && latinLetters.length / letters.length > 0.8;
  if (mostlyLatin && latinLetters.length >= 40) {
    const vowels = latinLetters.filter((char) => VOWEL.test(char)).length;
    if (vowels / latinLetters.length < 0.2) return { visibleChars, usable: false };
  }
  return { visibleChars, usable: true };
}
