// What a language model is to the rest of the server: a chat completion over a short conversation.
// Summaries and the DocAI assistant use one when the operator configured a service (LLM_URL); without
// one they fall back to the extractive methods beside this file, which quote the task's own text.
// Below domain/ and pipeline/, which both use it.

export type ChatRole = 'system' | 'user' | 'assistant';

export interface ChatTurn {
  role: ChatRole;
  content: string;
}

export interface LanguageModel {
  /** Short name shown with results ("gpt-4o-mini at https://llm.example"). */
  readonly name: string;
  /** The model's answer to the conversation. */
  complete(turns: readonly ChatTurn[], options?: { maxTokens?: number; signal?: AbortSignal }): Promise<string>;
}

/** The service was asked and failed (unreachable, a timeout, an error answer, no text in the answer). */
export class LanguageModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LanguageModelError';
  }
}
