import { describe, expect, it } from 'vitest';
import { shorten } from './BarChart';

describe('shorten', () => {
  it('keeps a label that fits and cuts a longer one with an ellipsis', () => {
    expect(shorten('Supplier invoices', 20)).toBe('Supplier invoices');
    expect(shorten('Translations (English to Spanish)', 10)).toBe('Translati…');
    expect(shorten('Meeting recordings', 9)).toBe('Meeting…');
  });
});
