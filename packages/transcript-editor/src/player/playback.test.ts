import { describe, expect, it } from 'vitest';
import { createPlayback, formatTime } from './playback.js';

describe('playback', () => {
  it('ticks on seeks and each frame while playing; rates stay within 0.25–2', () => {
    const frames: Array<() => void> = [];
    const playback = createPlayback({ requestFrame: (cb) => frames.push(cb), cancelFrame: () => undefined });
    const media = document.createElement('audio');
    Object.defineProperty(media, 'duration', { value: 60 });
    playback.attach(media);
    const ticks: number[] = [];
    playback.onTick((t) => ticks.push(t));
    playback.seek(12.5);
    expect(ticks.at(-1)).toBe(12.5);
    playback.seek(99);
    expect(media.currentTime).toBe(60);
    media.dispatchEvent(new Event('play'));
    expect(playback.store.getState().playing).toBe(true);
    const before = ticks.length;
    frames.shift()?.();
    expect(ticks.length).toBe(before + 1);
    expect(frames).toHaveLength(1);
    playback.setRate(5);
    expect(media.playbackRate).toBe(2);
    playback.setRate(1);
    playback.stepRate(-1);
    expect(playback.store.getState().rate).toBe(0.75);
    media.dispatchEvent(new Event('pause'));
    expect(playback.store.getState().playing).toBe(false);
    playback.dispose();
  });

  it('formats media times to the tenth of a second', () => {
    expect(formatTime(0)).toBe('0:00.0');
    expect(formatTime(65.43)).toBe('1:05.4');
    expect(formatTime(3 * 3600 + 61.9)).toBe('3:01:01.9');
  });
});
