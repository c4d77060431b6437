// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { jfkTranscript, longTranscript } from '../test/fixtures.js';
import {
  editParagraphText,
  insertWords,
  mergeWithNext,
  paragraphText,
  retimeParagraph,
  setParagraphSpeaker,
  splitParagraph,
  toggleWordStyle,
  wordsOfText,
} from './transcript-edits.js';

const second = () => jfkTranscript().transcripts[1]!;

describe('retimeParagraph', () => {
  it('keeps the same paragraph when the words did not change', () => {
    const item = second();
    expect(retimeParagraph(item, `  ${paragraphText(item)}\n`)).toBe(item);
  });

  it('a corrected word takes the time of the word it replaces; the others keep theirs', () => {
    const item = second();
    const next = retimeParagraph(item, paragraphText(item).replace('contry', 'country.'));
    const last = next.children.at(-1)!;
    expect(last).toMatchObject({ text: 'country.', offsetInSeconds: 8.55, durationInSeconds: 0.6, confidence: null });
    expect(next.children.slice(0, -1)).toEqual(item.children.slice(0, -1));
    expect(next.children[0]).toBe(item.children[0]);
    expect([next.start, next.end]).toEqual([item.start, item.end]);
  });

  it('inserted words share the silence between their neighbours; deleted words free their time', () => {
    const item = second();
    const inserted = retimeParagraph(item, paragraphText(item).replace('for you', 'for all of you'));
    const all = inserted.children.findIndex((w) => w.text === 'all');
    const [before, a, of, after] = inserted.children.slice(all - 1, all + 3);
    expect([a!.text, of!.text]).toEqual(['all', 'of']);
    expect(a!.offsetInSeconds).toBeCloseTo(before!.offsetInSeconds + before!.durationInSeconds, 3);
    expect(of!.offsetInSeconds + of!.durationInSeconds).toBeCloseTo(after!.offsetInSeconds, 3);

    const deleted = retimeParagraph(item, 'ask not what your country can do');
    expect(deleted.children.map((w) => w.text)).toEqual(wordsOfText('ask not what your country can do'));
    expect(deleted.end).toBeCloseTo(5.6, 3);
  });

  it('a paragraph typed from scratch spreads its words over its old time', () => {
    const item = second();
    const next = retimeParagraph(item, 'one two three four');
    expect(next.children[0]!.offsetInSeconds).toBe(item.start);
    expect(next.end).toBeCloseTo(item.end, 3);
    expect(next.children.every((w) => w.confidence === null)).toBe(true);
  });
});

describe('paragraph edits', () => {
  it('split, merge and speaker changes copy only the paragraphs they touch', () => {
    const transcript = jfkTranscript();
    const split = splitParagraph(transcript, 1, 9);
    expect(split.transcripts).toHaveLength(3);
    expect(split.transcripts[0]).toBe(transcript.transcripts[0]);
    expect(split.transcripts[1]!.end).toBeCloseTo(6.25, 3);
    expect(split.transcripts[2]!.start).toBe(6.9);
    expect(split.transcripts[2]!.speakerId).toBe('spk-1');
    const merged = mergeWithNext(split, 1);
    expect(merged.transcripts[1]!.children).toEqual(transcript.transcripts[1]!.children);
    expect(splitParagraph(transcript, 1, 0)).toBe(transcript);
    expect(mergeWithNext(transcript, 1)).toBe(transcript);

    const spoken = setParagraphSpeaker(transcript, 0, null);
    expect(spoken.transcripts[0]!.speakerId).toBeNull();
    expect(spoken.transcripts[1]).toBe(transcript.transcripts[1]);
    expect(setParagraphSpeaker(transcript, 0, 'spk-1')).toBe(transcript);
    expect(toggleWordStyle(transcript, 0, 1, 'bold').transcripts[0]!.children[1]!.bold).toBe(true);
  });

  it('an edit of one paragraph in 40,000 words keeps every other paragraph object', () => {
    const transcript = longTranscript(40_000);
    const started = performance.now();
    const next = editParagraphText(transcript, 1000, 'a corrected paragraph');
    const ms = performance.now() - started;
    expect(next.transcripts.filter((p, i) => p !== transcript.transcripts[i])).toHaveLength(1);
    expect(ms).toBeLessThan(50);
  });
});

describe('insertWords', () => {
  it('puts the words after the chosen one, in the silence before the next, and keeps every other word', () => {
    const tr = jfkTranscript();
    // "not" ends at 4.1 s, "what" starts at 4.4 s.
    const next = insertWords(tr, 1, 1, '[pause] [crosstalk]');
    const words = next.transcripts[1]!.children;
    expect(words.map((w) => w.text).slice(0, 5)).toEqual(['ask', 'not', '[pause]', '[crosstalk]', 'what']);
    expect(words[2]).toEqual({ text: '[pause]', offsetInSeconds: 4.1, durationInSeconds: 0.15, confidence: null });
    expect(words[3]).toEqual({ text: '[crosstalk]', offsetInSeconds: 4.25, durationInSeconds: 0.15, confidence: null });
    expect(words[1]).toBe(tr.transcripts[1]!.children[1]);
    expect(words[4]).toBe(tr.transcripts[1]!.children[2]);
    expect(next.transcripts[0]).toBe(tr.transcripts[0]);
  });

  it('inserts at the start with -1 and at the end past the last word, widening nothing that has no room', () => {
    const tr = jfkTranscript();
    const first = insertWords(tr, 1, -1, 'Well,').transcripts[1]!;
    expect(first.children[0]).toMatchObject({ text: 'Well,', durationInSeconds: 0 });
    expect(first.start).toBe(tr.transcripts[1]!.start);
    const last = insertWords(tr, 1, 99, '[applause]').transcripts[1]!;
    expect(last.children.at(-1)?.text).toBe('[applause]');
    expect(last.end).toBe(tr.transcripts[1]!.end);
    expect(insertWords(tr, 1, 0, '   ')).toBe(tr);
    expect(insertWords(tr, 9, 0, 'x')).toBe(tr);
  });
});
