// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/languages';
import { columnProblems, FIELD_TYPE_CODES, keyProblem, newTemplateField } from './field-rules';
import { templateFieldsResources } from './i18n';
import { inListOrder } from './TemplateFields';

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') out.set(path, child);
    else for (const [k, v] of flatten(child, path)) out.set(k, v);
  }
  return out;
}

describe('template field rules', () => {
  it('keys: letters, digits and dots; a column or a key–value part letters and digits; unique', () => {
    expect(keyProblem('', false, [])).toBe('empty');
    expect(keyProblem('Invoice.Total', false, [])).toBeNull();
    expect(keyProblem('Invoice total', false, [])).toBe('characters');
    expect(keyProblem('Invoice.Total', true, [])).toBe('tableCharacters');
    expect(keyProblem('Total', false, [{ categoryKey: 'Total' }])).toBe('duplicate');
  });

  it('columns: each key checked, a repeated one named', () => {
    expect(columnProblems([{ uniqueId: 'Item' }, { uniqueId: '' }, { uniqueId: 'A-1' }, { uniqueId: 'Item' }])).toEqual(
      [null, 'empty', 'tableCharacters', 'duplicate'],
    );
  });

  it('a new field is text, optional, and names its parent when it is a key–value part', () => {
    expect(newTemplateField()).toMatchObject({ templateFieldType: 50, parentCategoryKey: null, table: null });
    expect(newTemplateField('Total').parentCategoryKey).toBe('Total');
  });

  it('lists parts right after their field', () => {
    const field = (categoryKey: string, parentCategoryKey: string | null = null) => ({
      ...newTemplateField(parentCategoryKey),
      categoryKey,
    });
    const order = inListOrder([field('A'), field('B'), field('A1', 'A'), field('B1', 'B'), field('A2', 'A')]);
    expect(order.map((f) => f.categoryKey)).toEqual(['A', 'A1', 'A2', 'B', 'B1']);
  });
});

describe('template-fields translations', () => {
  const english = flatten(templateFieldsResources.en);

  it.each(LANGUAGES)('%s has every key, none empty, with the same variables', (lng) => {
    const strings = flatten(templateFieldsResources[lng]);
    expect([...strings.keys()].sort()).toEqual([...english.keys()].sort());
    const vars = (text: string) => (text.match(/{{\w+}}/g) ?? []).sort().join();
    for (const [key, text] of strings) {
      expect(text.trim(), `${lng}:${key}`).not.toBe('');
      expect(vars(text), `${lng}:${key}`).toBe(vars(english.get(key) ?? ''));
    }
  });

  it('names every field type code', () => {
    for (const code of FIELD_TYPE_CODES) expect(english.get(`types.${code}`)).toBeTruthy();
  });
});
