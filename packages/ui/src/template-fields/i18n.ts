/**
 * The `template-fields` namespace: the strings of the template field list and form, in the five
 * languages. Registered on the provider's i18n instance the first time a screen asks for it, so
 * only the screens that show template fields carry them.
 */

import type { NamespaceResources } from '../i18n/instance';
import { registerTranslations } from '../i18n/instance';
import type { TranslationKey, TranslationShape } from '../i18n/keys';
import { type TranslationResult, useNamespaceTranslation } from '../i18n/useTranslation';
import { useReviewdesk } from '../provider/context';
import { de } from './locales/de';
import { en } from './locales/en';
import { es } from './locales/es';
import { fr } from './locales/fr';
import { pt } from './locales/pt';

export const TEMPLATE_FIELDS_NAMESPACE = 'template-fields';

/** The shape every language must provide. */
export type TemplateFieldsResource = TranslationShape<typeof en>;
export type TemplateFieldsKey = TranslationKey<typeof en>;

export const templateFieldsResources: NamespaceResources = { pt, en, de, fr, es };

export function useTemplateFieldsTranslation(): TranslationResult<TemplateFieldsKey> {
  const { i18n } = useReviewdesk();
  if (!i18n.hasResourceBundle('en', TEMPLATE_FIELDS_NAMESPACE)) {
    registerTranslations(i18n, TEMPLATE_FIELDS_NAMESPACE, templateFieldsResources);
  }
  return useNamespaceTranslation<TemplateFieldsKey>(TEMPLATE_FIELDS_NAMESPACE);
}
