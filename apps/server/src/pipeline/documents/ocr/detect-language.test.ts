import { describe, expect, it } from 'vitest';
import { extractPdfText } from '../pdf/extract-pdf-text.js';
import { readFixture } from '../testing/fixtures.js';
import { detectLanguage } from './detect-language.js';

/** The words of a real document's first page. */
const wordsOf = async (relative: string) =>
  ((await extractPdfText(readFixture(relative)))[0]?.words ?? []).map((word) => word.text);

describe('detectLanguage', () => {
  it.each([
    ['invoices-dev/de_typst_rechnung.pdf', 'de'],
    ['invoices-dev/fr_hotel_pacano_word.pdf', 'fr'],
    ['invoices-dev/nl_bol_factuur.pdf', 'nl'],
    ['invoices-dev/en_market_financial_invoice.pdf', 'en'],
  ])('finds the language of %s', async (relative, language) => {
    expect(detectLanguage(await wordsOf(relative))).toBe(language);
  });

  it('says nothing from a few numbers and codes', () => {
    expect(detectLanguage(['12,00', 'INV-42', '2024-01-05', 'total'])).toBeNull();
  });
});
