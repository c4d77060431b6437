/**
 * The `task-list` namespace in the five languages, and the typed translate hook. Every language
 * is typed as the English shape, so a missing key fails typecheck (and i18n.test.ts at run time).
 */
import {
  type NamespaceResources,
  registerTranslations,
  type TranslationKey,
  useNamespaceTranslation,
  useReviewdesk,
} from '@reviewdesk/ui';
import { de } from './locales/de';
import { en } from './locales/en';
import { es } from './locales/es';
import { fr } from './locales/fr';
import { pt } from './locales/pt';

/** The namespace of this package's strings. */
export const TASK_LIST_NAMESPACE = 'task-list';

/** A key without its i18next plural suffix: `paging.total_one` and `paging.total_other` are asked for as `paging.total` with a `count`. */
type WithoutPluralSuffix<K extends string> =
  K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base : K;

/**
 * Every key of the namespace (`'tabs.archive'`, …). Counted strings exist as `_zero`, `_one` and
 * `_other` in every language (i18next picks one by the language's plural rules; a `many` falls
 * back to `_other`) and are asked for by their base key.
 */
export type TaskListTranslationKey = WithoutPluralSuffix<TranslationKey<typeof en>>;

/** The namespace in all five languages, bundled: they are small and needed at first paint. */
export const taskListResources: NamespaceResources<typeof en> = { pt, en, de, fr, es };

/** `t` limited to this package's keys. */
export function useTaskListTranslation() {
  return useNamespaceTranslation<TaskListTranslationKey>(TASK_LIST_NAMESPACE);
}

/**
 * Registers the namespace on the provider's own i18n instance, before the first translated render
 * of a screen of this package (`<TaskList>`, `<BatchList>`; stories of inner parts call it too).
 */
export function useTaskListStrings(): void {
  const { i18n } = useReviewdesk();
  if (!i18n.hasResourceBundle('en', TASK_LIST_NAMESPACE))
    registerTranslations(i18n, TASK_LIST_NAMESPACE, taskListResources);
}
