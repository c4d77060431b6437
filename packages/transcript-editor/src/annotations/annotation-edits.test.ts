import { describe, expect, it } from 'vitest';
import { jfkTranscript } from '../test/fixtures.js';
import {
  addAnnotation,
  annotationsAt,
  annotationsInOrder,
  DEFAULT_ANNOTATION_SECONDS,
  proposedRange,
  rangeProblem,
  removeAnnotation,
  updateAnnotation,
} from './annotation-edits.js';

const NOW = new Date('2026-11-26T10:00:00.000Z');
const LATER = new Date('2026-11-26T11:00:00.000Z');

describe('annotation edits', () => {
  it('adds with the times rounded and stamped, leaving the paragraphs as they were', () => {
    const before = jfkTranscript();
    const after = addAnnotation(before, { uniqueId: 'a', content: ' Applause ', start: 2.40001, end: 3.2 }, NOW);
    expect(after.annotations).toEqual([
      {
        uniqueId: 'a',
        content: 'Applause',
        start: 2.4,
        end: 3.2,
        createdOn: NOW.toISOString(),
        modifiedOn: NOW.toISOString(),
      },
    ]);
    expect(after.transcripts).toBe(before.transcripts);
    expect(before.annotations).toEqual([]);
  });

  it('edits content and times, stamps the change, and returns the same transcript when nothing changed', () => {
    const one = addAnnotation(jfkTranscript(), { uniqueId: 'a', content: 'Applause', start: 2.4, end: 3.2 }, NOW);
    expect(updateAnnotation(one, 'a', { content: 'Applause ', start: 2.4 }, LATER)).toBe(one);
    expect(updateAnnotation(one, 'missing', { content: 'x' }, LATER)).toBe(one);
    const edited = updateAnnotation(one, 'a', { content: 'Laughter', end: 4 }, LATER);
    expect(edited.annotations[0]).toMatchObject({
      uniqueId: 'a',
      content: 'Laughter',
      start: 2.4,
      end: 4,
      createdOn: NOW.toISOString(),
      modifiedOn: LATER.toISOString(),
    });
  });

  it('removes by id only', () => {
    let transcript = addAnnotation(jfkTranscript(), { uniqueId: 'a', content: 'A', start: 1, end: 2 }, NOW);
    transcript = addAnnotation(transcript, { uniqueId: 'b', content: 'B', start: 3, end: 4 }, NOW);
    expect(removeAnnotation(transcript, 'zzz')).toBe(transcript);
    expect(removeAnnotation(transcript, 'a').annotations.map((a) => a.uniqueId)).toEqual(['b']);
  });

  it('orders by start, then by end', () => {
    const list = [
      { uniqueId: 'late', content: '', start: 5, end: 6 },
      { uniqueId: 'long', content: '', start: 1, end: 4 },
      { uniqueId: 'short', content: '', start: 1, end: 2 },
    ];
    expect(annotationsInOrder(list).map((a) => a.uniqueId)).toEqual(['short', 'long', 'late']);
    expect(list[0]?.uniqueId).toBe('late');
  });

  it('checks a range: numbers, start before end, inside the media', () => {
    expect(rangeProblem(1, 2, 10)).toBeNull();
    expect(rangeProblem(Number.NaN, 2, 10)).toBe('invalid');
    expect(rangeProblem(2, 2, 10)).toBe('order');
    expect(rangeProblem(3, 2, 10)).toBe('order');
    expect(rangeProblem(-1, 2, 10)).toBe('outside');
    expect(rangeProblem(9, 10.5, 10)).toBe('outside');
    // The length not known yet: only the start of the media bounds it.
    expect(rangeProblem(9, 100, 0)).toBeNull();
  });

  it("proposes the paragraph's range, or a few seconds from the position within the media", () => {
    expect(proposedRange({ start: 3.3, end: 9.15 }, 4, 11)).toEqual({ start: 3.3, end: 9.15 });
    expect(proposedRange(null, 2, 11)).toEqual({ start: 2, end: 2 + DEFAULT_ANNOTATION_SECONDS });
    expect(proposedRange(null, 9, 11)).toEqual({ start: 9, end: 11 });
    // At the very end, the range reaches back.
    expect(proposedRange(null, 11, 11)).toEqual({ start: 11 - DEFAULT_ANNOTATION_SECONDS, end: 11 });
    expect(proposedRange(null, 1, 0)).toEqual({ start: 1, end: 1 + DEFAULT_ANNOTATION_SECONDS });
  });

  it('tells which annotations are being played (start included, end not)', () => {
    const list = [
      { uniqueId: 'a', content: '', start: 1, end: 3 },
      { uniqueId: 'b', content: '', start: 2, end: 4 },
    ];
    expect([...annotationsAt(list, 2)]).toEqual(['a', 'b']);
    expect([...annotationsAt(list, 3)]).toEqual(['b']);
    expect([...annotationsAt(list, 4)]).toEqual([]);
  });
});
