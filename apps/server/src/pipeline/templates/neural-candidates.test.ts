// The candidate values of a page (runs of neighbouring words on a line) and which of them are a
// labelled value.
import { describe, expect, it } from 'vitest';
import { candidatesOf, candidateTargets } from './neural-candidates.js';
import { layoutOf } from './page-layout.js';
import type { Word } from './template-model.js';

/** Words of a line at `y`, each `width` per character, one space (a third of the height) apart. */
function line(y: number, x: number, text: string): Word[] {
  const words: Word[] = [];
  let left = x;
  for (const part of text.split(' ')) {
    words.push({ text: part, box: { left, top: y, right: left + part.length * 6, bottom: y + 10 } });
    left += part.length * 6 + 4;
  }
  return words;
}

describe('neural candidates', () => {
  const page = [...line(10, 10, 'Invoice date: 26 Oct 2023'), ...line(10, 400, 'Total'), ...line(40, 10, 'Acme GmbH')];
  const layout = layoutOf(page);
  const texts = candidatesOf(layout, 3).map((c) => c.text);

  it('are the runs of up to the longest value of words next to each other on a line', () => {
    expect(texts).toEqual(
      expect.arrayContaining(['Invoice', 'Invoice date:', 'Invoice date: 26', '26 Oct 2023', 'Oct 2023', 'Acme GmbH']),
    );
    // No run longer than asked, none over a wide gap (to "Total"), none across lines.
    expect(texts).not.toContain('date: 26 Oct 2023');
    expect(texts.filter((t) => t.includes('Total'))).toEqual(['Total']);
    expect(texts.some((t) => t.includes('2023 Acme') || t.includes('GmbH Invoice'))).toBe(false);
  });

  it('are a field’s value when they are exactly the words of its labelled box', () => {
    const candidates = candidatesOf(layout, 3);
    const date = { fieldId: 'date', page: 1, box: { left: 88, top: 8, right: 156, bottom: 22 }, text: '26 Oct 2023' };
    const targets = candidateTargets(layout, candidates, [date], ['issuer', 'date']);
    const marked = candidates.filter((_, i) => targets[i]?.[1]).map((c) => c.text);
    expect(marked).toEqual(['26 Oct 2023']);
    expect(targets.every((t) => t[0] === false)).toBe(true);
  });
});
