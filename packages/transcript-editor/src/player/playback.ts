/**
 * The playback of one mounted editor: the media element, a small store for what the controls show
 * (playing, rate, duration), and a stream of time ticks. Ticks follow the media frame by frame
 * (requestAnimationFrame while playing, so text and sound stay within a frame, far under the 0.1 s
 * of spec §9) and go to plain listeners, never to React state: the word highlight and the
 * position display subscribe to them, the editor does not re-render on a tick.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';

/** The playback rates of spec §9. */
export const PLAYBACK_RATES = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/** How far back and forward the player's buttons and shortcuts jump, in seconds. */
export const SKIP_SECONDS = 5;

export interface PlaybackState {
  playing: boolean;
  rate: number;
  duration: number;
  failed: boolean;
}

export interface Playback {
  readonly store: StoreApi<PlaybackState>;
  /** Connects the media element (null disconnects it). */
  attach(media: HTMLMediaElement | null): void;
  media(): HTMLMediaElement | null;
  time(): number;
  seek(seconds: number): void;
  skip(seconds: number): void;
  toggle(): void;
  play(): void;
  pause(): void;
  setRate(rate: number): void;
  /** One step slower or faster along {@link PLAYBACK_RATES}. */
  stepRate(direction: -1 | 1): void;
  /** Called with the media time on every frame while playing and after every seek. */
  onTick(listener: (seconds: number) => void): () => void;
  dispose(): void;
}

export interface PlaybackOptions {
  /** The frame scheduler; replaceable in tests. */
  requestFrame?: (callback: () => void) => number;
  cancelFrame?: (handle: number) => void;
}

export function createPlayback(options: PlaybackOptions = {}): Playback {
  const requestFrame = options.requestFrame ?? ((cb: () => void) => globalThis.requestAnimationFrame(cb));
  const cancelFrame = options.cancelFrame ?? ((handle: number) => globalThis.cancelAnimationFrame(handle));
  const store = createStore<PlaybackState>()(() => ({ playing: false, rate: 1, duration: 0, failed: false }));
  const listeners = new Set<(seconds: number) => void>();
  let element: HTMLMediaElement | null = null;
  let frame: number | null = null;
  let detach: () => void = () => undefined;

  const emit = () => {
    const seconds = element?.currentTime ?? 0;
    for (const listener of listeners) listener(seconds);
  };
  const loop = () => {
    emit();
    frame = store.getState().playing ? requestFrame(loop) : null;
  };
  const stopLoop = () => {
    if (frame !== null) cancelFrame(frame);
    frame = null;
  };

  const playback: Playback = {
    store,
    attach(media) {
      detach();
      stopLoop();
      element = media;
      if (!media) return;
      media.playbackRate = store.getState().rate;
      const onPlay = () => {
        store.setState({ playing: true });
        stopLoop();
        loop();
      };
      const onPause = () => {
        store.setState({ playing: false });
        stopLoop();
        emit();
      };
      const onDuration = () => {
        if (Number.isFinite(media.duration)) store.setState({ duration: media.duration });
      };
      const onError = () => store.setState({ failed: true, playing: false });
      const events: Array<[string, EventListener]> = [
        ['play', onPlay],
        ['pause', onPause],
        ['ended', onPause],
        ['seeked', emit],
        ['timeupdate', () => frame === null && emit()],
        ['durationchange', onDuration],
        ['loadedmetadata', onDuration],
        ['error', onError],
      ];
      for (const [name, handler] of events) media.addEventListener(name, handler);
      detach = () => {
        for (const [name, handler] of events) media.removeEventListener(name, handler);
      };
      onDuration();
    },
    media: () => element,
    time: () => element?.currentTime ?? 0,
    seek(seconds) {
      if (!element) return;
      const end = store.getState().duration || Number.POSITIVE_INFINITY;
      element.currentTime = Math.min(Math.max(0, seconds), end);
      emit();
    },
    skip(seconds) {
      playback.seek(playback.time() + seconds);
    },
    toggle() {
      if (!element) return;
      if (element.paused) void element.play()?.catch(() => undefined);
      else element.pause();
    },
    play() {
      if (element?.paused) void element.play()?.catch(() => undefined);
    },
    pause() {
      element?.pause();
    },
    setRate(rate) {
      const clamped = Math.min(2, Math.max(0.25, rate));
      store.setState({ rate: clamped });
      if (element) element.playbackRate = clamped;
    },
    stepRate(direction) {
      const rates: readonly number[] = PLAYBACK_RATES;
      const current = rates.indexOf(store.getState().rate);
      const next = rates[Math.min(rates.length - 1, Math.max(0, (current < 0 ? 3 : current) + direction))];
      if (next !== undefined) playback.setRate(next);
    },
    onTick(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      stopLoop();
      detach();
      listeners.clear();
      element = null;
    },
  };
  return playback;
}

/** `m:ss.t` (or `h:mm:ss.t` from an hour): media times as the editor shows them. */
export function formatTime(seconds: number): string {
  const tenths = Math.max(0, Math.floor(seconds * 10));
  const h = Math.floor(tenths / 36_000);
  const m = Math.floor((tenths % 36_000) / 600);
  const s = Math.floor((tenths % 600) / 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${h ? `${h}:${pad(m)}` : m}:${pad(s)}.${tenths % 10}`;
}
