import { describe, expect, it } from 'vitest';
import { lexiconNames, taggerLanguages } from './person-names.js';

const names = (text: string, languages: string[]) =>
  lexiconNames(text, languages).map((span) => text.slice(span.offset, span.offset + span.length));

describe('person names by a language lexicon', () => {
  it('takes the whole name around a tagged word, on its own line', () => {
    expect(names('Intro line.\nVeuillez contacter Sophie Laurent demain.', ['fr'])).toEqual(['Sophie Laurent']);
    expect(names('Bitte wenden Sie sich an Katrin Wagner, falls nötig.', ['de'])).toEqual(['Katrin Wagner']);
  });

  it('leaves companies, single words and languages without a lexicon alone', () => {
    expect(names('Der Vertrag der Weber GmbH in München.', ['de'])).toEqual([]);
    expect(names('Ask Sarah.', ['en'])).toEqual([]);
    expect(names('Please contact Sarah Johnson today.', ['pt'])).toEqual([]);
  });

  it('reads the task languages in their written forms', () => {
    expect(taggerLanguages(['en-GB', 'deu', 'FR', 'spa', 'pt', 'por'])).toEqual(['en', 'de', 'fr', 'es']);
  });
});
