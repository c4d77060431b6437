/**
 * The waveform of the recording, drawn by wavesurfer.js from the server's pre-computed peaks and
 * driving the editor's own media element (click to seek, the cursor follows playback). The media
 * is never fetched or decoded to draw it; while the server has no peaks the strip says so.
 */
import { useEffect, useRef, useState } from 'react';
import type WaveSurfer from 'wavesurfer.js';
import { useEditorTranslation } from '../i18n/useEditorTranslation.js';
import type { WaveformPeaks } from '../session/types.js';
import { waveformOf } from './peaks.js';

export interface WaveformProps {
  /** URL of the peaks (TranscriptData.waveformUrlResult); null while the server computes them. */
  peaksUrl: string | null | undefined;
  media: HTMLMediaElement | null;
}

/** A token of the skin, read where the waveform is drawn so light and dark both apply. */
const token = (element: Element, name: string, fallback: string) =>
  getComputedStyle(element).getPropertyValue(name).trim() || fallback;

export function Waveform({ peaksUrl, media }: WaveformProps) {
  const { t } = useEditorTranslation();
  const container = useRef<HTMLDivElement | null>(null);
  const [missing, setMissing] = useState(!peaksUrl);

  useEffect(() => {
    const element = container.current;
    if (!peaksUrl || !media || !element) {
      setMissing(!peaksUrl);
      return;
    }
    let surfer: WaveSurfer | null = null;
    let cancelled = false;
    const abort = new AbortController();
    void (async () => {
      try {
        const response = await fetch(peaksUrl, { signal: abort.signal });
        if (!response.ok) throw new Error(`waveform ${response.status}`);
        const { peaks, duration } = waveformOf((await response.json()) as WaveformPeaks);
        // Loaded on demand: the drawing code stays out of the first paint of the editor.
        const { default: WaveSurferClass } = await import('wavesurfer.js');
        if (cancelled) return;
        surfer = WaveSurferClass.create({
          container: element,
          media,
          peaks,
          duration,
          height: 72,
          normalize: true,
          waveColor: token(element, '--rd-color-border-strong', '#8a8f98'),
          progressColor: token(element, '--rd-color-primary', '#2557d6'),
          cursorColor: token(element, '--rd-color-text', '#111'),
          barWidth: 2,
          barGap: 1,
          dragToSeek: true,
        });
        setMissing(false);
      } catch {
        if (!cancelled) setMissing(true);
      }
    })();
    return () => {
      cancelled = true;
      abort.abort();
      surfer?.destroy();
    };
  }, [peaksUrl, media]);

  return (
    <div className="rd-transcript-waveform" data-testid="transcript.waveform">
      <div ref={container} className="rd-transcript-waveform__canvas" role="img" aria-label={t('player.waveform')} />
      {missing ? <p className="rd-transcript-waveform__missing">{t('player.noWaveform')}</p> : null}
    </div>
  );
}
