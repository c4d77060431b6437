import { LANGUAGES } from '@reviewdesk/ui';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { taskListResources } from './resources';

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

describe('task-list translations', () => {
  const english = leaves(taskListResources.en as unknown as Tree);

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    '%s has every key, none empty, with the same placeholders',
    (language) => {
      const other = leaves(taskListResources[language] as unknown as Tree);
      expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of english) {
        const translated = other.get(key) ?? '';
        expect(translated.trim(), `${language}:${key}`).not.toBe('');
        expect(placeholders(translated), `${language}:${key}`).toEqual(placeholders(text));
      }
    },
  );
});

describe('task-list counted strings', () => {
  const translate = (language: string, key: string, count: number) => {
    const i18n = createInstance();
    void i18n.init({ lng: language, resources: { [language]: { tl: taskListResources[language as 'en'] } } });
    return i18n.t(key, { ns: 'tl', count, formatted: String(count) });
  };

  it('uses the language plural rules: one task, two tasks, no tasks', () => {
    expect(translate('pt', 'paging.total', 1)).toBe('1 tarefa');
    expect(translate('pt', 'paging.total', 2)).toBe('2 tarefas');
    expect(translate('pt', 'paging.total', 0)).toBe('0 tarefas');
    expect(translate('en', 'bulk.confirmDeleteTitle', 1)).toBe('Delete 1 task?');
    expect(translate('en', 'bulk.confirmDeleteTitle', 3)).toBe('Delete 3 tasks?');
    expect(translate('de', 'selection.selected', 1)).toBe('1 ausgewählt');
    expect(translate('fr', 'paging.total', 1)).toBe('1 tâche');
    expect(translate('es', 'batches.confirmDeleteBody', 1)).toBe(
      'Su 1 tarea se queda en el espacio de trabajo sin lote.',
    );
    // French "many" (a million) falls back to the plural form.
    expect(translate('fr', 'paging.total', 1_000_000)).toBe('1000000 tâches');
  });

  it('gives every counted string a zero, one and other form in every language', () => {
    for (const language of LANGUAGES) {
      const keys = [...leaves(taskListResources[language] as unknown as Tree).keys()];
      const counted = new Set(keys.filter((k) => /_(zero|one|other)$/.test(k)).map((k) => k.replace(/_\w+$/, '')));
      for (const base of counted) {
        for (const form of ['zero', 'one', 'other']) expect(keys, `${language}:${base}`).toContain(`${base}_${form}`);
      }
    }
  });
});
