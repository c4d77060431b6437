/**
 * The five interface languages and the culture each one formats dates and numbers with
 * (spec §9). Portuguese is the initial language.
 */
export const LANGUAGES = ['pt', 'en', 'de', 'fr', 'es'] as const;

/** A supported interface language (i18next `lng`). */
export type Language = (typeof LANGUAGES)[number];

/** Language → culture used for `Intl` formatting. */
export const CULTURES: Readonly<Record<Language, string>> = {
  pt: 'pt-PT',
  en: 'en-US',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
};

/** The language a provider starts in when the host does not choose one. */
export const DEFAULT_LANGUAGE: Language = 'pt';

/** Narrows any string (a host's locale, `navigator.language`) to a supported language. */
export function toLanguage(value: string | null | undefined): Language {
  const short = value?.slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(short ?? '') ? (short as Language) : DEFAULT_LANGUAGE;
}
