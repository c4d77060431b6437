// Word timings after edits, on the real recording (fixtures/audio/jfk.wav): the stored transcript
// is what pocketsphinx really heard, the reviewer types the true words (fixtures/audio/jfk.txt),
// and each corrected word must land inside the span where it is spoken. The spans below were read
// from two independent engines that agree within 0.1 s on this file (pocketsphinx's word times
// where it heard the word right, and soundswallower's alignment), widened by 0.1 s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transcript, TranscriptItem } from '../../../formats/transcript.js';
import { decodeFloat32 } from '../pcm.js';
import { PocketSphinxRecognizer } from '../speech/pocketsphinx.js';
import { JFK_WAV } from '../test-fixtures.js';
import { transcribeMedia } from '../transcribe-media.js';
import { alignmentModelFor, dictionaryForm, ForcedAligner } from './forced-aligner.js';
import { fillTimes, matchWords, type RetimeSources, retimeEditedParagraphs } from './retime.js';

/** Where corrected words are spoken in jfk.wav (seconds), by word and its occurrence in the paragraph. */
const TRUE_SPANS: Record<string, [number, number]> = {
  'fellow#1': [1.15, 1.73],
  'americans#1': [1.53, 2.5],
  'country#1': [5.75, 6.64],
  'ask#1': [8.07, 8.68],
  'country#2': [9.9, 10.56],
};
/** What interpolation can promise: words between two matched neighbours, not across a silence. */
const INTERPOLATED_SPANS = ['fellow#1', 'americans#1', 'country#1', 'country#2'];

const word = (text: string, start = 0, end = 0) => ({ text, offsetInSeconds: start, durationInSeconds: end - start });
const centre = (w: { offsetInSeconds: number; durationInSeconds: number }) =>
  w.offsetInSeconds + w.durationInSeconds / 2;

describe('dictionaryForm and alignmentModelFor', () => {
  it('strips punctuation and case, keeps inner apostrophes, gives up on digits', () => {
    expect(dictionaryForm('"Country,')).toBe('country');
    expect(dictionaryForm('Don’t')).toBe("don't");
    expect(dictionaryForm('1963')).toBe('');
    expect(dictionaryForm('—')).toBe('');
  });
  it('aligns English and French, interpolates the other languages', () => {
    expect(alignmentModelFor('en-US')).toBe('en-us');
    expect(alignmentModelFor(null)).toBe('en-us');
    expect(alignmentModelFor('fr')).toBe('fr-fr');
    expect(alignmentModelFor('pt-PT')).toBeNull();
    expect(alignmentModelFor('de')).toBeNull();
  });
});

describe('matchWords and fillTimes', () => {
  it('matches words by their dictionary form along the longest common subsequence', () => {
    const stored = [word('and', 0, 1), word('then', 1, 2), word('my', 2, 3)];
    const edited = [word('And'), word('so'), word('my,')];
    expect(matchWords(stored, edited)).toEqual([stored[0], undefined, stored[2]]);
  });
  it('spreads unknown words between their timed neighbours by length, in order', () => {
    const words = [word('a'), word('long'), word('bb'), word('z')];
    const times = fillTimes(words, [{ start: 1, end: 2 }, null, null, { start: 5, end: 6 }], 0, 6);
    expect(times).toEqual([
      { start: 1, end: 2 },
      { start: 2, end: 4 },
      { start: 4, end: 5 },
      { start: 5, end: 6 },
    ]);
  });
  it('squeezes a word inserted between two touching words into their time, and drops anchors out of order', () => {
    const words = [word('one'), word('two'), word('six')];
    const times = fillTimes(words, [{ start: 1, end: 2 }, null, { start: 2, end: 3 }], 0, 3);
    expect(times[1]?.end).toBeGreaterThan(times[1]?.start as number);
    for (let i = 1; i < times.length; i += 1) expect(times[i]?.start).toBeCloseTo(times[i - 1]?.end as number, 9);
    const reordered = fillTimes(words, [{ start: 2, end: 3 }, { start: 0, end: 1 }, null], 0, 3);
    expect(reordered[1]?.start).toBeGreaterThanOrEqual(reordered[0]?.end as number);
  });
});

