import { describe, expect, it } from 'vitest';
import {
  boxToScreen,
  clampToPage,
  type PagePlacement,
  pageToScreen,
  screenToBox,
  screenToPage,
  slotSize,
} from './geometry';
import type { PageRotation } from './types';

const base = { width: 600, height: 800, scale: 1.5 };

describe('page ↔ screen geometry', () => {
  it('maps the corners of an upright page by the scale', () => {
    const p: PagePlacement = { ...base, rotation: 0 };
    expect(pageToScreen({ x: 0, y: 0 }, p)).toEqual({ x: 0, y: 0 });
    expect(pageToScreen({ x: 600, y: 800 }, p)).toEqual({ x: 900, y: 1200 });
    expect(slotSize(p)).toEqual({ width: 900, height: 1200 });
  });

  it('turns the page clockwise: the top-left corner goes to the top-right at 90°', () => {
    const p: PagePlacement = { ...base, rotation: 90 };
    expect(slotSize(p)).toEqual({ width: 1200, height: 900 });
    expect(pageToScreen({ x: 0, y: 0 }, p)).toEqual({ x: 1200, y: 0 });
    expect(pageToScreen({ x: 600, y: 0 }, p)).toEqual({ x: 1200, y: 900 });
    expect(pageToScreen({ x: 0, y: 800 }, p)).toEqual({ x: 0, y: 0 });
  });

  it('puts the top-left corner bottom-right at 180° and bottom-left at 270°', () => {
    expect(pageToScreen({ x: 0, y: 0 }, { ...base, rotation: 180 })).toEqual({ x: 900, y: 1200 });
    expect(pageToScreen({ x: 0, y: 0 }, { ...base, rotation: 270 })).toEqual({ x: 0, y: 900 });
  });

  it.each([0, 90, 180, 270] as PageRotation[])('screenToPage inverts pageToScreen at %i°', (rotation) => {
    const p: PagePlacement = { ...base, rotation };
    for (const point of [
      { x: 10, y: 20 },
      { x: 599, y: 1 },
      { x: 300, y: 700 },
    ]) {
      const back = screenToPage(pageToScreen(point, p), p);
      expect(back.x).toBeCloseTo(point.x, 9);
      expect(back.y).toBeCloseTo(point.y, 9);
    }
  });

  it('maps a box to a normalised screen rectangle and back at every rotation', () => {
    const box = { left: 100, top: 50, width: 200, height: 40 };
    const upright = boxToScreen(box, { ...base, rotation: 0 });
    expect(upright).toEqual({ left: 150, top: 75, width: 300, height: 60 });
    const quarter = boxToScreen(box, { ...base, rotation: 90 });
    // A wide box becomes tall when the page is turned a quarter.
    expect(quarter.width).toBeCloseTo(60);
    expect(quarter.height).toBeCloseTo(300);
    expect(quarter.left).toBeCloseTo((800 - 90) * 1.5);
    for (const rotation of [0, 90, 180, 270] as PageRotation[]) {
      const p = { ...base, rotation };
      const back = screenToBox(boxToScreen(box, p), p);
      expect(back.left).toBeCloseTo(box.left);
      expect(back.top).toBeCloseTo(box.top);
      expect(back.width).toBeCloseTo(box.width);
      expect(back.height).toBeCloseTo(box.height);
    }
  });

  it('clamps a drag that leaves the page to the page', () => {
    expect(clampToPage({ left: -20, top: 700, width: 100, height: 300 }, 600, 800)).toEqual({
      left: 0,
      top: 700,
      width: 80,
      height: 100,
    });
  });
});
