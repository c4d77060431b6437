// @vitest-environment node
import { LANGUAGES } from '@reviewdesk/ui';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEditorResources } from './resources.js';

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') out.set(path, child);
    else for (const [k, v] of flatten(child, path)) out.set(k, v);
  }
  return out;
}

describe('transcript-editor translations', () => {
  let editorResources: Awaited<ReturnType<typeof loadEditorResources>>;
  let english: Map<string, string>;
  beforeAll(async () => {
    editorResources = await loadEditorResources();
    english = flatten(editorResources.en);
  });

  it.each(LANGUAGES)('%s has exactly the English keys, none empty, same placeholders', (lng) => {
    const strings = flatten(editorResources[lng]);
    expect([...strings.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of strings) {
      expect(text.trim(), `${lng}:${key}`).not.toBe('');
      const placeholders = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort();
      expect(placeholders(text), `${lng}:${key}`).toEqual(placeholders(english.get(key) ?? ''));
    }
  });

  it.each(LANGUAGES.filter((lng) => lng !== 'en'))('%s is translated, not a copy of English', (lng) => {
    const strings = flatten(editorResources[lng]);
    const copied = [...strings].filter(([key, text]) => text === english.get(key) && /[a-z]{4}/i.test(text));
    expect(copied.length / strings.size).toBeLessThan(0.05);
  });
});
