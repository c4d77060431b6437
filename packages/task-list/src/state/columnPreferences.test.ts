import { describe, expect, it } from 'vitest';
import { columnsKey, createColumnPreferencesStore, DEFAULT_VISIBLE_COLUMNS } from './columnPreferences';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('column preferences', () => {
  it('are remembered per workspace', () => {
    const storage = memoryStorage();
    const a = createColumnPreferencesStore({ workspaceId: 'a', userId: 'u', storage });
    a.getState().setVisible('externalId', true);
    a.getState().setVisible('batch', false);
    expect(createColumnPreferencesStore({ workspaceId: 'a', userId: 'u', storage }).getState().visible).toEqual([
      ...DEFAULT_VISIBLE_COLUMNS.filter((c) => c !== 'batch'),
      'externalId',
    ]);
    expect(createColumnPreferencesStore({ workspaceId: 'b', userId: 'u', storage }).getState().visible).toEqual(
      DEFAULT_VISIBLE_COLUMNS,
    );
  });

  it('fall back to the defaults for corrupt data', () => {
    const storage = memoryStorage();
    storage.data.set(columnsKey('a', 'u'), '{"not":"a list"}');
    expect(createColumnPreferencesStore({ workspaceId: 'a', userId: 'u', storage }).getState().visible).toEqual(
      DEFAULT_VISIBLE_COLUMNS,
    );
  });
});
