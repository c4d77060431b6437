/**
 * What each keyboard shortcut does in the transcript editor (the keys are in shortcuts.ts).
 * "The current paragraph" is the one holding the keyboard focus, or else the one being played.
 * Answers whether the shortcut applied, so the key handler leaves keys it did not use to the page.
 */
import { formatTime, SKIP_SECONDS } from '../player/playback.js';
import { nextLowConfidence, type WordPosition } from '../session/timeline.js';
import { toggleWordStyle } from '../session/transcript-edits.js';
import { openPredefinedTexts } from '../texts/insert-target.js';
import type { EditorContextValue } from './context.js';
import { currentPosition } from './current-position.js';
import type { ShortcutId } from './shortcuts.js';

const headOf = (row: HTMLElement) => row.querySelector<HTMLElement>('.rd-transcript-paragraph__time');

/** Moves to another paragraph: into view, the focus on its time, and playback to its start. */
function stepParagraph(ctx: EditorContextValue, direction: 1 | -1): boolean {
  const transcript = ctx.session.getState().transcript;
  const at = currentPosition(ctx);
  if (!transcript || !at) return false;
  const index = Math.min(transcript.transcripts.length - 1, Math.max(0, at.paragraph + direction));
  const item = transcript.transcripts[index];
  if (!item) return false;
  ctx.playback.seek(item.start);
  ctx.list.current?.reveal(index, headOf);
  return true;
}

/** Moves to the next word under the workspace's confidence threshold (wrapping around). */
function stepLowConfidence(ctx: EditorContextValue): boolean {
  const state = ctx.session.getState();
  const transcript = state.transcript;
  const at = currentPosition(ctx);
  if (!transcript) return false;
  const after: WordPosition | null = at ? { paragraph: at.paragraph, word: at.word ?? -1 } : null;
  const next = nextLowConfidence(transcript, state.init?.workspaceConfig.fieldsConfidenceRateCheck, after);
  if (!next) return false;
  const word = transcript.transcripts[next.paragraph]?.children[next.word];
  if (word) ctx.playback.seek(word.offsetInSeconds);
  ctx.list.current?.reveal(next.paragraph, (row) =>
    row.querySelector<HTMLElement>(`[data-word="${next.paragraph}:${next.word}"]`),
  );
  return true;
}

/**
 * Moves the focus to the next or previous word, on into the next or previous paragraph at either
 * end (revealed first: the list renders only the rows in view). Playback stays where it is; Enter
 * on a word plays from it.
 */
function stepWord(ctx: EditorContextValue, direction: 1 | -1): boolean {
  const transcript = ctx.session.getState().transcript;
  const at = currentPosition(ctx);
  if (!transcript || !at || at.word === null) return false;
  let paragraph = at.paragraph;
  let word = at.word + direction;
  if (word < 0 || word >= (transcript.transcripts[paragraph]?.children.length ?? 0)) {
    // The nearest paragraph that way with words (an emptied one has none to focus).
    do paragraph += direction;
    while ((transcript.transcripts[paragraph]?.children.length ?? -1) === 0);
    const words = transcript.transcripts[paragraph]?.children.length;
    if (!words) return true; // at the very first or last word: nothing further, the key is spent
    word = direction === 1 ? 0 : words - 1;
  }
  ctx.list.current?.reveal(paragraph, (row) => row.querySelector<HTMLElement>(`[data-word="${paragraph}:${word}"]`));
  return true;
}

/**
 * Play/pause by its key says what it did: the reviewer's focus stays in the text, on no control
 * whose state would tell them. The intent is said (the media answers a moment later).
 */
function togglePlay({ playback, announcer }: EditorContextValue): boolean {
  const media = playback.media();
  // No media yet (still loading): the key is spent, nothing to say.
  if (!media) return true;
  const willPlay = media.paused;
  playback.toggle();
  const time = formatTime(playback.time());
  announcer.getState().announce(willPlay ? 'announce.playing' : 'announce.paused', { time });
  return true;
}

/** A rate step by its key says the rate it reached. */
function stepRate({ playback, announcer }: EditorContextValue, direction: 1 | -1): boolean {
  playback.stepRate(direction);
  announcer.getState().announce('announce.rate', { rate: playback.store.getState().rate });
  return true;
}

export function runShortcut(ctx: EditorContextValue, id: ShortcutId): boolean {
  const { playback, session, panels } = ctx;
  const state = session.getState();
  switch (id) {
    case 'togglePlay':
      return togglePlay(ctx);
    case 'back':
      playback.skip(-SKIP_SECONDS);
      return true;
    case 'forward':
      playback.skip(SKIP_SECONDS);
      return true;
    case 'slower':
      return stepRate(ctx, -1);
    case 'faster':
      return stepRate(ctx, 1);
    case 'nextParagraph':
      return stepParagraph(ctx, 1);
    case 'previousParagraph':
      return stepParagraph(ctx, -1);
    case 'nextWord':
      return stepWord(ctx, 1);
    case 'previousWord':
      return stepWord(ctx, -1);
    case 'nextLowConfidence':
      return stepLowConfidence(ctx);
    case 'speaker': {
      const at = currentPosition(ctx);
      if (!at || state.mode !== 'review') return false;
      ctx.list.current?.reveal(at.paragraph, (row) =>
        row.querySelector<HTMLElement>('.rd-transcript-paragraph__speaker'),
      );
      return true;
    }
    case 'predefinedText':
      return openPredefinedTexts(ctx);
    case 'zoomIn':
      return ctx.waveform.current?.zoom(1) ?? false;
    case 'zoomOut':
      return ctx.waveform.current?.zoom(-1) ?? false;
    case 'search':
      panels.setState((p) => ({ search: true, searchFocus: p.searchFocus + 1 }));
      return true;
    case 'undo':
      state.undo();
      return true;
    case 'redo':
      state.redo();
      return true;
    case 'save':
      void state.flush();
      return true;
    case 'help':
      panels.setState({ help: true });
      return true;
    case 'bold':
    case 'italic':
    case 'underline': {
      const at = currentPosition(ctx);
      if (!at || at.word === null || state.mode !== 'review') return false;
      const word = at.word;
      state.edit(id, (tr) => toggleWordStyle(tr, at.paragraph, word, id));
      return true;
    }
  }
}
