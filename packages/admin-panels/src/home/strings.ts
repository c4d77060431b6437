/** The strings of Home: its section of the namespace and the common strings, in five languages. */
import { homeDe } from '../i18n/locales/home/de';
import { homeEn } from '../i18n/locales/home/en';
import { homeEs } from '../i18n/locales/home/es';
import { homeFr } from '../i18n/locales/home/fr';
import { homePt } from '../i18n/locales/home/pt';
import { screenStrings } from '../i18n/resources';

export const homeStrings = screenStrings({
  pt: { home: homePt },
  en: { home: homeEn },
  de: { home: homeDe },
  fr: { home: homeFr },
  es: { home: homeEs },
});
