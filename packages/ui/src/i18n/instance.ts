/**
 * One i18next instance per provider (never the global `i18next` default instance), so two
 * embedded Reviewdesk surfaces on one page can show different languages.
 */
import { createInstance, type i18n as I18n } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, toLanguage } from './languages';
import { UI_NAMESPACE, uiResources } from './resources';

/** The i18next instance type, re-exported so hosts need no direct i18next import. */
export type ReviewdeskI18n = I18n;

/** Options of {@link createReviewdeskI18n}. */
export interface CreateI18nOptions {
  /**
   * Initial language; anything outside the five supported ones falls back to Portuguese.
   * @default 'pt'
   */
  language?: string;
}

/**
 * Creates a fresh, synchronously initialised i18next instance with the `ui` namespace loaded
 * in all five languages.
 * @example
 * const i18n = createReviewdeskI18n({ language: 'en' });
 * i18n.t('ui:taskStatus.ToReview'); // 'To review'
 */
export function createReviewdeskI18n(options: CreateI18nOptions = {}): ReviewdeskI18n {
  const instance = createInstance();
  // initAsync: false because every bundled resource is already in memory; the first render
  // must not flash keys.
  void instance.init({
    lng: toLanguage(options.language ?? DEFAULT_LANGUAGE),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [UI_NAMESPACE],
    defaultNS: UI_NAMESPACE,
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
    resources: Object.fromEntries(LANGUAGES.map((lng) => [lng, { [UI_NAMESPACE]: uiResources[lng] }])),
  });
  return instance;
}

/** Per-language resources a feature package contributes under its own namespace. */
export type NamespaceResources<T extends object = object> = Readonly<Record<Language, T>>;

/**
 * Adds a feature package's namespace to a provider's i18n instance. Safe to call on every
 * mount: existing keys are kept and deep-merged, so the host may override strings first.
 * @example
 * registerTranslations(i18n, 'task-list', { pt, en, de, fr, es });
 */
export function registerTranslations(i18n: ReviewdeskI18n, namespace: string, resources: NamespaceResources): void {
  for (const lng of LANGUAGES) {
    // deep = true, overwrite = false: host-provided overrides win over package defaults.
    i18n.addResourceBundle(lng, namespace, resources[lng], true, false);
  }
}
