// Which reviewed values become regions: every value with a box, except those the reviewer marked
// as not on the document (the viewer empties their text but leaves their box).
import { describe, expect, it } from 'vitest';
import type { DocumentResult } from '../exports/types.js';
import { regionsOf } from './regions.js';

const box = (left: number, top: number) => ({ x: left, y: top, left, top, width: 80, height: 12 });

const reviewed = {
  entities: [
    {
      temporaryId: '0.1.e1',
      category: 'PersonName',
      pageNumber: 1,
      keyValues: [{ pageNumber: 1, category: 'PersonName', content: 'Maria Fernandes', boundingBox: box(72, 150) }],
    },
    {
      temporaryId: '0.1.e2',
      category: 'DateOfBirth',
      pageNumber: 1,
      notDetected: true,
      keyValues: [{ pageNumber: 1, category: 'DateOfBirth', content: null, boundingBox: box(180, 220) }],
    },
    {
      temporaryId: '0.1.e3',
      category: 'Email',
      pageNumber: 1,
      keyValues: [{ pageNumber: 1, category: 'Email', content: 'typed, no box' }],
    },
  ],
  tables: [],
} as unknown as DocumentResult;

describe('regionsOf', () => {
  it('takes the boxes of the kept values only', () => {
    expect(regionsOf(reviewed)).toEqual([
      { pageNumber: 1, left: 72, top: 150, width: 80, height: 12, text: 'Maria Fernandes' },
    ]);
  });
});
