import { describe, expect, it } from 'vitest';
import { AUTO_PAUSE_IDLE_MS, createAutoPause } from './auto-pause.js';
import { createPlayback } from './playback.js';

/** A playback on an audio element that plays and pauses as a browser's does (events included). */
function playingRecording() {
  const playback = createPlayback({ requestFrame: () => 0, cancelFrame: () => undefined });
  const media = document.createElement('audio');
  let paused = true;
  Object.defineProperty(media, 'paused', { get: () => paused });
  media.play = async () => {
    paused = false;
    media.dispatchEvent(new Event('play'));
  };
  media.pause = () => {
    paused = true;
    media.dispatchEvent(new Event('pause'));
  };
  playback.attach(media);
  const timers: Array<{ run: () => void; ms: number; cleared: boolean }> = [];
  const autoPause = createAutoPause(playback, {
    setTimer: (run, ms) => {
      timers.push({ run, ms, cleared: false });
      return (timers.length - 1) as unknown as ReturnType<typeof setTimeout>;
    },
    clearTimer: (handle) => {
      const timer = timers[handle as unknown as number];
      if (timer) timer.cleared = true;
    },
  });
  /** Lets the idle time pass: the last timer set, if not cleared, fires. */
  const idle = () => {
    const last = timers.at(-1);
    if (last && !last.cleared) {
      last.cleared = true;
      last.run();
    }
  };
  const playing = () => playback.store.getState().playing;
  return { playback, autoPause, timers, idle, playing };
}

describe('auto-pause while typing', () => {
  it('pauses on a keystroke and resumes after a second without one', () => {
    const { playback, autoPause, timers, idle, playing } = playingRecording();
    playback.play();
    expect(playing()).toBe(true);
    autoPause.typed();
    expect(playing()).toBe(false);
    autoPause.typed();
    autoPause.typed();
    // Every keystroke starts the idle time again: one timer left standing.
    expect(timers.filter((t) => !t.cleared)).toHaveLength(1);
    expect(timers.at(-1)?.ms).toBe(AUTO_PAUSE_IDLE_MS);
    idle();
    expect(playing()).toBe(true);
  });

  it('leaves a recording the reviewer paused alone, and hands over when they play or pause by hand', () => {
    const { playback, autoPause, timers, idle, playing } = playingRecording();
    autoPause.typed();
    expect(timers).toHaveLength(0);
    expect(playing()).toBe(false);

    playback.play();
    autoPause.typed();
    expect(playing()).toBe(false);
    // The reviewer plays again while still typing: the pending resume is dropped...
    playback.play();
    expect(timers.at(-1)?.cleared).toBe(true);
    // ...and pausing by hand is kept after the idle time.
    playback.pause();
    idle();
    expect(playing()).toBe(false);
    autoPause.dispose();
  });
});
