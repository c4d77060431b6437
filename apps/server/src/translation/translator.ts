// What a translation engine is to the rest of the server: the language pairs it offers and a way to
// translate plain text between them. Translation tasks (product-spec §4: no review in the system)
// are refused at import when the workspace's pair is not offered, and translated page by page in
// post-processing. Below domain/ and pipeline/, which both use it.

/** A direction of translation, as ISO 639-1 codes ("en" → "es"). */
export interface LanguagePair {
  from: string;
  to: string;
}

export interface Translator {
  /** Short name shown with results ("apertium", "http"). */
  readonly name: string;
  /** What the engine is, in a sentence, so a result says honestly where it came from. */
  readonly description: string;
  /** The directions offered; empty when the engine is not configured. */
  pairs(): Promise<LanguagePair[]>;
  /** The text in the other language; paragraphs (blank lines) and line breaks are kept. */
  translate(text: string, pair: LanguagePair, signal?: AbortSignal): Promise<string>;
  /**
   * Several texts (the pages of a document) at once, in order; for an engine whose every call is
   * costly (a process to start), one call for all. Engines without it are called text by text.
   */
  translateMany?(texts: readonly string[], pair: LanguagePair, signal?: AbortSignal): Promise<string[]>;
}

/** The engine cannot translate at all here (no program, no service). */
export class TranslationNotConfiguredError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TranslationNotConfiguredError';
  }
}

/** The engine was asked and failed (a timeout, an error answer, an unsupported pair). */
export class TranslationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TranslationError';
  }
}

/** The language of a culture name or code: "pt-PT" → "pt", "EN" → "en". */
export function languageOf(culture: string): string {
  return culture.trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language' });

/** "English → Spanish" for messages (English: the server's messages are in English). */
export function describePair(pair: LanguagePair): string {
  const name = (code: string) => {
    try {
      return LANGUAGE_NAMES.of(code) ?? code;
    } catch {
      return code;
    }
  };
  return `${name(pair.from)} → ${name(pair.to)}`;
}

export const samePair = (a: LanguagePair, b: LanguagePair) => a.from === b.from && a.to === b.to;

/** The texts through the engine's batch call when it has one, else one by one; in order. */
export async function translateTexts(
  translator: Translator,
  texts: readonly string[],
  pair: LanguagePair,
  signal?: AbortSignal,
): Promise<string[]> {
  if (translator.translateMany) return translator.translateMany(texts, pair, signal);
  const translated: string[] = [];
  for (const text of texts) translated.push(await translator.translate(text, pair, signal));
  return translated;
}
