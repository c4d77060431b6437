// The five cultures the product speaks (spec §9: pt → pt-PT, en → en-US, de → de-DE, fr → fr-FR,
// es → es-ES; pt is the initial language). Shared by the identity pages and the mail a user receives.
export const LANGUAGES = ['pt', 'en', 'de', 'fr', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The product's initial language, for anyone whose language is not known. */
export const DEFAULT_LANGUAGE: Language = 'pt';

export const CULTURES: Readonly<Record<Language, string>> = {
  pt: 'pt-PT',
  en: 'en-US',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
};

/** A supported language from a culture or language tag (`de-DE`, `de`, `DE-at`); undefined otherwise. */
export function languageOfTag(tag: unknown): Language | undefined {
  if (typeof tag !== 'string') return undefined;
  const short = tag.trim().slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(short) ? (short as Language) : undefined;
}
