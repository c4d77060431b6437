// Apertium from Debian's packages (scripts/apt-packages.txt installs it with three pairs): the real
// program, no stand-in.
import { describe, expect, it } from 'vitest';
import { createApertiumTranslator, joinForOneRun, pairOfMode, splitOneRun } from './apertium.js';
import { TranslationError } from './translator.js';

describe('apertium', () => {
  it('reads the directions from the mode names, in ISO 639-1 codes', () => {
    expect(pairOfMode('eng-spa')).toEqual({ from: 'en', to: 'es' });
    expect(pairOfMode('  es-pt')).toEqual({ from: 'es', to: 'pt' });
    expect(pairOfMode('fr-es')).toEqual({ from: 'fr', to: 'es' });
    // Variants and alternative modes are not directions of their own.
    expect(pairOfMode('es-pt_BR')).toBeNull();
    expect(pairOfMode('eco-es-fr')).toBeNull();
    expect(pairOfMode('spa-eng_US')).toBeNull();
  });

  const translator = createApertiumTranslator();

  it('offers the installed pairs', async () => {
    const pairs = await translator.pairs();
    expect(pairs).toEqual(
      expect.arrayContaining([
        { from: 'en', to: 'es' },
        { from: 'es', to: 'en' },
        { from: 'es', to: 'pt' },
        { from: 'pt', to: 'es' },
        { from: 'fr', to: 'es' },
        { from: 'es', to: 'fr' },
      ]),
    );
    expect(pairs.some((pair) => pair.from === 'de' || pair.to === 'de')).toBe(false);
  });

  it('translates text and keeps its paragraphs and line breaks', async () => {
    const text = 'The invoice was paid.\nThe documents are in the office.\n\nThank you.';
    const spanish = await translator.translate(text, { from: 'en', to: 'es' });
    expect(spanish.split('\n')).toHaveLength(4);
    expect(spanish).toMatch(/factura/);
    expect(spanish).toMatch(/documentos/);
    expect(spanish).toMatch(/oficina/);
    expect(spanish.split('\n')[2]).toBe('');
    expect(await translator.translate('A fatura foi paga a tempo.', { from: 'pt', to: 'es' })).toMatch(/factura/);
  });

  it('refuses a direction it does not have, saying which', async () => {
    await expect(translator.translate('Guten Tag', { from: 'de', to: 'es' })).rejects.toThrow(TranslationError);
    await expect(translator.translate('Guten Tag', { from: 'de', to: 'es' })).rejects.toThrow(/de→es/);
  });

  it('says the engine is missing when the program is not installed', async () => {
    const missing = createApertiumTranslator({ command: 'apertium-not-installed' });
    expect(await missing.pairs()).toEqual([]);
  });
});

describe('apertium, many texts in one run', () => {
  const translator = createApertiumTranslator();

  it('joins texts with lines of digits and splits the output back, refusing a split that lost one', () => {
    const joined = joinForOneRun(['one', 'two\n', 'three'], '123456789');
    expect(joined).toBe('one\n\n12345678900001\n\ntwo\n\n\n12345678900002\n\nthree');
    expect(splitOneRun(joined, 3, '123456789')).toEqual(['one', 'two\n', 'three']);
    expect(splitOneRun('uno\n\n12345678900002\n\ndos', 2, '123456789')).toBeNull();
    expect(splitOneRun('uno dos', 2, '123456789')).toBeNull();
  });

  it('translates the pages of a document in one run, each as it would be alone', async () => {
    const pages = [
      'The invoice was paid.\nThe documents are in the office.',
      '',
      'Thank you.\n\nThe house is red.',
      'Page 4 of 12: 12,50 EUR',
    ];
    const pair = { from: 'en', to: 'es' };
    const together = await translator.translateMany?.(pages, pair);
    const alone = [];
    for (const page of pages) alone.push(await translator.translate(page, pair));
    expect(together).toEqual(alone);
    expect(together?.[1]).toBe('');
    expect(together?.[2]).toMatch(/casa/);
  });
});
