// The built-in detectors' readings as the neural model's features, on a page laid out like a
// printed invoice: the run that is the invoice number is read exactly as one; the total printed
// with its thousands set apart ("1 210,00") reads as the total's value, its last group alone does
// not; words the rules read nothing in carry no evidence.
import { describe, expect, it } from 'vitest';
import { spacedAmount } from '../documents/fields/parse-amount.js';
import { syntheticPage } from '../documents/testing/synthetic-page.js';
import {
  detectorEvidence,
  EVIDENCE_FEATURES,
  EVIDENCE_KINDS,
  evidenceFeatures,
  PER_KIND,
  readsAs,
} from './detector-evidence.js';
import { layoutOf } from './page-layout.js';
import type { Word } from './template-model.js';

const INVOICE = [
  'ACME Trading GmbH',
  'Hauptstrasse 5, 10115 Berlin',
  '',
  'Invoice No: INV-2024-017',
  'Invoice date: 12.03.2024',
  '',
  'Description                Amount',
  'Consulting, March          1 000,00',
  'VAT 21 %                     210,00',
  'Total:                     1 210,00 EUR',
].join('\n');

const wordsOf = (text: string): Word[] => syntheticPage(text).words.map((w) => ({ text: w.text, box: { ...w.edges } }));

/** The run of words with this text on the page (the last one when it is printed twice). */
function runOf(words: Word[], text: string, last = false): number[] {
  const parts = text.split(' ');
  const starts = words.map((_, i) => i).filter((i) => parts.every((part, k) => words[i + k]?.text === part));
  const start = (last ? starts.at(-1) : starts[0]) as number;
  return parts.map((_, k) => start + k);
}

function evidence(words: Word[], run: number[], kind: (typeof EVIDENCE_KINDS)[number]) {
  const out: number[] = [];
  const text = run.map((i) => (words[i] as Word).text).join(' ');
  evidenceFeatures(detectorEvidence([words])[0] ?? [], run, text, out);
  expect(out).toHaveLength(EVIDENCE_FEATURES);
  const at = EVIDENCE_KINDS.indexOf(kind) * PER_KIND;
  const [exact, part, holds, chosen, sameValue] = out.slice(at, at + PER_KIND) as number[];
  return { exact, part, holds, chosen, sameValue, all: out };
}

describe('detector evidence', () => {
  it('marks the run the label rules read as the invoice number, exactly and as chosen', () => {
    const words = wordsOf(INVOICE);
    const number = evidence(words, runOf(words, 'INV-2024-017'), 'InvoiceId');
    expect(number.exact).toBeGreaterThan(0.3);
    expect(number.chosen).toBe(1);
    expect(number.sameValue).toBeGreaterThan(0.3);
    // The label itself is no value of any kind.
    expect(evidence(words, runOf(words, 'Invoice No:'), 'InvoiceId').all.every((v) => v === 0)).toBe(true);
  });

  it('reads a total printed with spaced thousands as one amount, and its last group as part of it only', () => {
    const words = wordsOf(INVOICE);
    const whole = evidence(words, runOf(words, '1 210,00', true), 'InvoiceTotal');
    expect(whole.sameValue).toBeGreaterThan(0);
    const lastGroup = evidence(words, runOf(words, '210,00', true), 'InvoiceTotal');
    expect(lastGroup.sameValue).toBe(0);
    expect(lastGroup.part).toBeLessThan(whole.part as number);
    // The VAT line's 210,00 is no total.
    expect(evidence(words, runOf(words, '210,00'), 'InvoiceTotal').sameValue).toBe(0);
  });

  it('gives every word of a spaced amount the amount, so the largest one is the total', () => {
    const words = wordsOf(INVOICE);
    const layout = layoutOf(words);
    for (const i of runOf(words, '1 210,00', true)) expect(layout.amountShare[i]).toBe(1);
    // The VAT's 210,00 is a sixth of it, not the page's largest amount.
    expect(layout.amountShare[runOf(words, '210,00')[0] as number]).toBeCloseTo(210 / 1210, 5);
  });

  it('reads the same document once, however many times training asks', () => {
    const pages = [wordsOf(INVOICE)];
    expect(detectorEvidence(pages)).toBe(detectorEvidence(pages));
  });

  it('finds nothing on a page the rules read nothing in', () => {
    const words = wordsOf('Carrier: Rapid Freight\nPallets 4\nDock B-12');
    expect(detectorEvidence([words])[0]).toEqual([]);
  });
});

describe('spaced amounts', () => {
  it('reads a text that is one amount with spaced thousands, and nothing else', () => {
    expect(spacedAmount('1 210,00')).toBe(1210);
    expect(spacedAmount('33 569,50 PLN')).toBe(33569.5);
    expect(spacedAmount('€ 1 950,00')).toBe(1950);
    expect(spacedAmount('-1 000 000.50')).toBe(-1000000.5);
    // Without cents, or with a group that is no thousands group, it may be a quantity and a price.
    expect(spacedAmount('2 120')).toBeNull();
    expect(spacedAmount('12 00,00')).toBeNull();
    expect(spacedAmount('210,00')).toBeNull();
  });
});

describe('a run read as a reading’s value', () => {
  it('reads a currency printed as its sign, its name or beside an amount as its ISO code', () => {
    const currency = EVIDENCE_KINDS.indexOf('Currency');
    expect(readsAs(currency, '€', 'EUR')).toBe(true);
    expect(readsAs(currency, '1 210,00 EUR', 'EUR')).toBe(true);
    expect(readsAs(currency, 'EUR', 'EUR')).toBe(true);
    expect(readsAs(currency, '€', 'USD')).toBe(false);
    expect(readsAs(currency, 'Europa', 'EUR')).toBe(false);
  });
});
