/** The `transcript-editor` namespace in the five languages, typed by the English shape. */
import type { NamespaceResources, TranslationKey } from '@reviewdesk/ui';
import { de } from './locales/de.js';
import { en } from './locales/en.js';
import { es } from './locales/es.js';
import { fr } from './locales/fr.js';
import { pt } from './locales/pt.js';

export const EDITOR_NAMESPACE = 'transcript-editor';

export const editorResources: NamespaceResources = { pt, en, de, fr, es };

/**
 * Every key of the namespace (`'toolbar.finish'`, …), and the counted strings by their base key:
 * i18next picks `summary.cost_one` / `summary.cost_other` by the culture's plural rule for `count`.
 */
export type EditorKey = TranslationKey<typeof en> | 'summary.cost';
