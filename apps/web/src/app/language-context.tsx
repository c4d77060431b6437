/**
 * The interface language as app state: the switcher changes it, the ReviewdeskProvider follows
 * it, and it is remembered on the device. A new language's deployment texts are fetched before
 * the switch, so the screen never shows half of the texts in the old language.
 */
import { CULTURES, type Language } from '@reviewdesk/ui';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { storeLanguage } from '../i18n/language';

interface LanguageContextValue {
  language: Language;
  setLanguage: (language: Language) => Promise<void>;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

/** Props of {@link LanguageProvider}. */
export interface LanguageProviderProps {
  initialLanguage: Language;
  /** Loads a language's deployment texts; resolves when they are in the i18n instance. */
  loadTranslations?: (language: Language) => Promise<void>;
  children?: ReactNode;
}

/** Holds the chosen language for the app below it. */
export function LanguageProvider({ initialLanguage, loadTranslations, children }: LanguageProviderProps) {
  const [language, setState] = useState<Language>(initialLanguage);
  const setLanguage = useCallback(
    async (next: Language) => {
      storeLanguage(next);
      await loadTranslations?.(next);
      setState(next);
    },
    [loadTranslations],
  );
  // The document's language too, so the browser (spell-check, hyphenation, screen readers) follows.
  useEffect(() => {
    if (typeof document !== 'undefined') document.documentElement.lang = CULTURES[language];
  }, [language]);
  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

/** The chosen language and the way to change it. */
export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useLanguage must be used inside <LanguageProvider>.');
  return value;
}
