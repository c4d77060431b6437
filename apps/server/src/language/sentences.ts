// Sentences and words of a text in its language. Sentence boundaries come from ICU's segmenter
// (Intl.Segmenter, built into Node), which knows quotes and decimal points but not abbreviations
// (V8 does not take ICU's per-language suppressions), so a break after a title or abbreviation of
// the language ("Dr.", "z.B.", "Sra.") is joined again. Stop words come from the `stopwords-iso`
// lists for pt, en, de, fr and es.
import stopwords from 'stopwords-iso';

const LANGUAGES = ['en', 'pt', 'de', 'fr', 'es'] as const;

/** Abbreviations after which a full stop does not end a sentence, lower case without the last dot. */
const ABBREVIATIONS: Record<string, ReadonlySet<string>> = {
  en: new Set([
    'mr',
    'mrs',
    'ms',
    'dr',
    'prof',
    'st',
    'jr',
    'sr',
    'vs',
    'e.g',
    'i.e',
    'inc',
    'ltd',
    'co',
    'no',
    'approx',
  ]),
  pt: new Set([
    'sr',
    'sra',
    'srta',
    'dr',
    'dra',
    'prof',
    'profa',
    'av',
    'ex',
    'n.º',
    'nº',
    'lda',
    'eng',
    'pág',
    'v.ex',
  ]),
  de: new Set([
    'hr',
    'fr',
    'dr',
    'prof',
    'nr',
    'z.b',
    'u.a',
    'bzw',
    'ca',
    'usw',
    'vgl',
    'str',
    'd.h',
    'ggf',
    'inkl',
    'evtl',
  ]),
  fr: new Set(['m', 'mme', 'mlle', 'dr', 'pr', 'prof', 'p.ex', 'av', 'bd', 'st', 'ste', 'no', 'env', 'cf']),
  es: new Set([
    'sr',
    'sra',
    'srta',
    'dr',
    'dra',
    'prof',
    'ud',
    'uds',
    'av',
    'pág',
    'núm',
    'n.º',
    'aprox',
    'p.ej',
    'lic',
  ]),
};

const STOP_WORDS: Record<string, readonly string[]> = Object.fromEntries(
  LANGUAGES.map((language) => [language, stopwords[language] ?? []]),
);

const stopSets = new Map<string, Set<string>>();

/** The language of a culture name: "pt-PT" → "pt"; languages without a list read as English. */
export function supportedLanguage(culture: string | null | undefined): string {
  const language = (culture ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return language in STOP_WORDS ? language : 'en';
}

export function stopWordsOf(language: string): Set<string> {
  const key = supportedLanguage(language);
  let set = stopSets.get(key);
  if (!set) {
    set = new Set((STOP_WORDS[key] ?? []).map((word) => word.toLowerCase()));
    stopSets.set(key, set);
  }
  return set;
}

/** Whether `segment` ends with an abbreviation of the language or an initial ("J."), not a sentence. */
function endsWithAbbreviation(segment: string, language: string): boolean {
  const match = /(?:^|\s)([\p{L}.º]+)\.$/u.exec(segment.trim());
  if (!match?.[1]) return false;
  const word = match[1].toLowerCase();
  return (ABBREVIATIONS[language] ?? ABBREVIATIONS.en)?.has(word) === true || /^\p{Lu}$/u.test(match[1]);
}

/** The sentences of `text`, trimmed, in order. */
export function splitSentences(text: string, language: string): string[] {
  const key = supportedLanguage(language);
  const segmenter = new Intl.Segmenter(key, { granularity: 'sentence' });
  const sentences: string[] = [];
  let pending = '';
  for (const part of segmenter.segment(text.replace(/\s+/g, ' '))) {
    pending += part.segment;
    if (endsWithAbbreviation(pending, key)) continue;
    sentences.push(pending.trim());
    pending = '';
  }
  if (pending.trim()) sentences.push(pending.trim());
  return sentences.filter((sentence) => /\p{L}|\p{N}/u.test(sentence));
}

/** The content words of a text: lower case, letters and digits, stop words left out. */
export function contentWords(text: string, language: string): string[] {
  const stop = stopWordsOf(language);
  const segmenter = new Intl.Segmenter(supportedLanguage(language), { granularity: 'word' });
  const found: string[] = [];
  for (const part of segmenter.segment(text.toLowerCase())) {
    if (!part.isWordLike) continue;
    const word = part.segment.normalize('NFC');
    if (word.length < 2 && !/\d/.test(word)) continue;
    if (stop.has(word)) continue;
    found.push(word);
  }
  return found;
}

/**
 * The content words of a short question whose language is not known (a person may ask in another
 * language than the document's): the question is read in the language whose stop words it uses
 * most ("What is the total?" in English), else in `fallback`.
 */
export function questionWords(text: string, fallback: string): string[] {
  const segmenter = new Intl.Segmenter('en', { granularity: 'word' });
  const words = [...segmenter.segment(text.toLowerCase())]
    .filter((part) => part.isWordLike)
    .map((part) => part.segment);
  let best = supportedLanguage(fallback);
  let bestCount = 0;
  for (const language of LANGUAGES) {
    const stop = stopWordsOf(language);
    const count = words.filter((word) => stop.has(word)).length;
    if (count > bestCount) {
      best = language;
      bestCount = count;
    }
  }
  return contentWords(text, best);
}
