// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { jfkTranscript } from '../test/fixtures.js';
import { citedPosition } from './cited-passage.js';

describe('citedPosition', () => {
  it("finds the word a cited sentence begins with inside its paragraph, and that word's time", () => {
    // The second paragraph starts at 3.3 s ("ask not what…"); its second sentence at 6.9 s.
    expect(citedPosition(jfkTranscript(), 3.3, 'Ask what you can do for your contry.')).toEqual({
      paragraph: 1,
      word: 9,
      seconds: 6.9,
    });
    expect(citedPosition(jfkTranscript(), 3.3, 'ask not what your country can do for you')).toEqual({
      paragraph: 1,
      word: 0,
      seconds: 3.3,
    });
  });

  it("lands on the paragraph's start when the passage is no longer in it", () => {
    expect(citedPosition(jfkTranscript(), 0.3, 'A sentence edited away since.')).toEqual({
      paragraph: 0,
      word: null,
      seconds: 0.3,
    });
  });

  it('finds no place before the first paragraph or in an empty transcript', () => {
    expect(citedPosition(jfkTranscript(), 0, 'and so')).toBeNull();
    expect(citedPosition({ ...jfkTranscript(), transcripts: [] }, 4, 'and so')).toBeNull();
  });
});
