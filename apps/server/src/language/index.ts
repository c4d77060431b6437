// The language model of this server, when the operator set one (LLM_URL and LLM_MODEL); null means
// the extractive methods (textrank.ts) do the work, offline, and say so in what they produce.
import type { ServerConfig } from '../config.js';
import type { LanguageModel } from './language-model.js';
import { createOpenAiChatModel } from './openai-chat.js';

export { type ChatRole, type ChatTurn, type LanguageModel, LanguageModelError } from './language-model.js';
export { createOpenAiChatModel } from './openai-chat.js';
export { contentWords, questionWords, splitSentences, supportedLanguage } from './sentences.js';
export { type Passage, type RankedSentence, rankSentences, summarise } from './textrank.js';

const byConfig = new WeakMap<ServerConfig, LanguageModel>();

export function languageModelFor(config: ServerConfig): LanguageModel | null {
  if (!config.llmUrl || !config.llmModel) return null;
  let model = byConfig.get(config);
  if (!model) {
    model = createOpenAiChatModel({ url: config.llmUrl, model: config.llmModel, apiKey: config.llmApiKey });
    byConfig.set(config, model);
  }
  return model;
}
