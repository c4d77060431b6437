/**
 * The `task-list` namespace in the five languages, and the typed translate hook. Every language
 * is typed as the English shape, so a missing key fails typecheck (and i18n.test.ts at run time).
 */
import { type NamespaceResources, type TranslationKey, useNamespaceTranslation } from '@reviewdesk/ui';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { pt } from './pt';

/** The namespace of this package's strings. */
export const TASK_LIST_NAMESPACE = 'task-list';

/** Every key of the namespace (`'tabs.archive'`, …). */
export type TaskListTranslationKey = TranslationKey<typeof en>;

/** The namespace in all five languages, bundled: they are small and needed at first paint. */
export const taskListResources: NamespaceResources<typeof en> = { pt, en, de, fr, es };

/** `t` limited to this package's keys. */
export function useTaskListTranslation() {
  return useNamespaceTranslation<TaskListTranslationKey>(TASK_LIST_NAMESPACE);
}
