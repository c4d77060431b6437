// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { jfkTranscript, longTranscript } from '../test/fixtures.js';
import { isLowConfidence, nextLowConfidence, paragraphAt, wordAt } from './timeline.js';

describe('timeline', () => {
  it('finds the word spoken at a time, and none in the silence between paragraphs', () => {
    const transcript = jfkTranscript();
    expect(wordAt(transcript, 0.3)).toEqual({ paragraph: 0, word: 0 });
    expect(wordAt(transcript, 4.85)).toEqual({ paragraph: 1, word: 4 });
    expect(wordAt(transcript, 2.8)).toBeNull();
    expect(wordAt(transcript, 0.1)).toBeNull();
    expect(paragraphAt(transcript, 2.8)).toBe(0);
  });

  it('marks words under the workspace threshold and walks to the next one, wrapping around', () => {
    const transcript = jfkTranscript();
    const words = transcript.transcripts[1]!.children;
    expect(isLowConfidence(words[3]!, 0.6)).toBe(true);
    expect(isLowConfidence(words[3]!, null)).toBe(false);
    expect(isLowConfidence({ ...words[3]!, confidence: null }, 0.6)).toBe(false);
    expect(nextLowConfidence(transcript, 0.6, null)).toEqual({ paragraph: 1, word: 3 });
    expect(nextLowConfidence(transcript, 0.6, { paragraph: 1, word: 3 })).toEqual({ paragraph: 1, word: 15 });
    expect(nextLowConfidence(transcript, 0.6, { paragraph: 1, word: 16 })).toEqual({ paragraph: 1, word: 3 });
    expect(nextLowConfidence(transcript, 0.3, null)).toBeNull();
  });

  it('a lookup in 40,000 words takes microseconds', () => {
    const transcript = longTranscript(40_000);
    const started = performance.now();
    for (let t = 0; t < 10_000; t++) wordAt(transcript, t * 1.6);
    expect((performance.now() - started) / 10_000).toBeLessThan(0.05);
    const last = transcript.transcripts.at(-1)!;
    expect(wordAt(transcript, last.children.at(-1)!.offsetInSeconds)).toEqual({
      paragraph: transcript.transcripts.length - 1,
      word: last.children.length - 1,
    });
  });
});
