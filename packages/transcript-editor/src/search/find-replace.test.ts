import { describe, expect, it } from 'vitest';
import { jfkTranscript, longTranscript } from '../test/fixtures.js';
import { findSpeaker, findText, replaceMatches, replaceSpeaker } from './find-replace.js';

describe('search and replace on the transcript data', () => {
  it('finds whole words, case-insensitively, in time order', () => {
    const transcript = jfkTranscript();
    expect(findText(transcript, 'CONTRY')).toEqual([{ paragraph: 1, word: 16, words: 1 }]);
    expect(findText(transcript, 'ask').map((m) => [m.paragraph, m.word])).toEqual([
      [1, 0],
      [1, 9],
    ]);
    expect(findText(transcript, 'can')).toHaveLength(2); // never "americans"
    expect(findText(transcript, '   ')).toEqual([]);
  });

  it('finds several words in a row, ignoring punctuation around them', () => {
    const transcript = jfkTranscript();
    transcript.transcripts[1]!.children[4] = { ...transcript.transcripts[1]!.children[4]!, text: 'country,' };
    expect(findText(transcript, 'your country')).toEqual([{ paragraph: 1, word: 3, words: 2 }]);
    expect(findText(transcript, 'can do for')).toHaveLength(2);
  });

  it('replaces inside a word, keeping its punctuation, time and the other paragraphs', () => {
    const transcript = jfkTranscript();
    transcript.transcripts[1]!.children[16] = { ...transcript.transcripts[1]!.children[16]!, text: 'contry.' };
    const next = replaceMatches(transcript, findText(transcript, 'contry'), 'contry', 'country');
    expect(next.transcripts[1]!.children[16]).toMatchObject({ text: 'country.', offsetInSeconds: 8.55 });
    expect(next.transcripts[0]).toBe(transcript.transcripts[0]);
    expect(transcript.transcripts[1]!.children[16]!.text).toBe('contry.');
  });

  it('replaces inside words without touching the paragraph’s other words', () => {
    const transcript = jfkTranscript();
    // A word of the data holding a space (as an import may give it) stays one word.
    transcript.transcripts[1]!.children[5] = { ...transcript.transcripts[1]!.children[5]!, text: 'new york' };
    const before = transcript.transcripts[1]!.children;
    const next = replaceMatches(transcript, findText(transcript, 'ask'), 'ask', 'asks');
    const after = next.transcripts[1]!.children;
    expect([after[0]!.text, after[9]!.text]).toEqual(['asks', 'asks']);
    expect(after).toHaveLength(before.length);
    expect(after[0]).toMatchObject({
      offsetInSeconds: before[0]!.offsetInSeconds,
      durationInSeconds: before[0]!.durationInSeconds,
    });
    // Every other word is the same object: kept, not copied.
    after.forEach((word, i) => {
      if (i !== 0 && i !== 9) expect(word).toBe(before[i]);
    });
  });

  it('aligns the paragraph again when a replacement changes how many words there are', () => {
    const transcript = jfkTranscript();
    const count = transcript.transcripts[1]!.children.length;
    const removed = replaceMatches(transcript, findText(transcript, 'ask'), 'ask', '');
    expect(removed.transcripts[1]!.children).toHaveLength(count - 2);
    expect(findText(removed, 'ask')).toEqual([]);
    const split = replaceMatches(transcript, findText(transcript, 'contry'), 'contry', 'home land');
    expect(split.transcripts[1]!.children.map((w) => w.text)).toContain('land');
    expect(split.transcripts[1]!.children).toHaveLength(count + 1);
  });

  it('replaces several words with others, timed over the words they replace', () => {
    const transcript = jfkTranscript();
    const next = replaceMatches(
      transcript,
      findText(transcript, 'fellow americans'),
      'fellow americans',
      'fellow citizens',
    );
    const words = next.transcripts[0]!.children;
    expect(words.map((w) => w.text)).toEqual(['and', 'so', 'my', 'fellow', 'citizens']);
    expect(words[4]).toMatchObject({ offsetInSeconds: 1.5, durationInSeconds: 0.7 });
  });

  it('replaces every match in one pass: 40,000 words', () => {
    const transcript = longTranscript(40_000);
    const matches = findText(transcript, 'moon');
    expect(matches.length).toBeGreaterThan(2000);
    const next = replaceMatches(transcript, matches, 'moon', 'mars');
    expect(findText(next, 'moon')).toEqual([]);
    expect(findText(next, 'mars')).toHaveLength(matches.length);
    expect(next.transcripts.flatMap((p) => p.children)).toHaveLength(40_000);
  });

  it('finds a speaker’s paragraphs and gives them to another', () => {
    const transcript = longTranscript(100);
    const guest = findSpeaker(transcript, 'spk-2');
    expect(guest.map((m) => m.paragraph)).toEqual([1, 3]);
    const next = replaceSpeaker(transcript, guest.slice(0, 1), 'spk-1');
    expect(next.transcripts.map((p) => p.speakerId)).toEqual(['spk-1', 'spk-1', 'spk-1', 'spk-2', 'spk-1']);
    expect(findSpeaker(next, null)).toEqual([]);
  });
});
