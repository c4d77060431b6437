import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@reviewdesk/ui';
import { describe, expect, it } from 'vitest';
import { en } from './locales/en';
import { webResources } from './resources';

/** Dotted paths of every string leaf. */
function leaves(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') out.set(path, child);
    else for (const [p, v] of leaves(child, path)) out.set(p, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{?\s*(\w+)\s*\}?\}/g)].map((m) => m[1]).sort();
const reference = leaves(en);

describe('the app namespace', () => {
  it.each(LANGUAGES)('has every key in %s, and no other', (language) => {
    const keys = leaves(webResources[language]);
    expect([...keys.keys()].sort()).toEqual([...reference.keys()].sort());
  });

  it.each(LANGUAGES)('has no empty text in %s', (language) => {
    for (const [key, text] of leaves(webResources[language])) expect(text.trim(), key).not.toBe('');
  });

  it.each(LANGUAGES)('keeps the interpolation values of English in %s', (language) => {
    for (const [key, text] of leaves(webResources[language])) {
      expect(placeholders(text), key).toEqual(placeholders(reference.get(key) ?? ''));
    }
  });
});

describe('the deployment translation files (public/assets/data/locales)', () => {
  const root = join(import.meta.dirname, '../../public/assets/data/locales');
  const read = (language: string) => JSON.parse(readFileSync(join(root, language, 'translations.json'), 'utf8'));

  it('exist for exactly the five languages', () => {
    expect(readdirSync(root).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES)('override only keys the app has, the same in %s as in English', (language) => {
    const keys = [...leaves(read(language)).keys()].sort();
    expect(keys).toEqual([...leaves(read('en')).keys()].sort());
    for (const key of keys) expect(reference.has(key), key).toBe(true);
  });
});
