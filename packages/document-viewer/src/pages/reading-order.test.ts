import { describe, expect, it } from 'vitest';
import { nextFocusIndex, sortInReadingOrder } from './reading-order';

const at = (id: string, left: number, top: number, height = 10) => ({ id, box: { left, top, width: 20, height } });

describe('reading order', () => {
  it('reads lines top to bottom and each line left to right', () => {
    const order = sortInReadingOrder([at('c', 10, 40), at('b', 200, 11), at('a', 10, 10), at('d', 100, 41)]);
    expect(order.map((b) => b.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps a slightly taller box on its line', () => {
    const order = sortInReadingOrder([at('right', 300, 8, 16), at('left', 10, 10)]);
    expect(order.map((b) => b.id)).toEqual(['left', 'right']);
  });

  it('moves the roving focus with arrows, Home/End and pages of ten, within bounds', () => {
    expect(nextFocusIndex('ArrowDown', 0, 3)).toBe(1);
    expect(nextFocusIndex('ArrowRight', 2, 3)).toBe(2);
    expect(nextFocusIndex('ArrowUp', 0, 3)).toBe(0);
    expect(nextFocusIndex('End', 0, 3)).toBe(2);
    expect(nextFocusIndex('Home', 2, 3)).toBe(0);
    expect(nextFocusIndex('PageDown', 5, 30)).toBe(15);
    expect(nextFocusIndex('Tab', 0, 3)).toBeNull();
    expect(nextFocusIndex('ArrowDown', 0, 0)).toBeNull();
  });
});
