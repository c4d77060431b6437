/**
 * The `transcript-editor` namespace in the five languages, typed by the English shape. English
 * ships with the editor (every language's shape and the fallback); the four others are loaded
 * the first time an editor is shown in them (useEditorStrings.ts), so a host pays for the
 * strings of the language it shows and not for five.
 */
import type { Language, NamespaceResources, TranslationKey } from '@reviewdesk/ui';
import { en } from './locales/en.js';

export const EDITOR_NAMESPACE = 'transcript-editor';

/** The English strings, in the bundle. */
export const englishStrings = en;

const OTHER_LANGUAGES: Record<Exclude<Language, 'en'>, () => Promise<object>> = {
  pt: () => import('./locales/pt.js').then((module) => module.pt),
  de: () => import('./locales/de.js').then((module) => module.de),
  fr: () => import('./locales/fr.js').then((module) => module.fr),
  es: () => import('./locales/es.js').then((module) => module.es),
};

/** The namespace's strings in one language (loaded on demand unless English). */
export function loadEditorStrings(language: Language): Promise<object> {
  return language === 'en' ? Promise.resolve(en) : OTHER_LANGUAGES[language]();
}

/**
 * The namespace in all five languages, for a host that registers or overrides them itself
 * (the editor registers what it shows on its own).
 */
export async function loadEditorResources(): Promise<NamespaceResources> {
  const [pt, de, fr, es] = await Promise.all([
    OTHER_LANGUAGES.pt(),
    OTHER_LANGUAGES.de(),
    OTHER_LANGUAGES.fr(),
    OTHER_LANGUAGES.es(),
  ]);
  return { pt, en, de, fr, es };
}

/**
 * Every key of the namespace (`'toolbar.finish'`, …), and the counted strings by their base key:
 * i18next picks `summary.cost_one` / `summary.cost_other` by the culture's plural rule for `count`.
 */
export type EditorKey = TranslationKey<typeof en> | 'summary.cost' | 'announce.replaced';
