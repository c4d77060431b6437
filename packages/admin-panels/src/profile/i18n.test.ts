import { LANGUAGES } from '@reviewdesk/ui';
import { describe, expect, it } from 'vitest';
import { profileResources } from './i18n';

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

describe('profile translations', () => {
  const english = leaves(profileResources.en as unknown as Tree);

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    '%s has every key, none empty, with the same placeholders',
    (language) => {
      const other = leaves(profileResources[language] as unknown as Tree);
      expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of english) {
        const translated = other.get(key) ?? '';
        expect(translated.trim(), `${language}:${key}`).not.toBe('');
        expect(placeholders(translated), `${language}:${key}`).toEqual(placeholders(text));
      }
    },
  );
});
