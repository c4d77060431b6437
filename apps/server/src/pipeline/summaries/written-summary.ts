// What a summary says, made one of two ways:
// - with the operator's language model: it is given the transcript (with the times of its
//   paragraphs) and asked for a summary in the transcript's language, style and length, from the
//   transcript only;
// - without one: TextRank picks the most central sentences, quoted as said, each with its time.
// Both say how they were made (method, model name and a disclaimer), so nobody takes a quote for a
// paraphrase or a generated text for a quote.
import { SummaryStyle } from '../../contract/generated/enums.js';
import { sentenceCount, timeMark, wordTarget } from '../../domain/summaries/summary-rules.js';
import { type LanguageModel, type Passage, rankSentences, summarise, supportedLanguage } from '../../language/index.js';

export interface WrittenSummary {
  method: 'extractive' | 'language-model';
  modelName: string;
  summary: string;
  disclaimer: string;
}

export interface SummaryAsk {
  passages: readonly Passage[];
  language: string;
  style: number;
  length: number;
}

/** Transcript characters sent to a language model (about 8,000 tokens): the rest is cut, and said to be. */
const MAX_PROMPT_CHARACTERS = 32_000;

const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  pt: 'Portuguese',
  de: 'German',
  fr: 'French',
  es: 'Spanish',
};

const STYLE_WORDS: Record<number, string> = {
  [SummaryStyle.Neutral]: 'neutral and factual',
  [SummaryStyle.Casual]: 'casual and friendly',
  [SummaryStyle.Formal]: 'formal',
};

export const EXTRACTIVE_MODEL_NAME = 'TextRank (extractive)';

/**
 * The extractive summary, made because the operator's language model failed (`modelFailure` says
 * how): it says so, so nobody waits for a paraphrase that never came.
 */
export function extractiveSummary(ask: SummaryAsk, modelFailure?: string): WrittenSummary {
  const language = supportedLanguage(ask.language);
  const available = rankSentences(ask.passages, language).length;
  const chosen = summarise(ask.passages, language, sentenceCount(ask.length, available));
  const summary = chosen
    .map((sentence) =>
      sentence.startTimeSeconds === null ? sentence.text : `${timeMark(sentence.startTimeSeconds)} ${sentence.text}`,
    )
    .join('\n');
  return {
    method: 'extractive',
    modelName: EXTRACTIVE_MODEL_NAME,
    summary,
    disclaimer: `Extractive summary: ${chosen.length} of ${available} sentences quoted word for word from the transcript, chosen by TextRank. ${
      modelFailure
        ? `The language model failed (${modelFailure}), so this was made instead: nothing is paraphrased`
        : 'No language model is configured, so nothing is paraphrased'
    } and the style asked for does not change the wording.`,
  };
}

export async function languageModelSummary(
  model: LanguageModel,
  ask: SummaryAsk,
  signal?: AbortSignal,
): Promise<WrittenSummary> {
  const language = LANGUAGE_NAMES[supportedLanguage(ask.language)] ?? 'English';
  let transcript = ask.passages
    .map(
      (passage) => `${passage.startTimeSeconds == null ? '' : `${timeMark(passage.startTimeSeconds)} `}${passage.text}`,
    )
    .join('\n');
  const cut = transcript.length > MAX_PROMPT_CHARACTERS;
  if (cut) transcript = transcript.slice(0, MAX_PROMPT_CHARACTERS);
  const words = wordTarget(ask.length);
  const summary = await model.complete(
    [
      {
        role: 'system',
        content:
          `You summarise transcripts of recordings. Use only what the transcript says; never add facts. ` +
          `Write in ${language}, in a ${STYLE_WORDS[ask.style] ?? STYLE_WORDS[SummaryStyle.Neutral]} style, ` +
          `in about ${words} words. Plain text, no headings.`,
      },
      { role: 'user', content: `Transcript${cut ? ' (beginning only)' : ''}:\n${transcript}` },
    ],
    { maxTokens: words * 3, signal },
  );
  return {
    method: 'language-model',
    modelName: model.name,
    summary,
    disclaimer: `Written by a language model (${model.name}) from the transcript${cut ? `'s first ${MAX_PROMPT_CHARACTERS.toLocaleString('en-US')} characters` : ''}; check it against the recording.`,
  };
}
