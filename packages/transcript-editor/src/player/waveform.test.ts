// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Annotation } from '../session/types.js';
import { jfkTranscript } from '../test/fixtures.js';
import {
  MAX_PARAGRAPH_REGIONS,
  markCurrentParagraph,
  paragraphsInView,
  REGION_COLORS,
  type RegionLike,
  type RegionsLike,
  syncRegions,
} from './waveform-regions.js';
import { stepZoom, zoomLevels } from './waveform-zoom.js';

describe('waveform zoom', () => {
  it('starts from the whole recording and offers only steps clearly finer than that', () => {
    // 11 s in 900 px is 82 px/s: 10, 25 and 50 would show less than the fit.
    expect(zoomLevels(900, 11)).toEqual([0, 200, 400]);
    // Three hours in 900 px: every step.
    expect(zoomLevels(900, 3 * 3600)).toEqual([0, 10, 25, 50, 100, 200, 400]);
    expect(zoomLevels(0, 11)).toEqual([0]);
  });

  it('steps within the levels', () => {
    const levels = [0, 100, 200];
    expect(stepZoom(levels, 0, 1)).toBe(1);
    expect(stepZoom(levels, 2, 1)).toBe(2);
    expect(stepZoom(levels, 0, -1)).toBe(0);
  });
});

/** The regions plugin's bookkeeping, without a canvas. */
function fakeRegions(): RegionsLike & { all: RegionLike[]; added: number } {
  const api = {
    all: [] as RegionLike[],
    added: 0,
    getRegions: () => api.all,
    addRegion(options: { id: string; start: number; end: number; color: string; content?: string }) {
      api.added += 1;
      const region: RegionLike & { content?: string } = {
        ...options,
        element: null,
        setOptions(patch) {
          Object.assign(region, patch);
        },
        remove() {
          api.all = api.all.filter((r) => r !== region);
        },
      };
      api.all.push(region);
      return region;
    },
  };
  return api;
}

const note: Annotation = { uniqueId: 'n1', content: 'Applause starts', start: 2.4, end: 3.2 };

describe('waveform regions', () => {
  it('one per paragraph and per annotation, the paragraph being played marked', () => {
    const regions = fakeRegions();
    const transcript = { ...jfkTranscript(), annotations: [note] };
    syncRegions(regions, transcript, 1, (a) => a.content);
    expect(regions.all.map((r) => [r.id, r.start, r.end, r.color])).toEqual([
      ['paragraph-0', 0.3, 2.2, REGION_COLORS.paragraph],
      ['paragraph-1', transcript.transcripts[1]!.start, transcript.transcripts[1]!.end, REGION_COLORS.current],
      ['annotation-n1', 2.4, 3.2, REGION_COLORS.annotation],
    ]);
    expect((regions.all[2] as RegionLike & { content?: string }).content).toBe('Applause starts');

    markCurrentParagraph(regions, 1, 0);
    expect(regions.all.map((r) => r.color).slice(0, 2)).toEqual([REGION_COLORS.current, REGION_COLORS.paragraph]);
  });

  it('follows edits: moved regions move, gone ones leave, the others are left alone', () => {
    const regions = fakeRegions();
    const transcript = { ...jfkTranscript(), annotations: [note] };
    syncRegions(regions, transcript, -1, (a) => a.content);
    const first = regions.all[0];
    const merged = {
      ...transcript,
      transcripts: [{ ...transcript.transcripts[0]!, end: transcript.transcripts[1]!.end }],
      annotations: [],
    };
    syncRegions(regions, merged, 0, (a) => a.content);
    expect(regions.added).toBe(3);
    expect(regions.all).toHaveLength(1);
    expect(regions.all[0]).toBe(first);
    expect([first?.end, first?.color]).toEqual([transcript.transcripts[1]!.end, REGION_COLORS.current]);
  });
});

describe('paragraph regions of a long transcript', () => {
  /** `count` paragraphs of 10 s each, back to back. */
  const long = (count: number) => {
    const base = jfkTranscript();
    const item = base.transcripts[0]!;
    return {
      ...base,
      annotations: [note],
      transcripts: Array.from({ length: count }, (_, i) => ({ ...item, start: i * 10, end: i * 10 + 9.5 })),
    };
  };

  it('draws every paragraph while few are in view, and those around the view only', () => {
    const transcript = long(1000);
    // 100 s in view: that view and one more on each side, 300 s, 30 paragraphs (and the edges).
    const shown = paragraphsInView(transcript, { start: 5000, end: 5100 }, 505);
    expect(shown[0]).toBe(490);
    expect(shown.at(-1)).toBe(520);
    expect(paragraphsInView(long(20), null, 3)).toHaveLength(20);
  });

  it('draws only the paragraph being played where too many are in view to tell apart', () => {
    const transcript = long(1000);
    expect(paragraphsInView(transcript, { start: 0, end: 10_000 }, 42)).toEqual([42]);
    expect(paragraphsInView(transcript, null, -1)).toEqual([]);
    expect(paragraphsInView(long(MAX_PARAGRAPH_REGIONS), null, 0)).toHaveLength(MAX_PARAGRAPH_REGIONS);

    const regions = fakeRegions();
    syncRegions(regions, transcript, 42, (a) => a.content, { start: 0, end: 10_000 });
    expect(regions.all.map((r) => r.id)).toEqual(['paragraph-42', 'annotation-n1']);
    // The mark moves to a paragraph with no region: the caller is told to sync.
    expect(markCurrentParagraph(regions, 42, 43)).toBe(false);
    syncRegions(regions, transcript, 43, (a) => a.content, { start: 0, end: 10_000 });
    expect(regions.all.map((r) => [r.id, r.color])).toEqual([
      ['annotation-n1', REGION_COLORS.annotation],
      ['paragraph-43', REGION_COLORS.current],
    ]);
    // Zoomed in: the paragraphs around the view come back, the one played still marked.
    syncRegions(regions, transcript, 43, (a) => a.content, { start: 400, end: 460 });
    expect(regions.all.filter((r) => r.id.startsWith('paragraph-'))).toHaveLength(19);
    expect(regions.all.find((r) => r.id === 'paragraph-43')?.color).toBe(REGION_COLORS.current);
    expect(markCurrentParagraph(regions, 43, 44)).toBe(true);
    expect(regions.all.find((r) => r.id === 'paragraph-44')?.color).toBe(REGION_COLORS.current);
  });
});
