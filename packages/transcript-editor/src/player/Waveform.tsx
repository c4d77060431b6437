/**
 * The waveform of the recording, drawn by wavesurfer.js from the server's pre-computed peaks and
 * driving the editor's own media element (click to seek, the cursor follows playback). The media
 * is never fetched or decoded to draw it; while the server has no peaks the strip says so.
 * Over the peaks: the paragraphs (the one being played marked) and the annotations, as regions
 * that play from their start when clicked (waveform-regions.ts), and a zoom in fixed steps
 * (waveform-zoom.ts) by its buttons or Alt+= / Alt+-. wavesurfer and its regions plugin are loaded
 * on demand, fetched once the page is idle after the editor mounts (drawing-code.ts); the regions
 * are added after the peaks are drawn.
 */
import { type RefObject, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type WaveSurfer from 'wavesurfer.js';
import { IconButton } from '../editor/IconButton.js';
import { keysOf } from '../editor/shortcuts.js';
import { useEditorTranslation } from '../i18n/useEditorTranslation.js';
import { afterNextPaint } from '../session/after-paint.js';
import type { TranscriptSession } from '../session/session.js';
import { paragraphAt } from '../session/timeline.js';
import type { Annotation } from '../session/types.js';
import { loadRegionsPlugin, loadWaveSurfer } from './drawing-code.js';
import { fetchWaveform, overviewPairs, pairsPerSecond, type WaveformData, withPairs } from './peaks.js';
import { formatTime, type Playback } from './playback.js';
import { markCurrentParagraph, type RegionsLike, type RegionView, syncRegions } from './waveform-regions.js';
import { stepZoom, zoomLevels } from './waveform-zoom.js';

/** What the rest of the editor may ask of the waveform (the zoom shortcuts). */
export interface WaveformHandle {
  /** One zoom step in (1) or out (-1); false when already at that end or nothing is drawn. */
  zoom(direction: 1 | -1): boolean;
}

export interface WaveformProps {
  /** URL of the peaks (TranscriptData.waveformUrlResult); null while the server computes them. */
  peaksUrl: string | null | undefined;
  media: HTMLMediaElement | null;
  session: TranscriptSession;
  playback: Playback;
  handle: RefObject<WaveformHandle | null>;
}

/** A token of the skin, read where the waveform is drawn so light and dark both apply. */
const token = (element: Element, name: string, fallback: string) =>
  getComputedStyle(element).getPropertyValue(name).trim() || fallback;

/** The seconds of the recording the strip shows at its zoom and scroll. */
/** The arrow keys move a focused zoomed strip by a tenth of what it shows; Home and End to its ends. */
function scrollByKey(event: KeyboardEvent) {
  const scroll = event.currentTarget as HTMLElement;
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const step = scroll.clientWidth / 10;
  const to: Record<string, number> = {
    ArrowLeft: scroll.scrollLeft - step,
    ArrowRight: scroll.scrollLeft + step,
    Home: 0,
    End: scroll.scrollWidth,
  };
  if (!(event.key in to)) return;
  event.preventDefault();
  event.stopPropagation(); // the strip's keys, not the editor's shortcuts
  scroll.scrollLeft = to[event.key] as number;
}

/**
 * A zoomed strip scrolls sideways: it becomes a named Tab stop whose arrow keys scroll it, so the
 * keyboard reaches what the mouse drags to. Zoomed out it is no stop: there is nothing to scroll.
 */
function letKeyboardScroll(surfer: WaveSurfer, label: string, zoomed: boolean) {
  const scroll = surfer.getWrapper().parentElement;
  if (!scroll) return;
  scroll.removeEventListener('keydown', scrollByKey);
  if (zoomed) {
    scroll.addEventListener('keydown', scrollByKey);
    scroll.tabIndex = 0;
    scroll.setAttribute('role', 'region');
    scroll.setAttribute('aria-label', label);
  } else {
    scroll.removeAttribute('tabindex');
    scroll.removeAttribute('role');
    scroll.removeAttribute('aria-label');
  }
}

function viewOf(surfer: WaveSurfer): RegionView {
  const duration = surfer.getDuration();
  const drawn = surfer.getWrapper().scrollWidth;
  if (!(duration > 0) || !(drawn > 0)) return { start: 0, end: duration };
  const perPixel = duration / drawn;
  const start = surfer.getScroll() * perPixel;
  return { start, end: Math.min(duration, start + surfer.getWidth() * perPixel) };
}

/** Keeps the regions in step with the transcript and the mark with playback, until disposed. */
function connectRegions(
  regions: RegionsLike & {
    on(event: 'region-clicked', listener: (region: { start: number }, e: MouseEvent) => void): () => void;
  },
  surfer: WaveSurfer,
  session: TranscriptSession,
  playback: Playback,
  describe: (annotation: Annotation) => string,
): () => void {
  let current = -1;
  /** The seconds in view: paragraph regions are drawn for these only (waveform-regions.ts). */
  let view: RegionView = { start: 0, end: surfer.getDuration() };
  const currentAt = (seconds: number) => {
    const transcript = session.getState().transcript;
    return transcript ? paragraphAt(transcript, seconds) : -1;
  };
  const sync = () => {
    const transcript = session.getState().transcript;
    if (!transcript) return;
    current = currentAt(playback.time());
    syncRegions(regions, transcript, current, describe, view);
  };
  sync();
  const offSession = session.subscribe((now, before) => {
    if (now.transcript !== before.transcript) sync();
  });
  const offTick = playback.onTick((seconds) => {
    const next = currentAt(seconds);
    if (markCurrentParagraph(regions, current, next)) current = next;
    else sync();
  });
  // Scrolling and zooming change what is in view; one sync per frame at most.
  let pending = 0;
  const viewChanged = () => {
    pending ||= requestAnimationFrame(() => {
      pending = 0;
      view = viewOf(surfer);
      sync();
    });
  };
  const offScroll = surfer.on('scroll', viewChanged);
  const offRedraw = surfer.on('redrawcomplete', viewChanged);
  const offClick = regions.on('region-clicked', (region, event) => {
    // The region plays from its start, not from where the pointer happened to be.
    event.stopPropagation();
    playback.seek(region.start);
  });
  return () => {
    offSession();
    offTick();
    offClick();
    offScroll();
    offRedraw();
    cancelAnimationFrame(pending);
  };
}

export function Waveform({ peaksUrl, media, session, playback, handle }: WaveformProps) {
  const { t } = useEditorTranslation();
  const container = useRef<HTMLElement | null>(null);
  const surferRef = useRef<WaveSurfer | null>(null);
  /** The drawn overview and, once a zoom needed it, the stored resolution. */
  const detail = useRef<{
    url: string;
    overview: WaveformData;
    full: Promise<WaveformData> | null;
    signal: AbortSignal;
  } | null>(null);
  /** The zoom level shown (pixels per second; 0 fits the recording), for the detail arriving later. */
  const shownLevel = useRef(0);
  const [missing, setMissing] = useState(!peaksUrl);
  const [zoom, setZoom] = useState<{ levels: number[]; index: number }>({ levels: [0], index: 0 });
  const describe = useRef((annotation: Annotation) => annotation.content);
  describe.current = (annotation) =>
    t('tools.annotation', {
      start: formatTime(annotation.start),
      end: formatTime(annotation.end),
      content: annotation.content,
    });

  useEffect(() => {
    const element = container.current;
    if (!peaksUrl || !media || !element) {
      setMissing(!peaksUrl);
      return;
    }
    let surfer: WaveSurfer | null = null;
    let disconnect: () => void = () => undefined;
    let cancelled = false;
    const abort = new AbortController();
    void (async () => {
      try {
        // The overview, one pair per pixel of the strip (the stored resolution waits for a zoom in),
        // and the drawing code (most often fetched already): the strip is drawn when both are here.
        const [overview, { default: WaveSurferClass }] = await Promise.all([
          fetchWaveform(withPairs(peaksUrl, overviewPairs(element.clientWidth, window.devicePixelRatio)), abort.signal),
          loadWaveSurfer(),
        ]);
        if (cancelled) return;
        detail.current = { url: peaksUrl, overview, full: null, signal: abort.signal };
        const { peaks, duration } = overview;
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
        surferRef.current = surfer;
        setMissing(false);
        setZoom({ levels: zoomLevels(element.clientWidth, duration), index: 0 });
      } catch {
        if (!cancelled) setMissing(true);
        return;
      }
      try {
        // The regions come after the strip is painted: their plugin is most often loaded already, and
        // adding them in the same turn would hold the first paint of the peaks until they are made.
        const [{ default: RegionsPlugin }] = await Promise.all([
          loadRegionsPlugin(),
          new Promise<void>((resolve) => afterNextPaint(resolve)),
        ]);
        if (cancelled || !surfer) return;
        const regions = surfer.registerPlugin(RegionsPlugin.create());
        disconnect = connectRegions(regions, surfer, session, playback, (annotation) => describe.current(annotation));
      } catch {
        // Without its regions the waveform still plays and seeks.
      }
    })();
    return () => {
      cancelled = true;
      abort.abort();
      disconnect();
      surfer?.destroy();
      surferRef.current = null;
      detail.current = null;
      shownLevel.current = 0;
    };
  }, [peaksUrl, media, session, playback]);

  /**
   * Past what the overview holds, the stored peaks are fetched (once) and drawn at the zoom level
   * then shown; meanwhile the overview is drawn stretched.
   */
  const showDetailFor = (surfer: WaveSurfer, level: number) => {
    const sources = detail.current;
    if (!sources || level <= pairsPerSecond(sources.overview)) return;
    sources.full ??= fetchWaveform(sources.url, sources.signal);
    sources.full
      .then(({ peaks, duration }) => {
        if (surferRef.current !== surfer) return;
        const scroll = surfer.getScroll();
        surfer.setOptions({ peaks, duration, minPxPerSec: shownLevel.current });
        surfer.setScroll(scroll);
      })
      .catch(() => {
        // The overview stays drawn; the next zoom in tries again.
        if (detail.current === sources) sources.full = null;
      });
  };

  const applyZoom = (direction: 1 | -1): boolean => {
    const surfer = surferRef.current;
    if (!surfer) return false;
    const index = stepZoom(zoom.levels, zoom.index, direction);
    if (index === zoom.index) return false;
    const level = zoom.levels[index] ?? 0;
    surfer.zoom(level);
    letKeyboardScroll(surfer, t('player.zoomedWaveform'), index > 0);
    shownLevel.current = level;
    showDetailFor(surfer, level);
    // Zoomed around what is being played, not the recording's start.
    surfer.setScrollTime(Math.max(0, playback.time() - surfer.getWidth() / 2 / Math.max(1, zoom.levels[index] ?? 1)));
    setZoom({ ...zoom, index });
    return true;
  };
  useImperativeHandle(handle, () => ({ zoom: applyZoom }));

  return (
    <div className="rd-transcript-waveform" data-testid="transcript.waveform" data-zoom={zoom.levels[zoom.index]}>
      {/* A figure, not an image: zoomed, the strip inside it is a Tab stop (letKeyboardScroll). */}
      <figure ref={container} className="rd-transcript-waveform__canvas" aria-label={t('player.waveform')} />
      {missing ? <p className="rd-transcript-waveform__missing">{t('player.noWaveform')}</p> : null}
      {missing ? null : (
        <div className="rd-transcript-waveform__zoom">
          <IconButton
            label={t('tools.zoomOut')}
            glyph="−"
            keys={keysOf('zoomOut')}
            onClick={() => applyZoom(-1)}
            disabled={zoom.index === 0}
            data-testid="waveform.zoom-out"
          />
          <IconButton
            label={t('tools.zoomIn')}
            glyph="+"
            keys={keysOf('zoomIn')}
            onClick={() => applyZoom(1)}
            disabled={zoom.index >= zoom.levels.length - 1}
            data-testid="waveform.zoom-in"
          />
        </div>
      )}
    </div>
  );
}
