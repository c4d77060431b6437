// Person names anywhere in running text ("signed by Robert Miller on behalf of…"), found by the
// compromise family of part-of-speech taggers, each with its own lexicon of given names and
// surnames: compromise (English), fr-compromise, es-compromise and de-compromise. Portuguese has
// no such model; its names are found only after a title or a label (detect-pii.ts).
//
// The French, Spanish and German models are younger than the English one and often tag one word
// of a name ("Sophie" of "Sophie Laurent"), so a tagged word is a seed: the name is the run of
// capitalised words around it on the same line. A run of one word or one followed by a legal
// form ("Weber GmbH") is not taken: too weak to black out on its own.
import { createRequire } from 'node:module';
import { COMPANY_FORM, NAME_WORD, NOT_NAMES, PARTICLE } from './name-words.js';

export interface NameSpan {
  offset: number;
  length: number;
  confidence: number;
}

type Tagger = (text: string) => {
  match: (pattern: string) => {
    json: (options: { offset: true }) => Array<{ offset?: { start: number; length: number } }>;
  };
};

// Each package is loaded the first time a document of its language is read (each takes a while
// to load; most processes never read one). The French, Spanish and German packages ship their
// types as TypeScript sources that do not compile under this project's settings (or none at
// all), so all four are taken untyped, through the shape above.
const load = createRequire(import.meta.url);
const PACKAGES: Record<string, string> = {
  en: 'compromise',
  fr: 'fr-compromise',
  es: 'es-compromise',
  de: 'de-compromise',
};
const loaded = new Map<string, Tagger>();

function taggerFor(language: string): Tagger {
  let tagger = loaded.get(language);
  if (!tagger) {
    const module = load(PACKAGES[language] as string) as Tagger | { default: Tagger };
    tagger = typeof module === 'function' ? module : module.default;
    loaded.set(language, tagger);
  }
  return tagger;
}

/** ISO 639-1 or -2 codes, with or without a region ("en-GB", "deu"), to the tagger's language. */
const LANGUAGE_ALIASES: Record<string, string> = { eng: 'en', fra: 'fr', fre: 'fr', spa: 'es', deu: 'de', ger: 'de' };

export function taggerLanguages(languages: readonly string[]): string[] {
  const codes = languages.map((code) => {
    const base = code.toLowerCase().split(/[-_]/)[0] ?? '';
    return LANGUAGE_ALIASES[base] ?? base;
  });
  return [...new Set(codes)].filter((code) => code in PACKAGES);
}

/**
 * Names the taggers of the document's languages find. The page is tagged whole (a third faster
 * than line by line) and each tagged name grown into the words of its own line: a name never
 * spans lines.
 */
export function lexiconNames(text: string, languages: readonly string[]): NameSpan[] {
  const out: NameSpan[] = [];
  const seen = new Set<number>();
  for (const language of taggerLanguages(languages)) {
    const tag = taggerFor(language);
    for (const match of tag(text).match('#Person+').json({ offset: true })) {
      if (!match.offset) continue;
      const lineStart = text.lastIndexOf('\n', match.offset.start) + 1;
      const newline = text.indexOf('\n', match.offset.start);
      const lineEnd = newline < 0 ? text.length : newline;
      const line = text.slice(lineStart, lineEnd);
      const from = match.offset.start - lineStart;
      const to = Math.min(match.offset.start + match.offset.length, lineEnd) - lineStart;
      const span = nameAround(line, from, to);
      if (!span || seen.has(lineStart + span.offset)) continue;
      seen.add(lineStart + span.offset);
      out.push({ ...span, offset: lineStart + span.offset });
    }
  }
  return out;
}

interface Word {
  text: string;
  start: number;
  end: number;
}

const bare = (word: string) => word.replace(/^[("“‘«]+|[.,;:!?)"”’»]+$/gu, '');

/** The run of name words on the line that holds the tagged words [from, to), or null. */
function nameAround(line: string, from: number, to: number): NameSpan | null {
  const words: Word[] = [...line.matchAll(/\S+/gu)].map((m) => ({
    text: m[0],
    start: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
  }));
  const first = words.findIndex((word) => word.end > from);
  let last = words.findIndex((word) => word.end >= to);
  if (first < 0 || last < first) return null;
  const isName = (word: Word | undefined) =>
    word !== undefined && NAME_WORD.test(bare(word.text)) && !NOT_NAMES.has(bare(word.text).toLowerCase());
  for (let i = first; i <= last; i++) if (!isName(words[i]) && !PARTICLE.test(words[i]?.text ?? '')) return null;
  let start = first;
  // Back over capitalised words that do not open a sentence and are not cut off by punctuation.
  while (start > 0 && isName(words[start - 1]) && !/[.,;:!?]$/u.test(words[start - 1]?.text ?? '')) {
    const before = words[start - 2];
    if (!before || /[.!?:]$/u.test(before.text)) break;
    start--;
  }
  // Forward while the word before does not end in punctuation (a comma or full stop ends the name).
  while (
    last + 1 < words.length &&
    !/[.,;:!?)]$/u.test(words[last]?.text ?? '') &&
    (isName(words[last + 1]) || (PARTICLE.test(words[last + 1]?.text ?? '') && isName(words[last + 2]))) &&
    last - start < 4
  )
    last++;
  const next = words[last + 1];
  if (next && COMPANY_FORM.test(bare(next.text)) && !/[.,;:]$/u.test(words[last]?.text ?? '')) return null;
  const nameWords = words.slice(start, last + 1).filter((word) => isName(word));
  if (nameWords.length < 2) return null;
  const end = (words[last] as Word).start + bare((words[last] as Word).text).length;
  const opening = words[start] as Word;
  const offset = opening.start + (opening.text.length - opening.text.replace(/^[("“‘«]+/u, '').length);
  return { offset, length: end - offset, confidence: 0.75 };
}
