// A language model behind the OpenAI chat completions API (POST {LLM_URL}/chat/completions), which
// OpenAI, Azure OpenAI gateways, vLLM, llama.cpp's server, Ollama and LocalAI all speak. The operator
// sets LLM_URL (the base, e.g. https://api.openai.com/v1), LLM_MODEL and LLM_API_KEY when it asks one.
import { type ChatTurn, type LanguageModel, LanguageModelError } from './language-model.js';

export interface OpenAiChatOptions {
  url: string;
  model: string;
  apiKey?: string | undefined;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface Completion {
  choices?: Array<{ message?: { content?: unknown } }>;
  error?: { message?: unknown };
}

export function createOpenAiChatModel(options: OpenAiChatOptions): LanguageModel {
  const base = options.url.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 120_000;
  const http = options.fetch ?? fetch;
  return {
    name: `${options.model} at ${base}`,
    async complete(turns: readonly ChatTurn[], { maxTokens, signal } = {}) {
      const timeout = AbortSignal.timeout(timeoutMs);
      let response: Response;
      try {
        response = await http(`${base}/chat/completions`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: options.model,
            messages: turns,
            temperature: 0.2,
            ...(maxTokens ? { max_tokens: maxTokens } : {}),
          }),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (error) {
        if (timeout.aborted) throw new LanguageModelError(`the language model took longer than ${timeoutMs / 1000} s.`);
        throw new LanguageModelError(
          `the language model at ${base} cannot be reached (${error instanceof Error ? error.message : String(error)}).`,
        );
      }
      const body = (await response.json().catch(() => null)) as Completion | null;
      if (!response.ok) {
        const said = body?.error?.message;
        throw new LanguageModelError(
          `the language model answered ${response.status}${typeof said === 'string' ? `: ${said}` : ''}.`,
        );
      }
      const content = body?.choices?.[0]?.message?.content;
      if (typeof content !== 'string' || content.trim() === '') {
        throw new LanguageModelError('the language model sent no text.');
      }
      return content.trim();
    },
  };
}
