/**
 * Texts a deployment may change without rebuilding: `/assets/data/locales/{lng}/translations.json`
 * (served from apps/web/public). Each file is a partial `web` namespace and wins over the bundled
 * strings. A missing or broken file only costs the overrides, never the start-up.
 */
import type { Language, ReviewdeskI18n } from '@reviewdesk/ui';
import { WEB_NAMESPACE } from './resources';

/** Where the translations file of `language` is served. */
export function deploymentTranslationsUrl(language: Language, base = '/'): string {
  return `${base.replace(/\/+$/, '')}/assets/data/locales/${language}/translations.json`;
}

/** Loads one language's file (once per instance and language) and merges it over the bundled strings. */
export function createDeploymentTranslationsLoader(
  i18n: ReviewdeskI18n,
  options: { fetch?: typeof fetch; base?: string } = {},
): (language: Language) => Promise<void> {
  const loaded = new Map<Language, Promise<void>>();
  return (language) => {
    let pending = loaded.get(language);
    if (!pending) {
      pending = (async () => {
        const doFetch = options.fetch ?? globalThis.fetch;
        try {
          const response = await doFetch(deploymentTranslationsUrl(language, options.base), {
            headers: { accept: 'application/json' },
          });
          if (!response.ok) return;
          const texts: unknown = await response.json();
          if (typeof texts !== 'object' || texts === null || Array.isArray(texts)) return;
          // deep merge, overwrite: the deployment's text beats the bundled one.
          i18n.addResourceBundle(language, WEB_NAMESPACE, texts, true, true);
        } catch (error) {
          console.warn(`Reviewdesk: the translations of '${language}' could not be loaded.`, error);
        }
      })();
      loaded.set(language, pending);
    }
    return pending;
  };
}
