// What the neural model reads in a candidate's text: the look of its characters and what it parses
// as (a date, an amount, a currency, an id, a name).
import { describe, expect, it } from 'vitest';
import { READING_FEATURES, reading, SHAPE_FEATURES, shape, TRIGRAM_BUCKETS, trigrams } from './neural-features.js';

const READS = [
  'date',
  'wholeDate',
  'compactDate',
  'amount',
  'wholeAmount',
  'amountWithCurrency',
  'amountWithDecimals',
  'negativeAmount',
  'currencyMarked',
  'currencyAlone',
  'code',
  'codeNoNumber',
  'name',
  'words',
  'short',
  'long',
] as const;

function readingOf(text: string): Record<(typeof READS)[number], number> {
  const out: number[] = [];
  reading(text, out);
  expect(out).toHaveLength(READING_FEATURES);
  return Object.fromEntries(READS.map((name, i) => [name, out[i] as number])) as Record<(typeof READS)[number], number>;
}

describe('neural features of a candidate’s text', () => {
  it('tell a whole date from a text that holds one', () => {
    expect(readingOf('26 Oct 2023')).toMatchObject({ date: 1, wholeDate: 1, wholeAmount: 0 });
    expect(readingOf('10.02.2015')).toMatchObject({ date: 1, wholeDate: 1 });
    expect(readingOf('Date: 10.02.2015')).toMatchObject({ date: 1, wholeDate: 0 });
    expect(readingOf('20260815')).toMatchObject({ compactDate: 1 });
  });

  it('tell an amount, its currency, its decimals and its sign', () => {
    expect(readingOf('€ 1.950,00')).toMatchObject({ wholeAmount: 1, amountWithCurrency: 1, amountWithDecimals: 1 });
    expect(readingOf('-24,918.42')).toMatchObject({ wholeAmount: 1, negativeAmount: 1, amountWithCurrency: 0 });
    expect(readingOf('Total 12.50')).toMatchObject({ amount: 1, wholeAmount: 0 });
    expect(readingOf('EUR')).toMatchObject({ currencyAlone: 1, wholeAmount: 0 });
    expect(readingOf('€')).toMatchObject({ currencyAlone: 1 });
  });

  it('tell an id from a name', () => {
    expect(readingOf('VF1005193039')).toMatchObject({ code: 1, codeNoNumber: 1, name: 0 });
    expect(readingOf('#2023-001')).toMatchObject({ code: 1 });
    expect(readingOf('Acme Trading GmbH')).toMatchObject({ code: 0, name: 1, words: 0.5 });
    expect(readingOf('Invoice 42')).toMatchObject({ code: 0, name: 0 });
    expect(readingOf('42')).toMatchObject({ short: 1, long: 0 });
    expect(readingOf('35150300822602000124550010009923461099234656')).toMatchObject({ code: 1, long: 1 });
  });

  it('describe the characters of any text between 0 and 1', () => {
    for (const text of ['', 'Total:', '€24.99', 'Société Hôtelière du Pacano', 'x'.repeat(80)]) {
      const out: number[] = [];
      shape(text, out);
      expect(out).toHaveLength(SHAPE_FEATURES);
      for (const value of out) expect(value >= 0 && value <= 1).toBe(true);
    }
  });

  it('let a label in one language count in another: words of one root share letter trigrams', () => {
    const of = (text: string | undefined) => {
      const out: number[] = [];
      trigrams(text, out);
      expect(out).toHaveLength(TRIGRAM_BUCKETS);
      return out;
    };
    const cosine = (a: number[], b: number[]) => {
      const dot = a.reduce((s, v, i) => s + v * (b[i] as number), 0);
      const norm = (v: number[]) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));
      return dot / (norm(a) * norm(b));
    };
    expect(cosine(of('Factura'), of('Faktura:'))).toBeGreaterThan(cosine(of('Factura'), of('Datum')));
    expect(cosine(of('Numéro'), of('Nummer'))).toBeGreaterThan(cosine(of('Numéro'), of('Total')));
    // Accents and case aside: the same word reads the same.
    expect(of('NUMÉRO')).toEqual(of('numero'));
    expect(of(undefined).every((v) => v === 0)).toBe(true);
    expect(of('42').every((v) => v === 0)).toBe(true);
  });
});
