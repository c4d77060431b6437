/**
 * One word of a paragraph: a button that plays from it, marked when its confidence is low, when a
 * search matches it and when it is in the current match. Memoised on the word object and its marks:
 * edits keep the words they did not touch (same objects), so a replace-all that changes 2 words of
 * a paragraph renders those 2 again, not the paragraph's 40.
 *
 * A word is inline text (`<span role="button">`), not a `<button>` in a `<span>`: a button is
 * always an atomic inline with its own formatting context, so a paragraph was 40 small layouts and
 * three elements a word; a span is one element laid out with the paragraph's lines. What a button
 * does by itself the row does for all its words (wordActivation below): a click, Enter or Space
 * plays from the word. The word uses no hooks (what it says comes from its row), so the ones a
 * replace-all changes render cheaply.
 */
import { type KeyboardEvent, type MouseEvent, memo } from 'react';
import type { TranscriptWord } from '../session/types.js';

export interface ParagraphWordProps {
  word: TranscriptWord;
  /** `paragraph:word`, how the word highlight finds it. */
  id: string;
  /** Said after the word when its confidence is low ("low confidence, 42 %"); undefined otherwise. */
  lowConfidence: string | undefined;
  matched: boolean;
  current: boolean;
  /**
   * The paragraph's one Tab stop (its first word): Tab goes from paragraph to paragraph and the
   * arrows from word to word (shortcuts.ts), so the keyboard gets past a long transcript.
   */
  tabStop: boolean;
}

export const ParagraphWord = memo(function ParagraphWord({
  word,
  id,
  lowConfidence,
  matched,
  current,
  tabStop,
}: ParagraphWordProps) {
  let classes = 'rd-transcript-word';
  if (lowConfidence !== undefined) classes += ' rd-transcript-word--low';
  if (word.bold) classes += ' rd-transcript-word--bold';
  if (word.italic) classes += ' rd-transcript-word--italic';
  if (word.underline) classes += ' rd-transcript-word--underline';
  if (matched) classes += ' rd-transcript-word--match';
  if (current) classes += ' rd-transcript-word--match-current';
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a <button> is an atomic inline; the row handles its activation. */}
      <span
        role="button"
        className={classes}
        data-word={id}
        tabIndex={tabStop ? 0 : -1}
        aria-current={current ? 'true' : undefined}
        aria-description={lowConfidence}
      >
        {word.text}
      </span>{' '}
    </>
  );
});

/** The word (its index in the paragraph) a click or key on the row was aimed at, if any. */
function wordOf(target: EventTarget): number | null {
  if (!(target instanceof Element)) return null;
  const id = target.closest('[data-word]')?.getAttribute('data-word');
  const index = id ? Number(id.slice(id.indexOf(':') + 1)) : Number.NaN;
  return Number.isInteger(index) ? index : null;
}

/**
 * The handlers a row puts on its words' container: a click on a word, or Enter or Space on the
 * word with the focus (as on a button), calls `play` with that word's index.
 */
export function wordActivation(play: (word: number) => void) {
  return {
    onClick(event: MouseEvent) {
      const word = wordOf(event.target);
      if (word !== null) play(word);
    },
    onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const word = wordOf(event.target);
      if (word === null) return;
      // Space would scroll the list, as it does not on a button.
      event.preventDefault();
      play(word);
    },
  };
}
