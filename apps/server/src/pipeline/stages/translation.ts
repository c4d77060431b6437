// The translate step of Translation tasks (post-processing, pipeline step postprocess.translate):
// each page's recognised text, in paragraphs, into the task's target language by the server's
// translation engine (src/translation). Translation tasks have no review in the system (spec §4):
// the result goes to export, where the translated text is what the files carry.
import { TASK_STATUS as S } from '../../domain/tasks/flags.js';
import { translationLanguagesOf } from '../../domain/tasks/translation-languages.js';
import {
  describePair,
  TranslationError,
  TranslationNotConfiguredError,
  translateTexts,
  translatorFor,
} from '../../translation/index.js';
import type { PageText } from '../documents/text/page-text.js';
import { type StageContext, TaskFailure } from '../worker/stage.js';
import type { StageStore } from './task-store.js';
import type { WorkspaceSettings } from './workspace-settings.js';

/** A line that ends a sentence (or a heading, a label) ends its paragraph. */
const ENDS_PARAGRAPH = /[.!?:;)\]"»”]$/;

/**
 * The page's lines as paragraphs: a sentence broken over lines is one paragraph (translated whole,
 * not in halves); a line ending a sentence, or a gap wider than a line, ends one.
 */
export function paragraphsOf(page: PageText): string[] {
  const paragraphs: string[] = [];
  let current: string[] = [];
  let previousBottom: number | null = null;
  for (const line of page.lines) {
    const text = line.words
      .map((word) => word.text)
      .join(' ')
      .trim();
    if (!text) continue;
    const height = line.edges.bottom - line.edges.top;
    const gap = previousBottom === null ? 0 : line.edges.top - previousBottom;
    if (current.length > 0 && gap > height * 1.2) {
      paragraphs.push(current.join(' '));
      current = [];
    }
    current.push(text);
    previousBottom = line.edges.bottom;
    if (ENDS_PARAGRAPH.test(text)) {
      paragraphs.push(current.join(' '));
      current = [];
    }
  }
  if (current.length > 0) paragraphs.push(current.join(' '));
  return paragraphs;
}

/** Pages per call of the engine. */
const PAGES_PER_CALL = 50;

/** Translates every page and keeps the result; the summary names the pair and the engine. */
export async function translatePages(
  context: StageContext,
  store: StageStore,
  settings: WorkspaceSettings,
  pages: readonly PageText[],
): Promise<{ description: string; payload: Record<string, unknown> }> {
  const { from, to } = translationLanguagesOf(context.task.context as Record<string, unknown> | null, settings.row);
  if (!from || !to) {
    throw new TaskFailure(S.PostProcessingFailed, 'The task has no source or target language to translate between.');
  }
  const translator = translatorFor(context.config);
  const pair = { from, to };
  let characters = 0;
  // Pages go to the engine in batches: one call (one apertium process) per batch instead of per
  // page, with the lease renewed between batches.
  for (let first = 0; first < pages.length; first += PAGES_PER_CALL) {
    const batch = pages.slice(first, first + PAGES_PER_CALL);
    const texts = batch.map((page) => paragraphsOf(page).join('\n\n'));
    let translated: string[];
    try {
      translated = await translateTexts(translator, texts, pair, context.signal);
    } catch (error) {
      if (error instanceof TranslationNotConfiguredError || error instanceof TranslationError) {
        const from = batch[0]?.pageNumber;
        const to = batch.at(-1)?.pageNumber;
        throw new TaskFailure(
          S.PostProcessingFailed,
          `${from === to ? `Page ${from}` : `Pages ${from}–${to}`} could not be translated (${describePair(pair)}): ${error.message}`,
        );
      }
      throw error;
    }
    for (const [index, page] of batch.entries()) {
      await store.setPageTranslation(context.task.id, page.pageNumber, translated[index] ?? '');
      characters += texts[index]?.length ?? 0;
    }
    await context.heartbeat();
    if (context.signal.aborted) throw new Error('The worker is shutting down; the task will be picked up again.');
  }
  await store.updateTask(context.task.id, {
    translation: JSON.stringify({ ...pair, engine: translator.name }),
  });
  return {
    description: `translated ${describePair(pair)} by ${translator.description}, ${pages.length} page${pages.length === 1 ? '' : 's'}`,
    payload: { translation: { ...pair, engine: translator.name, characters } },
  };
}
