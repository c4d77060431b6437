/**
 * Auto-pause while typing (a setting, off unless the reviewer turns it on): a keystroke in the
 * transcript's text pauses playback, and playback resumes by itself once the reviewer has not
 * typed for {@link AUTO_PAUSE_IDLE_MS} — long enough to be a pause in the typing, short enough
 * that listening goes on without reaching for the play key. Only a pause it made is resumed:
 * a recording the reviewer had paused stays paused, and playing or pausing by hand meanwhile
 * takes over.
 */
import type { Playback } from './playback.js';

/** How long after the last keystroke playback resumes. */
export const AUTO_PAUSE_IDLE_MS = 1000;

export interface AutoPause {
  /** The reviewer typed in the transcript's text. */
  typed(): void;
  dispose(): void;
}

export interface AutoPauseOptions {
  idleMs?: number;
  /** Timers; replaceable in tests. */
  setTimer?: (callback: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimer?: (handle: ReturnType<typeof setTimeout>) => void;
}

export function createAutoPause(
  playback: Pick<Playback, 'store' | 'play' | 'pause'>,
  options: AutoPauseOptions = {},
): AutoPause {
  const idleMs = options.idleMs ?? AUTO_PAUSE_IDLE_MS;
  const setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle));
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** Playback is paused because of typing (and not since played or paused by hand). */
  let ours = false;
  /** The pause we asked for, until the media says it paused. */
  let pausing = false;

  const cancel = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
    ours = false;
  };
  const off = playback.store.subscribe((now, before) => {
    if (now.playing === before.playing) return;
    if (!now.playing && pausing) {
      pausing = false;
      return;
    }
    // Played (or paused) by the reviewer while typing had paused it: theirs from now on.
    cancel();
  });

  return {
    typed() {
      if (playback.store.getState().playing) {
        ours = true;
        pausing = true;
        playback.pause();
      }
      if (!ours) return;
      if (timer !== null) clearTimer(timer);
      timer = setTimer(() => {
        timer = null;
        if (!ours) return;
        ours = false;
        playback.play();
      }, idleMs);
    },
    dispose() {
      cancel();
      off();
    },
  };
}
