import { describe, expect, it } from 'vitest';
import { detectedFieldColumn, LABELLING_COLUMN, OPTIONAL_COLUMNS, tableMinWidth } from './columns';

const column = (id: string) => OPTIONAL_COLUMNS.find((c) => c.id === id) ?? detectedFieldColumn({ categoryKey: id });

describe('tableMinWidth', () => {
  it('keeps the name its least width beside the sized columns, with the selection and actions cells', () => {
    expect(tableMinWidth([column('number'), column('displayName'), column('status'), LABELLING_COLUMN], true)).toBe(
      'calc(5rem + 12rem + 11rem + 11rem + 3.25rem + 5.5rem)',
    );
  });

  it('gives every unsized column (a description, a detected field) the same least width, and no selection cell when none', () => {
    expect(tableMinWidth([column('description'), column('total')], false)).toBe('calc(12rem + 12rem + 5.5rem)');
  });
});
