/**
 * `@reviewdesk/ui/docai`: the DocAI chat (product-spec §1) both editors show — questions about a
 * task answered from its own text, with the passages cited; each editor says what a citation is
 * called and what opening it does. Kept off ui's main entry with its own strings.
 */
export { DocAiChat, type DocAiChatProps } from './DocAiChat';
export {
  DOCAI_NAMESPACE,
  type DocAiKey,
  type DocAiResource,
  docAiResources,
  useDocAiTranslation,
} from './i18n';
export {
  type ChatReference,
  type DocAiTurn,
  docAiConfiguredQuery,
  useDocAi,
  useDocAiConfigured,
} from './useDocAi';
