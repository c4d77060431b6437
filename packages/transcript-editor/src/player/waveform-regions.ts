/**
 * What the waveform shows over the peaks (wavesurfer's regions plugin): one region per paragraph,
 * the one being played marked, and the transcript's annotations (spec §3: content over a time
 * range) with their text. Regions are kept in step with the transcript by id — an edit elsewhere
 * touches no region — and the mark moves with playback by changing two regions' colour, outside
 * React (the editor renders nothing on a tick).
 * Paragraph regions are drawn for the part of the recording in view only, and only where there are
 * few enough to tell apart: the overview of a 4-hour transcript would otherwise hold a thousand
 * one-pixel regions, each styled, hit-tested and painted again on every frame of playback — the
 * editor's cost per keystroke would grow with the transcript. There, the paragraph being played is
 * the one drawn. Annotations are always drawn.
 */
import type { Annotation, Transcript, TranscriptItem } from '../session/types.js';

/** The part of a wavesurfer region the editor uses. */
export interface RegionLike {
  id: string;
  start: number;
  end: number;
  color?: string;
  element: HTMLElement | null;
  setOptions(options: { start?: number; end?: number; color?: string; content?: string }): void;
  remove(): void;
}

/** The part of the regions plugin the editor uses. */
export interface RegionsLike {
  getRegions(): RegionLike[];
  addRegion(options: {
    id: string;
    start: number;
    end: number;
    color: string;
    content?: string;
    drag: boolean;
    resize: boolean;
  }): RegionLike;
}

/** Colours from the skin's custom properties (they reach into wavesurfer's shadow DOM). */
export const REGION_COLORS = {
  paragraph: 'var(--rd-transcript-region, rgb(0 17 255 / 6%))',
  current: 'var(--rd-transcript-region-current, rgb(0 17 255 / 22%))',
  annotation: 'var(--rd-transcript-region-annotation, rgb(138 90 0 / 22%))',
} as const;

export const paragraphRegionId = (index: number) => `paragraph-${index}`;
const annotationRegionId = (annotation: Annotation) => `annotation-${annotation.uniqueId}`;

interface WantedRegion {
  id: string;
  start: number;
  end: number;
  color: string;
  content?: string;
  title?: string;
}

/** The most paragraph regions drawn at once: past that, a region is a few pixels wide at most. */
export const MAX_PARAGRAPH_REGIONS = 120;

/** The seconds of the recording the waveform shows; null: not known yet (all of it). */
export interface RegionView {
  start: number;
  end: number;
}

/**
 * The paragraphs drawn for a view: those overlapping it and the width of one more view on each
 * side (scrolling a little shows no gap), when there are at most {@link MAX_PARAGRAPH_REGIONS} of
 * them; else only the paragraph being played.
 */
export function paragraphsInView(transcript: Transcript, view: RegionView | null, current: number): number[] {
  const items = transcript.transcripts;
  const width = view ? Math.max(0, view.end - view.start) : Number.POSITIVE_INFINITY;
  const from = view ? view.start - width : Number.NEGATIVE_INFINITY;
  const to = view ? view.end + width : Number.POSITIVE_INFINITY;
  const shown: number[] = [];
  for (let index = 0; index < items.length; index++) {
    const item = items[index] as TranscriptItem;
    if (item.end < from || item.start > to) continue;
    if (shown.length === MAX_PARAGRAPH_REGIONS) return current >= 0 && current < items.length ? [current] : [];
    shown.push(index);
  }
  return shown;
}

function wanted(
  transcript: Transcript,
  current: number,
  describe: (annotation: Annotation) => string,
  view: RegionView | null,
): WantedRegion[] {
  const paragraphs = paragraphsInView(transcript, view, current).map((index) => {
    const item = transcript.transcripts[index] as TranscriptItem;
    return {
      id: paragraphRegionId(index),
      start: item.start,
      end: Math.max(item.end, item.start),
      color: index === current ? REGION_COLORS.current : REGION_COLORS.paragraph,
    };
  });
  const annotations = (transcript.annotations ?? []).map((annotation) => ({
    id: annotationRegionId(annotation),
    start: annotation.start,
    end: Math.max(annotation.end, annotation.start),
    color: REGION_COLORS.annotation,
    content: annotation.content,
    title: describe(annotation),
  }));
  return [...paragraphs, ...annotations];
}

/**
 * Brings the plugin's regions in line with the transcript: adds what is new, moves what moved,
 * removes what went. `current` is the paragraph being played (-1: none); `view` the seconds shown.
 */
export function syncRegions(
  regions: RegionsLike,
  transcript: Transcript,
  current: number,
  describe: (annotation: Annotation) => string,
  view: RegionView | null = null,
): void {
  const have = new Map(regions.getRegions().map((region) => [region.id, region]));
  for (const region of wanted(transcript, current, describe, view)) {
    const existing = have.get(region.id);
    have.delete(region.id);
    if (!existing) {
      const added = regions.addRegion({
        id: region.id,
        start: region.start,
        end: region.end,
        color: region.color,
        drag: false,
        resize: false,
        ...(region.content ? { content: region.content } : {}),
      });
      if (region.title) added.element?.setAttribute('title', region.title);
      continue;
    }
    if (existing.start !== region.start || existing.end !== region.end) {
      existing.setOptions({ start: region.start, end: region.end });
    }
    if (existing.color !== region.color) existing.setOptions({ color: region.color });
    // An edited annotation says its new text (the region's element holds nothing but the content).
    if (region.content !== undefined && existing.element && existing.element.textContent !== region.content) {
      existing.setOptions({ content: region.content });
    }
    if (region.title) existing.element?.setAttribute('title', region.title);
  }
  for (const stale of have.values()) stale.remove();
}

/**
 * Moves the "being played" mark from paragraph `from` to paragraph `to`. False when paragraph `to`
 * has no region (not in view, or only the paragraph played is drawn): the caller syncs instead.
 */
export function markCurrentParagraph(regions: RegionsLike, from: number, to: number): boolean {
  if (from === to) return true;
  const all = regions.getRegions();
  const next = all.find((region) => region.id === paragraphRegionId(to));
  if (to >= 0 && !next) return false;
  all.find((region) => region.id === paragraphRegionId(from))?.setOptions({ color: REGION_COLORS.paragraph });
  next?.setOptions({ color: REGION_COLORS.current });
  return true;
}
