import { describe, expect, it } from 'vitest';
import { regionAfterKey, regionPercent, startRegion } from './region-keys.js';

const page = { width: 600, height: 800 };
const plain = { shift: false, ctrl: false };

describe('placing a region with the keys', () => {
  it('starts across the middle of the page, a line high', () => {
    expect(startRegion(page)).toEqual({ left: 210, top: 388, width: 180, height: 24 });
  });

  it('moves by 1% of the page, 10% with Ctrl, never off the page', () => {
    const box = { left: 10, top: 10, width: 100, height: 20 };
    expect(regionAfterKey(box, page, 'ArrowRight', plain)).toEqual({ ...box, left: 16 });
    expect(regionAfterKey(box, page, 'ArrowDown', { shift: false, ctrl: true })).toEqual({ ...box, top: 90 });
    expect(regionAfterKey(box, page, 'ArrowLeft', { shift: false, ctrl: true })).toEqual({ ...box, left: 0 });
    const right = { ...box, left: 495 };
    expect(regionAfterKey(right, page, 'ArrowRight', plain)?.left).toBe(500);
  });

  it('resizes with Shift, keeping a minimum and the page edge', () => {
    const box = { left: 500, top: 10, width: 50, height: 5 };
    expect(regionAfterKey(box, page, 'ArrowRight', { shift: true, ctrl: true })?.width).toBe(100);
    expect(regionAfterKey(box, page, 'ArrowUp', { shift: true, ctrl: false })?.height).toBe(3);
  });

  it('ignores other keys and reads out in whole percent', () => {
    expect(regionAfterKey(startRegion(page), page, 'a', plain)).toBeNull();
    expect(regionPercent({ left: 60, top: 80, width: 300, height: 8 }, page)).toEqual({
      left: 10,
      top: 10,
      width: 50,
      height: 1,
    });
  });
});
