// The PostgreSQL text-search configuration of a language: the five languages of the product stem
// and drop stop words their own way; any other language is indexed word for word (`simple`), which
// still finds exact words.
const CONFIGURATIONS: Record<string, string> = {
  pt: 'portuguese',
  en: 'english',
  de: 'german',
  fr: 'french',
  es: 'spanish',
};

/** Every configuration an entry may carry (a search asks each of them). */
export const SEARCH_CONFIGURATIONS: readonly string[] = [...Object.values(CONFIGURATIONS), 'simple'];

/** `pt-BR`, `en_US`, `EN` → the configuration of the language part; `simple` when unknown. */
export function searchConfigurationOf(languageCode: string | null | undefined): string {
  const language = (languageCode ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return CONFIGURATIONS[language] ?? 'simple';
}
