/**
 * Marks the word being spoken, following playback, without rendering anything: on each tick the
 * word at the media time is found by binary search (timeline.ts) and a class moves from one
 * `<span data-word>` to the next. Rows that scroll into view later get the class on the next tick.
 */
import { type RefObject, useEffect } from 'react';
import type { Playback } from '../player/playback.js';
import type { TranscriptSession } from '../session/session.js';
import { wordAt } from '../session/timeline.js';

export const CURRENT_WORD_CLASS = 'rd-transcript-word--current';

export function useWordHighlight(root: RefObject<HTMLElement | null>, session: TranscriptSession, playback: Playback) {
  useEffect(() => {
    let marked: Element | null = null;
    let markedKey = '';
    const unmark = () => {
      marked?.classList.remove(CURRENT_WORD_CLASS);
      marked = null;
      markedKey = '';
    };
    const onTick = (seconds: number) => {
      const transcript = session.getState().transcript;
      const at = transcript ? wordAt(transcript, seconds) : null;
      const key = at ? `${at.paragraph}:${at.word}` : '';
      // Still marked: the same word, its element on the page and its class kept (a render of the
      // word sets its classes anew).
      if (key === markedKey && marked?.isConnected && marked.classList.contains(CURRENT_WORD_CLASS)) return;
      unmark();
      if (!at) return;
      const element = root.current?.querySelector(`[data-word="${key}"]`) ?? null;
      element?.classList.add(CURRENT_WORD_CLASS);
      marked = element;
      markedKey = element ? key : '';
    };
    const off = playback.onTick(onTick);
    // An edit may render the word again (its classes set anew, the mark gone) or move words: the
    // mark is checked in the next frame's animation callbacks, once React has put the words back
    // and before that frame is painted. Not at once: taking the class off in the edit's task and
    // putting it back on the same word a frame later made the browser work out the styles twice.
    let frame = 0;
    const offEdits = session.subscribe((now, before) => {
      if (now.transcript === before.transcript) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => onTick(playback.time()));
    });
    return () => {
      off();
      offEdits();
      cancelAnimationFrame(frame);
      unmark();
    };
  }, [root, session, playback]);
}
