/**
 * Puts the editor's strings on the provider's i18next instance: English at once (the fallback),
 * the language being shown as soon as it has loaded — again when the host switches language.
 * Answers whether the strings of the language shown are there, so the editor can wait for them
 * instead of flashing English. A host's own overrides of the namespace keep winning.
 */
import { useReviewdesk } from '@reviewdesk/ui';
import { useEffect, useState } from 'react';
import { EDITOR_NAMESPACE, englishStrings, loadEditorStrings } from './resources.js';
import { useEditorTranslation } from './useEditorTranslation.js';

/** A key every language has: present once the package's strings of that language are registered. */
const PROBE = 'editor.label';

export function useEditorStrings(): boolean {
  const { i18n } = useReviewdesk();
  // During render (idempotent) so the first paint already has the English strings.
  if (i18n.getResource('en', EDITOR_NAMESPACE, PROBE) === undefined) {
    i18n.addResourceBundle('en', EDITOR_NAMESPACE, englishStrings, true, false);
  }
  const { language } = useEditorTranslation();
  const present = () => i18n.getResource(language, EDITOR_NAMESPACE, PROBE) !== undefined;
  /** The last language whose loading ended (loaded, or failed: then English shows). */
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    if (i18n.getResource(language, EDITOR_NAMESPACE, PROBE) !== undefined) return;
    let live = true;
    void loadEditorStrings(language)
      .then((strings) => {
        // deep = true, overwrite = false: what a host put there first wins.
        i18n.addResourceBundle(language, EDITOR_NAMESPACE, strings, true, false);
      })
      // A language that cannot load shows English rather than nothing.
      .catch(() => undefined)
      .finally(() => {
        if (live) setSettled(language);
      });
    return () => {
      live = false;
    };
  }, [i18n, language]);
  return present() || settled === language;
}
