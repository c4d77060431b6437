// Apertium from Debian's packages (scripts/apt-packages.txt installs it with three pairs): the real
// program, no stand-in.
import { describe, expect, it } from 'vitest';
import { createApertiumTranslator, pairOfMode } from './apertium.js';
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
