/**
 * The `docai` namespace: the strings of the DocAI chat, in the five languages. Registered on the
 * provider's i18n instance the first time a chat is shown, so only hosts of an editor with DocAI
 * carry them.
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

export const DOCAI_NAMESPACE = 'docai';

/** The shape every language must provide. */
export type DocAiResource = TranslationShape<typeof en>;
export type DocAiKey = TranslationKey<typeof en>;

export const docAiResources: NamespaceResources = { pt, en, de, fr, es };

export function useDocAiTranslation(): TranslationResult<DocAiKey> {
  const { i18n } = useReviewdesk();
  if (!i18n.hasResourceBundle('en', DOCAI_NAMESPACE)) {
    registerTranslations(i18n, DOCAI_NAMESPACE, docAiResources);
  }
  return useNamespaceTranslation<DocAiKey>(DOCAI_NAMESPACE);
}
