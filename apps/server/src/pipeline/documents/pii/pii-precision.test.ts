// Precision and recall of PII detection on the labelled set in five languages (bench/pii.bench.ts
// prints the figures per language and category, names with and without the lexicons), and the
// national identifiers' checks.
import { describe, expect, it } from 'vitest';
import { LABELLED_PII } from '../testing/labelled-pii.js';
import { nationalIds } from './national-ids.js';
import { scorePii } from './pii-precision.js';

const LANGUAGES = ['pt', 'en', 'de', 'fr', 'es'] as const;
const inLanguage = (language: (typeof LANGUAGES)[number]) => LABELLED_PII.filter((item) => item.language === language);

describe('PII detection on the labelled set', () => {
  it('finds what is labelled and little else', () => {
    const score = scorePii(LABELLED_PII);
    expect(score.expected).toBeGreaterThan(60);
    expect(score.precision, score.spurious.join(', ')).toBeGreaterThanOrEqual(0.95);
  });

  it('finds every identifier, address and number in every language', () => {
    for (const category of ['Email', 'PhoneNumber', 'Iban', 'TaxId', 'NationalId', 'DateOfBirth'] as const) {
      for (const language of LANGUAGES) {
        const score = scorePii(inLanguage(language), { category });
        expect(score.recall, `${category} ${language}: ${score.missed.join(', ')}`).toBe(1);
        expect(score.precision, `${category} ${language}: ${score.spurious.join(', ')}`).toBe(1);
      }
    }
  });

  it('finds names in running text by the lexicons of English, German, French and Spanish', () => {
    for (const language of ['en', 'de', 'fr', 'es'] as const) {
      const withLexicon = scorePii(inLanguage(language), { category: 'PersonName' });
      const cuesOnly = scorePii(inLanguage(language), { category: 'PersonName', lexicons: false });
      expect(withLexicon.recall, `${language}: ${withLexicon.missed.join(', ')}`).toBeGreaterThanOrEqual(0.85);
      expect(withLexicon.precision, `${language}: ${withLexicon.spurious.join(', ')}`).toBeGreaterThanOrEqual(0.85);
      expect(withLexicon.recall).toBeGreaterThan(cuesOnly.recall);
    }
  });

  it('finds Portuguese names after a title or a label (no lexicon for Portuguese)', () => {
    const titled = LABELLED_PII.filter((item) => item.language === 'pt' && /Sra\.|Cliente:/.test(item.text));
    expect(scorePii(titled, { category: 'PersonName' }).recall).toBe(1);
  });
});

describe('national identifiers', () => {
  const found = (text: string) => nationalIds(text).map((f) => [f.category, text.slice(f.offset, f.offset + f.length)]);

  it('takes DNI, NIE and NIR on their check digits alone, and refuses a wrong one', () => {
    expect(found('DNI 12345678Z')).toEqual([['NationalId', '12345678Z']]);
    expect(found('DNI 12345678A')).toEqual([]);
    expect(found('NIE X1234567L')).toEqual([['NationalId', 'X1234567L']]);
    expect(found('NIR 2 95 10 99 126 111 93')).toEqual([['NationalId', '2 95 10 99 126 111 93']]);
    expect(found('NIR 2 95 10 99 126 111 94')).toEqual([]);
  });

  it('takes a Steuer-ID only after its name', () => {
    expect(found('Steuer-ID: 86 095 742 719')).toEqual([['TaxId', '86 095 742 719']]);
    expect(found('Identifikationsnummer 36574261809')).toEqual([['TaxId', '36574261809']]);
    expect(found('Kundennummer 36574261809')).toEqual([]);
    expect(found('Steuer-ID: 86 095 742 718')).toEqual([]);
  });
});
