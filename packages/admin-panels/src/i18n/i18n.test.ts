import { LANGUAGES } from '@reviewdesk/ui';
import { describe, expect, it } from 'vitest';
import { adminPanelsResources } from './allStrings';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('admin-panels translations', () => {
  const english = leaves(adminPanelsResources.en as unknown as Tree);

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    '%s has every key, none empty, with the same placeholders',
    (language) => {
      const other = leaves(adminPanelsResources[language] as unknown as Tree);
      expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of english) {
        const translated = other.get(key) ?? '';
        expect(translated.trim(), `${language}:${key}`).not.toBe('');
        expect(placeholders(translated), `${language}:${key}`).toEqual(placeholders(text));
      }
    },
  );

  it('keeps one top-level section per screen in every language', () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(adminPanelsResources[language]).sort(), language).toEqual(
        ['common', 'home', 'licensing', 'metrics', 'templates', 'tenant', 'workspace'].sort(),
      );
    }
  });

  it('gives every counted string a zero, one and other form in every language', () => {
    for (const language of LANGUAGES) {
      const keys = [...leaves(adminPanelsResources[language] as unknown as Tree).keys()];
      const counted = new Set(keys.filter((k) => /_(zero|one|other)$/.test(k)).map((k) => k.replace(/_\w+$/, '')));
      for (const base of counted) {
        for (const form of ['zero', 'one', 'other']) expect(keys, `${language}:${base}`).toContain(`${base}_${form}`);
      }
    }
  });
});
