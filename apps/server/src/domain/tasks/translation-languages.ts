// The two languages of a translation task: the task's context (inputLanguage, outputLanguage) or
// else the workspace's source and target languages. A pair the server's translation engine does not
// offer is refused at import (ContextInvalidInputLanguage 1024 / ContextInvalidOutputLanguage 1025),
// saying which pairs it does offer, rather than failing later in processing.
import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { WorkspaceRow } from '../../db/schema.js';
import {
  describePair,
  describePairs,
  type LanguagePair,
  languageOf,
  TranslationNotConfiguredError,
  type Translator,
} from '../../translation/index.js';
import { resolveConfiguration } from '../workspaces/configuration.js';
import { fail } from './command-results.js';

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The pair of a task (ISO 639-1 codes), or what is missing. */
export function translationLanguagesOf(
  context: Record<string, unknown> | null | undefined,
  workspace: WorkspaceRow,
): { from: string | null; to: string | null } {
  const languages = resolveConfiguration(workspace).languages;
  const from = text(context?.inputLanguage) ?? text(languages.inputLanguageCode);
  const to = text(context?.outputLanguage) ?? text(languages.outputLanguageCode);
  return { from: from && languageOf(from), to: to && languageOf(to) };
}

/** The pair a Translation task will be translated in, checked against what the engine offers. */
export async function checkTranslationLanguages(
  translator: Translator,
  context: Record<string, unknown> | null | undefined,
  workspace: WorkspaceRow,
): Promise<LanguagePair> {
  const { from, to } = translationLanguagesOf(context, workspace);
  if (!from) {
    throw fail(
      TaskErrorCode.ContextInvalidInputLanguage,
      "A translation needs the document's language: set the workspace's source language or send context.inputLanguage.",
    );
  }
  if (!to) {
    throw fail(
      TaskErrorCode.ContextInvalidOutputLanguage,
      "A translation needs a target language: set the workspace's target language or send context.outputLanguage.",
    );
  }
  return checkPairOffered(translator, { from, to });
}

/** A pair the engine offers, else the refusal that names the pairs it does (1024/1025/1026). */
export async function checkPairOffered(translator: Translator, pair: LanguagePair): Promise<LanguagePair> {
  const { from, to } = pair;
  if (from === to) {
    throw fail(
      TaskErrorCode.ContextOutputLanguageSameAsInput,
      'The output language must differ from the input language.',
    );
  }
  let offered: LanguagePair[];
  try {
    offered = await translator.pairs();
  } catch (error) {
    if (!(error instanceof TranslationNotConfiguredError)) throw error;
    offered = [];
  }
  if (offered.some((p) => p.from === from && p.to === to)) return pair;
  if (offered.length === 0) {
    throw fail(
      TaskErrorCode.ContextInvalidOutputLanguage,
      'Translation is not available on this server: no translation engine is installed (apertium) or configured (TRANSLATION_URL).',
    );
  }
  const code = offered.some((p) => p.from === from)
    ? TaskErrorCode.ContextInvalidOutputLanguage
    : TaskErrorCode.ContextInvalidInputLanguage;
  throw fail(
    code,
    `Translation ${describePair(pair)} is not available on this server (${translator.description}); it translates ${describePairs(offered)}.`,
  );
}
