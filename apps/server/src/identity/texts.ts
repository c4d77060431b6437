// Texts of the server-rendered identity pages in the five cultures (locales/*.ts); English defines
// the keys, each other culture must fill every one of them (the type checker says which is missing).
import type { PageLanguage } from './culture.js';
import { de } from './locales/de.js';
import { en } from './locales/en.js';
import { es } from './locales/es.js';
import { fr } from './locales/fr.js';
import { pt } from './locales/pt.js';

export type PageTexts = { [K in keyof typeof en]: string };

const texts: Readonly<Record<PageLanguage, PageTexts>> = { pt, en, de, fr, es };

export function textsFor(language: PageLanguage): PageTexts {
  return texts[language];
}
