// A translation service over HTTP, for operators who run one (or buy one) for the pairs Apertium
// does not cover: the LibreTranslate API (GET /languages, POST /translate), which self-hosted
// LibreTranslate and several commercial gateways speak. Set TRANSLATION_URL (and TRANSLATION_API_KEY).
import {
  type LanguagePair,
  languageOf,
  TranslationError,
  TranslationNotConfiguredError,
  type Translator,
} from './translator.js';

export interface HttpTranslatorOptions {
  url: string;
  apiKey?: string | undefined;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface LanguageEntry {
  code?: unknown;
  targets?: unknown;
}

export function createHttpTranslator(options: HttpTranslatorOptions): Translator {
  const base = options.url.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 120_000;
  const http = options.fetch ?? fetch;
  let listed: Promise<LanguagePair[]> | null = null;

  async function call(path: string, init: RequestInit, signal?: AbortSignal): Promise<unknown> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await http(`${base}${path}`, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    } catch (error) {
      if (timeout.aborted) throw new TranslationError(`the translation service took longer than ${timeoutMs / 1000} s.`);
      throw new TranslationNotConfiguredError(
        `the translation service at ${base} cannot be reached (${error instanceof Error ? error.message : String(error)}).`,
      );
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const said = (body as { error?: unknown } | null)?.error;
      throw new TranslationError(
        `the translation service answered ${response.status}${typeof said === 'string' ? `: ${said}` : ''}.`,
      );
    }
    return body;
  }

  return {
    name: 'http',
    description: `Translation service at ${base} (LibreTranslate API)`,
    pairs() {
      listed ??= call('/languages', { method: 'GET' })
        .then((body) => {
          if (!Array.isArray(body)) throw new TranslationError('the translation service listed no languages.');
          return (body as LanguageEntry[]).flatMap((entry) => {
            if (typeof entry.code !== 'string' || !Array.isArray(entry.targets)) return [];
            const from = languageOf(entry.code);
            return entry.targets
              .filter((target): target is string => typeof target === 'string')
              .map((target) => ({ from, to: languageOf(target) }))
              .filter((pair) => pair.from !== pair.to);
          });
        })
        .catch((error: unknown) => {
          listed = null;
          throw error;
        });
      return listed;
    },
    async translate(text, pair, signal) {
      if (text.trim() === '') return text;
      const body = await call(
        '/translate',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            q: text,
            source: pair.from,
            target: pair.to,
            format: 'text',
            ...(options.apiKey ? { api_key: options.apiKey } : {}),
          }),
        },
        signal,
      );
      const translated = (body as { translatedText?: unknown } | null)?.translatedText;
      if (typeof translated !== 'string') throw new TranslationError('the translation service sent no translatedText.');
      return translated;
    },
  };
}
