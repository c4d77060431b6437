/** React bindings for a provider's i18n instance, typed by namespace. */
import { useCallback, useSyncExternalStore } from 'react';
import { useReviewdesk } from '../provider/context';
import { CULTURES, type Language, toLanguage } from './languages';
import type { UiTranslationKey } from './resource-type';
import { UI_NAMESPACE } from './resources';

/** Interpolation values and i18next options (`count`, `defaultValue`, …). */
export type TranslateOptions = Record<string, unknown>;

/** A translate function limited to the keys `K` of one namespace. */
export type Translate<K extends string> = (key: K, options?: TranslateOptions) => string;

/** What the translation hooks return. */
export interface TranslationResult<K extends string> {
  t: Translate<K>;
  /** Current language (`'pt'`, `'en'`, …). */
  language: Language;
  /** Culture for `Intl` formatting (`'pt-PT'`, `'en-US'`, …). */
  culture: string;
}

/**
 * Translations of any namespace, with keys typed by the caller. Feature packages wrap this
 * once with their own key type.
 * @example
 * type TaskListKey = TranslationKey<typeof en>;
 * const { t } = useNamespaceTranslation<TaskListKey>('task-list');
 */
export function useNamespaceTranslation<K extends string>(namespace: string): TranslationResult<K> {
  const { i18n } = useReviewdesk();
  const subscribe = useCallback(
    (onChange: () => void) => {
      i18n.on('languageChanged', onChange);
      return () => i18n.off('languageChanged', onChange);
    },
    [i18n],
  );
  const language = toLanguage(useSyncExternalStore(subscribe, () => i18n.language));
  // Keys are already checked by `K`; i18next's own key typing knows nothing of our namespaces.
  const t = useCallback<Translate<K>>(
    (key, options) =>
      (i18n.t as (key: string, options: TranslateOptions) => string)(key, { ...options, ns: namespace, lng: language }),
    [i18n, namespace, language],
  );
  return { t, language, culture: CULTURES[language] };
}

/** Translations of this package's `ui` namespace, keys typed. */
export function useUiTranslation(): TranslationResult<UiTranslationKey> {
  return useNamespaceTranslation<UiTranslationKey>(UI_NAMESPACE);
}
