import { describe, expect, it } from 'vitest';
import { contentWords, splitSentences } from './sentences.js';
import { rankSentences, summarise } from './textrank.js';

const MEETING = [
  { text: 'Good morning everyone. The budget for the new warehouse was the main topic today.', startTimeSeconds: 0 },
  { text: 'The warehouse budget grows by ten percent because the warehouse roof needs repair.', startTimeSeconds: 14 },
  { text: 'Lunch will be served at noon.', startTimeSeconds: 31 },
  { text: 'The board approved the warehouse budget and the roof repair for next spring.', startTimeSeconds: 40 },
  { text: 'Thanks for coming.', startTimeSeconds: 58 },
];

describe('sentences in five languages', () => {
  it('splits at sentence ends but not after abbreviations the language knows', () => {
    expect(splitSentences('Mr. Smith paid 12.50 euros. Then he left!', 'en')).toEqual([
      'Mr. Smith paid 12.50 euros.',
      'Then he left!',
    ]);
    expect(splitSentences('Dr. Weiss kam z.B. spät. Die Frist beträgt drei Monate.', 'de')).toEqual([
      'Dr. Weiss kam z.B. spät.',
      'Die Frist beträgt drei Monate.',
    ]);
    expect(splitSentences('La Sra. García llegó. Pagó 12,50 euros.', 'es')).toHaveLength(2);
    expect(splitSentences('Mme. Dupont est arrivée. Elle a payé.', 'fr')).toHaveLength(2);
    expect(splitSentences('A Dra. Silva chegou. Pagou a fatura.', 'pt')).toHaveLength(2);
  });

  it("leaves out each language's stop words", () => {
    expect(contentWords('O contrato foi assinado pelos dois sócios', 'pt')).toEqual(['contrato', 'assinado', 'sócios']);
    expect(contentWords('Le contrat a été signé par les deux associés', 'fr')).not.toContain('les');
    expect(contentWords('El contrato fue firmado por los socios', 'es')).not.toContain('los');
    expect(contentWords('The contract was signed by the partners', 'en')).toEqual(['contract', 'signed', 'partners']);
    expect(contentWords('Der Vertrag wurde von den Partnern unterschrieben', 'de')).not.toContain('den');
  });
});

describe('TextRank', () => {
  it('ranks the sentences that share the most with the others highest', () => {
    const ranked = rankSentences(MEETING, 'en');
    const best = [...ranked].sort((a, b) => b.score - a.score)[0];
    expect(best?.text).toMatch(/warehouse budget/);
    const lunch = ranked.find((s) => s.text.startsWith('Lunch'));
    expect(lunch?.score).toBeLessThan(best?.score ?? 0);
  });

  it('quotes the chosen sentences word for word, in the order they were said, with their times', () => {
    const chosen = summarise(MEETING, 'en', 2);
    expect(chosen).toHaveLength(2);
    expect(chosen.map((s) => s.index)).toEqual([...chosen.map((s) => s.index)].sort((a, b) => a - b));
    for (const sentence of chosen) {
      expect(MEETING.some((p) => p.text.includes(sentence.text))).toBe(true);
      expect(sentence.text).toMatch(/warehouse/);
    }
    expect(chosen.map((s) => s.startTimeSeconds)).toEqual(expect.arrayContaining([40]));
  });

  it('never takes the same sentence twice and gives what there is when asked for more', () => {
    const repeated = [{ text: 'The roof leaks. The roof leaks. The roof leaks badly.' }];
    expect(summarise(repeated, 'en', 5).length).toBeLessThan(3);
    expect(summarise([], 'en', 3)).toEqual([]);
  });
});
