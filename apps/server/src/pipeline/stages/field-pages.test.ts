// Which pages the invoice-field detector reads: a document up to twenty pages whole (so every field
// found on such a document is what reading all of it found), a longer one by its first and last ten.
import { describe, expect, it } from 'vitest';
import { fieldRows } from './post-processing.js';

const pages = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe('the pages the invoice fields are read from', () => {
  it('reads a document of up to twenty pages whole', () => {
    expect(fieldRows(pages(1))).toEqual([[1]]);
    expect(fieldRows(pages(20))).toEqual([pages(20)]);
  });

  it('reads a longer document by its first and last ten pages, in page order', () => {
    expect(fieldRows(pages(21))).toEqual([pages(10), pages(21).slice(11)]);
    const [head, tail] = fieldRows(pages(2000));
    expect(head).toEqual(pages(10));
    expect(tail).toEqual(pages(2000).slice(1990));
  });
});
