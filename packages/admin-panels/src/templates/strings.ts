/** The strings of TemplateList: its section of the namespace and the common strings, in five languages. */
import { templatesDe } from '../i18n/locales/templates/de';
import { templatesEn } from '../i18n/locales/templates/en';
import { templatesEs } from '../i18n/locales/templates/es';
import { templatesFr } from '../i18n/locales/templates/fr';
import { templatesPt } from '../i18n/locales/templates/pt';
import { screenStrings } from '../i18n/resources';

export const templatesStrings = screenStrings({
  pt: { templates: templatesPt },
  en: { templates: templatesEn },
  de: { templates: templatesDe },
  fr: { templates: templatesFr },
  es: { templates: templatesEs },
});
