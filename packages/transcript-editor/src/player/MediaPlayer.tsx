/**
 * The media of the task and its controls: the video itself for video tasks (an audio element
 * otherwise), the waveform, play/pause, ±5 s, the playback rate (0.25–2), the position and the
 * reviewer's auto-pause setting (kept with their preferences on the device). The position is written into its element on each tick, without React, so playing re-renders nothing.
 */
import { Button, Select, Switch, usePreferences } from '@reviewdesk/ui';
import { useEffect, useRef, useState } from 'react';
import { useEditor, usePlayback, useSession } from '../editor/context.js';
import { keysOf } from '../editor/shortcuts.js';
import { useEditorTranslation } from '../i18n/useEditorTranslation.js';
import { formatTime, PLAYBACK_RATES, SKIP_SECONDS } from './playback.js';
import { useAutoPause } from './useAutoPause.js';
import { Waveform } from './Waveform.js';

export function MediaPlayer() {
  const { t } = useEditorTranslation();
  const editor = useEditor();
  const { playback } = editor;
  const autoPause = usePreferences((p) => p.autoPause);
  const setPreferences = usePreferences((p) => p.setPreferences);
  const media = useSession((s) => s.media);
  const playing = usePlayback((p) => p.playing);
  const rate = usePlayback((p) => p.rate);
  const failed = usePlayback((p) => p.failed);
  const [element, setElement] = useState<HTMLMediaElement | null>(null);
  const position = useRef<HTMLSpanElement | null>(null);
  useAutoPause(editor, autoPause);

  useEffect(() => {
    playback.attach(element);
    return () => playback.attach(null);
  }, [playback, element]);

  useEffect(() => {
    const write = (seconds: number) => {
      if (position.current) {
        position.current.textContent = t('player.position', {
          current: formatTime(seconds),
          total: formatTime(playback.store.getState().duration),
        });
      }
    };
    write(playback.time());
    const offTick = playback.onTick(write);
    // The total changes when the media's metadata arrives.
    const offDuration = playback.store.subscribe((now, before) => {
      if (now.duration !== before.duration) write(playback.time());
    });
    return () => {
      offTick();
      offDuration();
    };
  }, [playback, t]);

  if (!media) return null;
  return (
    <section className="rd-transcript-player" aria-label={t('player.label')} data-testid="transcript.player">
      {media.isVideo ? (
        // biome-ignore lint/a11y/useMediaCaption: the transcript being reviewed is the caption, shown beside it.
        <video
          ref={setElement}
          className="rd-transcript-player__video"
          src={media.urlResult}
          preload="metadata"
          playsInline
          data-testid="transcript.media"
        />
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: the transcript being reviewed is the caption, shown beside it.
        <audio ref={setElement} src={media.urlResult} preload="metadata" data-testid="transcript.media" />
      )}
      <Waveform
        peaksUrl={media.waveformUrlResult}
        media={element}
        session={editor.session}
        playback={playback}
        handle={editor.waveform}
      />
      <div className="rd-transcript-player__controls">
        <Button
          variant="secondary"
          onClick={() => playback.skip(-SKIP_SECONDS)}
          aria-keyshortcuts={keysOf('back')}
          data-testid="player.back"
        >
          {t('player.back')}
        </Button>
        <Button
          variant="primary"
          onClick={() => playback.toggle()}
          aria-pressed={playing}
          aria-keyshortcuts={keysOf('togglePlay')}
          data-testid="player.toggle"
        >
          {playing ? t('player.pause') : t('player.play')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => playback.skip(SKIP_SECONDS)}
          aria-keyshortcuts={keysOf('forward')}
          data-testid="player.forward"
        >
          {t('player.forward')}
        </Button>
        <Select
          label={t('player.rate')}
          value={String(rate)}
          options={PLAYBACK_RATES.map((r) => ({ value: String(r), label: `${r}×` }))}
          onChange={(event) => playback.setRate(Number(event.currentTarget.value))}
          data-testid="player.rate"
        />
        <span ref={position} className="rd-transcript-player__position" data-testid="player.position" />
        <Switch
          label={t('tools.autoPause')}
          checked={autoPause}
          onChange={(event) => setPreferences({ autoPause: event.currentTarget.checked })}
          data-testid="player.auto-pause"
        />
      </div>
      {failed ? (
        <p className="rd-transcript-player__error" role="alert">
          {t('player.mediaError')}
        </p>
      ) : null}
    </section>
  );
}
