/**
 * Where the reviewer is: the paragraph (and word, when a word has the focus) holding the keyboard
 * focus, or else the word being played. Shortcuts and inserted texts act there.
 */
import { paragraphAt, wordAt } from '../session/timeline.js';
import type { EditorContextValue } from './context.js';

/** The paragraph (and word, when a word has the focus) the reviewer is at. */
export function currentPosition(ctx: EditorContextValue): { paragraph: number; word: number | null } | null {
  const active = ctx.root.current?.ownerDocument.activeElement;
  if (active && ctx.root.current?.contains(active)) {
    const word = active.closest('[data-word]')?.getAttribute('data-word');
    if (word) {
      const [paragraph, index] = word.split(':').map(Number);
      return { paragraph: paragraph as number, word: index as number };
    }
    const paragraph = active.closest('[data-paragraph]')?.getAttribute('data-paragraph');
    if (paragraph) return { paragraph: Number(paragraph), word: null };
  }
  const transcript = ctx.session.getState().transcript;
  if (!transcript || transcript.transcripts.length === 0) return null;
  const at = wordAt(transcript, ctx.playback.time());
  if (at) return at;
  return { paragraph: Math.max(0, paragraphAt(transcript, ctx.playback.time())), word: null };
}
