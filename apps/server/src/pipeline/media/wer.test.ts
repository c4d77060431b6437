import { describe, expect, it } from 'vitest';
import { normaliseWords, wordErrorRate } from './wer.js';

describe('normaliseWords', () => {
  it('lowercases and strips punctuation but keeps apostrophes inside words', () => {
    expect(normaliseWords('And so, my fellow Americans: "don\u2019t" — ask!')).toEqual([
      'and',
      'so',
      'my',
      'fellow',
      'americans',
      "don't",
      'ask',
    ]);
  });

  it('reads digit strings digit by digit and counts "oh" as zero', () => {
    expect(normaliseWords('90210')).toEqual(['nine', 'zero', 'two', 'one', 'zero']);
    expect(normaliseWords('nine oh two one oh')).toEqual(['nine', 'zero', 'two', 'one', 'zero']);
    expect(normaliseWords('well-known 2')).toEqual(['well', 'known', 'two']);
  });
});

describe('wordErrorRate', () => {
  it('is 0 for the same words, whatever the formatting', () => {
    expect(wordErrorRate('one zero zero zero one', '10001').wer).toBe(0);
  });

  it('counts substitutions, deletions and insertions', () => {
    const result = wordErrorRate('ask not what your country can do', 'ask what my country can do for');
    expect(result).toMatchObject({ substitutions: 1, deletions: 1, insertions: 1, referenceWords: 7 });
    expect(result.wer).toBeCloseTo(3 / 7);
  });

  it('handles empty sides', () => {
    expect(wordErrorRate('', '').wer).toBe(0);
    expect(wordErrorRate('', 'noise').wer).toBe(1);
    expect(wordErrorRate('two words', '').wer).toBe(1);
  });
});
