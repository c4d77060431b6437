/** Typed translations of the `transcript-editor` namespace. */
import { type TranslationResult, useNamespaceTranslation } from '@reviewdesk/ui';
import { EDITOR_NAMESPACE, type EditorKey } from './resources.js';

export function useEditorTranslation(): TranslationResult<EditorKey> {
  return useNamespaceTranslation<EditorKey>(EDITOR_NAMESPACE);
}
