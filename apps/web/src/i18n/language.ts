/**
 * The interface language the user picked, remembered on this device. It is kept apart from the
 * ui package's per-user preferences because the language must apply before anyone signs in
 * (the sign-in and logged-out pages are translated too), when there is no user id yet.
 */
import { CULTURES, DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@reviewdesk/ui';

/** The localStorage key of the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'reviewdesk-web:language';

type LanguageStorage = Pick<Storage, 'getItem' | 'setItem'>;

function defaultStorage(): LanguageStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // blocked storage (sandboxed iframe, privacy mode) must not break start-up
  }
}

/** The stored language, or the product's initial language (pt) when none or an unknown one is stored. */
export function readStoredLanguage(storage: LanguageStorage | null = defaultStorage()): Language {
  try {
    const value = storage?.getItem(LANGUAGE_STORAGE_KEY);
    return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/**
 * The culture cookie the server reads to speak the app's language — its sign-in pages, and the
 * headings of a Word export or a mail a call sends (value: a culture of `CULTURES`, e.g. `de-DE`;
 * the server's pages write the same cookie in ASP.NET Core's `c=…|uic=…` form). The
 * sign-in request also carries the language as `ui_locales`.
 */
export const CULTURE_COOKIE = '.AspNetCore.Culture';

/** Writes the culture cookie for the server's pages (a year, whole site, not sent cross-site). */
export function writeCultureCookie(
  language: Language,
  doc: Pick<Document, 'cookie'> | undefined = globalThis.document,
) {
  if (!doc) return;
  doc.cookie = `${CULTURE_COOKIE}=${CULTURES[language]}; path=/; max-age=31536000; samesite=lax`;
}

/** Remembers the language for the next visit, and tells the server's sign-in pages. */
export function storeLanguage(language: Language, storage: LanguageStorage | null = defaultStorage()): void {
  writeCultureCookie(language);
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Quota or blocked storage: the choice still holds for this visit.
  }
}
