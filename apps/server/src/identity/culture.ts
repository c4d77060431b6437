// Which of the five cultures an identity page speaks (spec §9): a culture picked on the page itself
// (`?lang=`), else the one the app asks for (OpenID Connect `ui_locales`, then the culture cookie
// the app sets), else the browser's Accept-Language, else Portuguese, the product's initial language.
import { CULTURES, LANGUAGES, type Language, languageOfTag } from '../formats/cultures.js';

export const PAGE_LANGUAGES = LANGUAGES;
export type PageLanguage = Language;
export const PAGE_CULTURES = CULTURES;
export { languageOfTag };

/** Each culture's own name, as the culture switch lists it. */
export const CULTURE_NAMES: Readonly<Record<PageLanguage, string>> = {
  pt: 'Português',
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
};

/**
 * The culture cookie shared by the app and these pages, in ASP.NET Core's format
 * (`c=<culture>|uic=<ui culture>`, URL-encoded); a bare culture (`de-DE`, `de`) is read too.
 */
export const CULTURE_COOKIE = '.AspNetCore.Culture';

/** The first supported language of a space-separated `ui_locales` list. */
export function languageOfUiLocales(uiLocales: unknown): PageLanguage | undefined {
  if (typeof uiLocales !== 'string') return undefined;
  for (const tag of uiLocales.split(/\s+/)) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return undefined;
}

/** The language of the culture cookie value, read from a Cookie header. */
export function languageOfCookie(cookieHeader: string | undefined): PageLanguage | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== CULTURE_COOKIE) continue;
    let value = part.slice(eq + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      return undefined;
    }
    const uiCulture = /(?:^|\|)uic=([^|]+)/.exec(value)?.[1] ?? /(?:^|\|)c=([^|]+)/.exec(value)?.[1] ?? value;
    return languageOfTag(uiCulture);
  }
  return undefined;
}

/** The best supported language of an Accept-Language header, by its q weights. */
export function languageOfAcceptLanguage(header: string | undefined): PageLanguage | undefined {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = Number(/q=([\d.]+)/.exec(params.join(';'))?.[1] ?? 1);
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return undefined;
}

export interface LanguageSources {
  /** `?lang=` (or the form field): the culture switch on the page. */
  picked?: unknown;
  /** `ui_locales` of the authorization or end-session request. */
  uiLocales?: unknown;
  cookieHeader?: string | undefined;
  acceptLanguage?: string | undefined;
}

export function pickLanguage(sources: LanguageSources): PageLanguage {
  return (
    languageOfTag(sources.picked) ??
    languageOfUiLocales(sources.uiLocales) ??
    languageOfCookie(sources.cookieHeader) ??
    languageOfAcceptLanguage(sources.acceptLanguage) ??
    'pt'
  );
}

/** The Set-Cookie value that remembers a culture picked on a page (the app reads the same cookie). */
export function cultureCookie(language: PageLanguage, secure: boolean): string {
  const culture = PAGE_CULTURES[language];
  const value = encodeURIComponent(`c=${culture}|uic=${culture}`);
  return `${CULTURE_COOKIE}=${value}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`;
}