describe('retimeEditedParagraphs on jfk.wav', () => {
  const aligner = new ForcedAligner();
  let stored: Transcript;
  beforeAll(async () => {
    ({ transcript: stored } = await transcribeMedia(new PocketSphinxRecognizer(), JFK_WAV, { language: 'en' }));
  }, 60_000);
  afterAll(() => aligner.close());

  const audio: RetimeSources['audio'] = (range) =>
    decodeFloat32(JFK_WAV, { range: { startSeconds: range.start, durationSeconds: range.end - range.start } });

  /** The reviewer's corrections: the first paragraph and the one around "country" get the true words. */
  function corrected(): { edited: Transcript; firstIndex: number; countryIndex: number } {
    const paragraphs = stored.transcripts;
    const firstIndex = 0;
    const countryIndex = paragraphs.findIndex((p) => p.start > 5 && p.start < 6);
    expect(countryIndex, JSON.stringify(paragraphs.map((p) => [p.start, p.end]))).toBeGreaterThan(0);
    const retyped = (p: TranscriptItem, text: string): TranscriptItem => {
      const old = p.children;
      // As an editor does it: a word typed over another keeps that word's times; extra words copy the last.
      const children = text.split(' ').map((t, i) => ({ ...(old[Math.min(i, old.length - 1)] ?? word(t)), text: t }));
      return { ...p, children };
    };
    const transcripts = paragraphs.map((p, i) =>
      i === firstIndex
        ? retyped(p, 'And so my fellow Americans,')
        : i === countryIndex
          ? retyped(p, 'what your country can do for you, ask what you can do for your country.')
          : p,
    );
    return { edited: { ...stored, transcripts }, firstIndex, countryIndex };
  }

  const expectInsideTrueSpans = (p: TranscriptItem | undefined, keys = Object.keys(TRUE_SPANS)) => {
    const seen = new Map<string, number>();
    let checked = 0;
    for (const w of p?.children ?? []) {
      const form = dictionaryForm(w.text);
      seen.set(form, (seen.get(form) ?? 0) + 1);
      const key = `${form}#${seen.get(form)}`;
      const span = TRUE_SPANS[key];
      if (!span || !keys.includes(key)) continue;
      checked += 1;
      expect(centre(w), `${w.text} at ${w.offsetInSeconds}+${w.durationInSeconds}`).toBeGreaterThan(span[0]);
      expect(centre(w), `${w.text} at ${w.offsetInSeconds}+${w.durationInSeconds}`).toBeLessThan(span[1]);
    }
    expect(checked).toBeGreaterThan(0);
  };

  it('aligns the edited paragraphs (English model): corrected words land in their true spans', async () => {
    const { edited, firstIndex, countryIndex } = corrected();
    const { transcript, report } = await retimeEditedParagraphs(stored, edited, {
      audio,
      aligner: { model: 'en-us', align: (m, pcm, words) => aligner.align(m, pcm, words) },
    });
    expect(report).toMatchObject({ changed: 2, aligned: 2, interpolated: 0 });
    expectInsideTrueSpans(transcript.transcripts[firstIndex]);
    expectInsideTrueSpans(transcript.transcripts[countryIndex]);
    // Paragraphs nobody touched are the very same objects.
    transcript.transcripts.forEach((p, i) => {
      if (i !== firstIndex && i !== countryIndex) expect(p).toBe(edited.transcripts[i]);
    });
    // Words stay in order and inside the recording.
    for (const p of transcript.transcripts) {
      let at = 0;
      for (const w of p.children) {
        expect(w.offsetInSeconds).toBeGreaterThanOrEqual(at - 1e-9);
        at = w.offsetInSeconds + w.durationInSeconds;
      }
      expect(at).toBeLessThanOrEqual(11.01);
    }
  }, 60_000);

  it('interpolates without a model: matched words keep their times, corrected ones fall between', async () => {
    const { edited, firstIndex, countryIndex } = corrected();
    const { transcript, report } = await retimeEditedParagraphs(stored, edited, { audio, aligner: null });
    expect(report).toMatchObject({ changed: 2, aligned: 0, interpolated: 2 });
    expectInsideTrueSpans(transcript.transcripts[firstIndex], INTERPOLATED_SPANS);
    expectInsideTrueSpans(transcript.transcripts[countryIndex], INTERPOLATED_SPANS);
    const my = transcript.transcripts[firstIndex]?.children.find((w) => w.text === 'my');
    const storedMy = stored.transcripts[firstIndex]?.children.find((w) => w.text === 'my');
    expect(my?.offsetInSeconds).toBe(storedMy?.offsetInSeconds);
  });

  it('interpolates what comes after the alignment budget is spent, and says so', async () => {
    const { edited } = corrected();
    const { report } = await retimeEditedParagraphs(stored, edited, {
      audio,
      aligner: { model: 'en-us', align: (m, pcm, words) => aligner.align(m, pcm, words) },
      budgetMs: 0,
    });
    expect(report).toMatchObject({ changed: 2, aligned: 0, interpolated: 2 });
    expect(report.notes).toEqual([
      expect.stringContaining('over the alignment budget'),
      expect.stringContaining('over the alignment budget'),
    ]);
  });

  it('leaves a save without edits alone, and aligns one paragraph well under a second once the model is loaded', async () => {
    const same = await retimeEditedParagraphs(stored, stored, { audio, aligner: null });
    expect(same.report.changed).toBe(0);
    expect(same.transcript.transcripts).toEqual(stored.transcripts);

    await aligner.warmUp('en-us');
    const { edited } = corrected();
    const one = {
      ...edited,
      transcripts: edited.transcripts.map((p, i) => (i === 0 ? p : (stored.transcripts[i] as TranscriptItem))),
    };
    const began = performance.now();
    const { report } = await retimeEditedParagraphs(stored, one, {
      audio,
      aligner: { model: 'en-us', align: (m, pcm, words) => aligner.align(m, pcm, words) },
    });
    const elapsed = performance.now() - began;
    expect(report.aligned).toBe(1);
    // The bench (tests/bench) measures this properly; here only a generous ceiling for a loaded machine.
    expect(elapsed).toBeLessThan(3000);
  }, 60_000);
});
