import { describe, expect, it } from 'vitest';
import { actionsInMenu } from './toolbar-fit.js';

// Widths measured in Chromium at 13 px (English), the one kept longest first.
const WIDTHS = [
  ['finish', 124],
  ['undo', 64],
  ['redo', 63],
  ['styles', 110],
  ['search', 76],
  ['save', 96],
  ['speakers', 94],
  ['texts', 148],
  ['export', 74],
  ['cancel', 128],
  ['share', 137],
  ['shortcuts', 34],
] as const;
const ALL = 124 + 64 + 63 + 110 + 76 + 96 + 94 + 148 + 74 + 128 + 137 + 34 + 11 * 8;

describe('which toolbar actions go into the "More" menu', () => {
  it('none when all fit, to the pixel; none before the toolbar is laid out', () => {
    expect(actionsInMenu({ available: ALL, gap: 8, more: 78, widths: WIDTHS })).toEqual(new Set());
    expect(actionsInMenu({ available: 0, gap: 8, more: 78, widths: WIDTHS })).toEqual(new Set());
  });

  it('one pixel short: the least used go, leaving room for the "More" button', () => {
    const inMenu = actionsInMenu({ available: ALL - 1, gap: 8, more: 78, widths: WIDTHS });
    // "More" and finish … cancel with their gaps take 1,135 of 1,235; sharing would need 145 more.
    expect([...inMenu]).toEqual(['share', 'shortcuts']);
  });

  it('keeps the most used in order and never skips one to fit a smaller one after it', () => {
    // "More" + finish, undo, redo = 78 + 3 × 8 + 251 = 353; styles would need 118 more.
    const inMenu = actionsInMenu({ available: 400, gap: 8, more: 78, widths: WIDTHS });
    expect([...inMenu]).toEqual(WIDTHS.slice(3).map(([id]) => id));
  });

  it('everything in the menu when even the first does not fit', () => {
    expect(actionsInMenu({ available: 150, gap: 8, more: 78, widths: WIDTHS }).size).toBe(WIDTHS.length);
  });
});
