// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createReviewdeskI18n, registerTranslations } from './instance';
import { LANGUAGES, toLanguage } from './languages';
import { uiResources } from './resources';

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') out.set(path, child);
    else for (const [k, v] of flatten(child, path)) out.set(k, v);
  }
  return out;
}

describe('ui translations', () => {
  const english = flatten(uiResources.en);

  it.each(LANGUAGES)('%s has exactly the keys of every other language, none empty', (lng) => {
    const strings = flatten(uiResources[lng]);
    expect([...strings.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of strings) expect(text.trim(), `${lng}:${key}`).not.toBe('');
  });

  it.each(LANGUAGES.filter((lng) => lng !== 'en'))('%s is translated, not a copy of English', (lng) => {
    const strings = flatten(uiResources[lng]);
    const copied = [...strings].filter(([key, text]) => text === english.get(key) && /[a-z]{3}/i.test(text));
    // A few words are the same in both languages (e.g. French "Notifications"); whole sections are not.
    expect(copied.length / strings.size).toBeLessThan(0.05);
  });

  it('keeps the same interpolation variables in every language', () => {
    const vars = (text: string) => (text.match(/{{\w+}}/g) ?? []).sort().join();
    for (const lng of LANGUAGES) {
      for (const [key, text] of flatten(uiResources[lng]))
        expect(vars(text), `${lng}:${key}`).toBe(vars(english.get(key) ?? ''));
    }
  });
});

describe('createReviewdeskI18n', () => {
  it('starts in Portuguese by default and translates synchronously', () => {
    const i18n = createReviewdeskI18n();
    expect(i18n.language).toBe('pt');
    expect(i18n.t('ui:taskStatus.ToReview')).toBe('Para rever');
  });

  it('creates independent instances', async () => {
    const a = createReviewdeskI18n({ language: 'en' });
    const b = createReviewdeskI18n({ language: 'de' });
    await a.changeLanguage('fr');
    expect(a.t('ui:common.close')).toBe('Fermer');
    expect(b.t('ui:common.close')).toBe('Schließen');
  });

  it('maps cultures and unsupported languages', () => {
    expect(toLanguage('en-US')).toBe('en');
    expect(toLanguage('es-ES')).toBe('es');
    expect(toLanguage('it')).toBe('pt');
    expect(toLanguage(undefined)).toBe('pt');
  });

  it('registers a feature namespace without overwriting host overrides', () => {
    const i18n = createReviewdeskI18n({ language: 'en' });
    i18n.addResourceBundle('en', 'task-list', { title: 'Our tasks' });
    const make = (title: string) => ({ title, empty: `${title}!` });
    registerTranslations(i18n, 'task-list', {
      pt: make('Tarefas'),
      en: make('Tasks'),
      de: make('Aufgaben'),
      fr: make('Tâches'),
      es: make('Tareas'),
    });
    expect(i18n.t('task-list:title')).toBe('Our tasks');
    expect(i18n.t('task-list:empty')).toBe('Tasks!');
    expect(i18n.getFixedT('es', 'task-list')('title')).toBe('Tareas');
  });
});
