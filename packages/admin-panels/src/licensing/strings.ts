/** The strings of Licensing: its section of the namespace and the common strings, in five languages. */
import { licensingDe } from '../i18n/locales/licensing/de';
import { licensingEn } from '../i18n/locales/licensing/en';
import { licensingEs } from '../i18n/locales/licensing/es';
import { licensingFr } from '../i18n/locales/licensing/fr';
import { licensingPt } from '../i18n/locales/licensing/pt';
import { screenStrings } from '../i18n/resources';

export const licensingStrings = screenStrings({
  pt: { licensing: licensingPt },
  en: { licensing: licensingEn },
  de: { licensing: licensingDe },
  fr: { licensing: licensingFr },
  es: { licensing: licensingEs },
});
