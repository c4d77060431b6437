// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Annotation } from '../session/types.js';
import { jfkTranscript } from '../test/fixtures.js';
import {
  markCurrentParagraph,
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
