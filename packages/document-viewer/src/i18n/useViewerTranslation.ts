/** Typed translations of the `document-viewer` namespace. */
import { type TranslationResult, useNamespaceTranslation } from '@reviewdesk/ui';
import { VIEWER_NAMESPACE, type ViewerKey } from './resources.js';

export function useViewerTranslation(): TranslationResult<ViewerKey> {
  return useNamespaceTranslation<ViewerKey>(VIEWER_NAMESPACE);
}
