import { type TranslationResult, useNamespaceTranslation } from '@reviewdesk/ui';
import { WEB_NAMESPACE, type WebKey } from './resources';

/** Translations of the app's own namespace, keys typed. */
export function useWebTranslation(): TranslationResult<WebKey> {
  return useNamespaceTranslation<WebKey>(WEB_NAMESPACE);
}
