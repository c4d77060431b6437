// The translation engine of this server: a translation service when the operator configured one
// (TRANSLATION_URL), else Apertium from Debian's packages; one per configuration.
import type { ServerConfig } from '../config.js';
import { createApertiumTranslator } from './apertium.js';
import { createHttpTranslator } from './http-translator.js';
import { describePair, type LanguagePair, type Translator } from './translator.js';

export { createApertiumTranslator, pairOfMode } from './apertium.js';
export { createHttpTranslator } from './http-translator.js';
export {
  describePair,
  type LanguagePair,
  languageOf,
  samePair,
  TranslationError,
  TranslationNotConfiguredError,
  type Translator,
  translateTexts,
} from './translator.js';

const byConfig = new WeakMap<ServerConfig, Translator>();

export function translatorFor(config: ServerConfig): Translator {
  let translator = byConfig.get(config);
  if (!translator) {
    translator = config.translationUrl
      ? createHttpTranslator({ url: config.translationUrl, apiKey: config.translationApiKey })
      : createApertiumTranslator();
    byConfig.set(config, translator);
  }
  return translator;
}

/** "English → Spanish, Spanish → Portuguese …" for a refusal that tells what is possible. */
export function describePairs(pairs: LanguagePair[]): string {
  return pairs.length === 0 ? 'none' : pairs.map(describePair).join(', ');
}
