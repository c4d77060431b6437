import { describe, expect, it } from 'vitest';
import { nextBackgroundPage } from './background-pages';
import type { PageWindow } from './layout';

const win = (firstVisible: number, lastVisible: number, start: number, end: number): PageWindow => ({
  firstVisible,
  lastVisible,
  start,
  end,
  current: firstVisible,
});

describe('nextBackgroundPage', () => {
  it('picks one overscan page, the nearest below the visible ones first', () => {
    expect(nextBackgroundPage(win(3, 4, 1, 6), () => false)).toBe(5);
  });

  it('goes above when the page below has painted, then further away', () => {
    const painted = new Set([5]);
    expect(nextBackgroundPage(win(3, 4, 1, 6), (i) => painted.has(i))).toBe(2);
    painted.add(2);
    expect(nextBackgroundPage(win(3, 4, 1, 6), (i) => painted.has(i))).toBe(6);
    painted.add(6);
    expect(nextBackgroundPage(win(3, 4, 1, 6), (i) => painted.has(i))).toBe(1);
  });

  it('returns null when every mounted page has painted, and never a visible page', () => {
    expect(nextBackgroundPage(win(0, 0, 0, 2), (i) => i !== 0)).toBeNull();
    expect(nextBackgroundPage(win(0, 2, 0, 2), () => false)).toBeNull();
  });
});
