import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, MAX_RECENT_WORKSPACES, sanitizePreferences } from './defaults';
import { createPreferencesStore, preferencesKey } from './store';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe('preferences', () => {
  it("start from the spec's defaults", () => {
    const state = createPreferencesStore({ storage: memoryStorage() }).getState();
    expect(state).toMatchObject({
      skin: 'light',
      menuLayout: 'vertical',
      menuExpanded: true,
      fullWidth: true,
      autosave: true,
      ocrLayer: false,
      autoscroll: true,
      autoPause: false,
      lastWorkspaceIds: [],
      debug: {},
    });
  });

  it('persist per user and reload on the same device', () => {
    const storage = memoryStorage();
    createPreferencesStore({ userId: 'ana', storage }).getState().setPreferences({ skin: 'dark', autosave: false });
    createPreferencesStore({ userId: 'rui', storage }).getState().setPreferences({ ocrLayer: true, autoPause: true });

    expect(createPreferencesStore({ userId: 'ana', storage }).getState()).toMatchObject({
      skin: 'dark',
      autosave: false,
      ocrLayer: false,
    });
    expect(createPreferencesStore({ userId: 'rui', storage }).getState()).toMatchObject({
      skin: 'light',
      ocrLayer: true,
      autoPause: true,
    });
    expect([...storage.data.keys()].sort()).toEqual([preferencesKey('ana'), preferencesKey('rui')]);
  });

  it('uses localStorage by default', () => {
    createPreferencesStore({ userId: 'u1' }).getState().setPreferences({ fullWidth: false });
    expect(JSON.parse(localStorage.getItem('reviewdesk:preferences:u1') ?? '{}')).toMatchObject({ fullWidth: false });
  });

  it('remember recent workspaces, most recent first, without duplicates, bounded', () => {
    const store = createPreferencesStore({ storage: null });
    for (const id of ['a', 'b', 'a', 'c']) store.getState().rememberWorkspace(id);
    expect(store.getState().lastWorkspaceIds).toEqual(['c', 'a', 'b']);
    for (let i = 0; i < 20; i++) store.getState().rememberWorkspace(`w${i}`);
    expect(store.getState().lastWorkspaceIds).toHaveLength(MAX_RECENT_WORKSPACES);
  });

  it('keep separate stores apart', () => {
    const a = createPreferencesStore({ storage: null });
    const b = createPreferencesStore({ storage: null });
    a.getState().setPreferences({ debug: { queryDevtools: true } });
    expect(b.getState().debug).toEqual({});
  });

  it('fall back to defaults for corrupt or foreign data', () => {
    const storage = memoryStorage();
    storage.setItem(preferencesKey('x'), '{not json');
    expect(createPreferencesStore({ userId: 'x', storage }).getState().skin).toBe('light');
    expect(
      sanitizePreferences({ skin: 'purple', autosave: 'yes', lastWorkspaceIds: [1, 'w'], debug: { a: true, b: 1 } }),
    ).toEqual({
      ...DEFAULT_PREFERENCES,
      lastWorkspaceIds: ['w'],
      debug: { a: true },
    });
  });

  it('reset restores the defaults', () => {
    const store = createPreferencesStore({ storage: null });
    store.getState().setPreferences({ skin: 'dark', menuExpanded: false });
    store.getState().resetPreferences();
    expect(store.getState()).toMatchObject({ skin: 'light', menuExpanded: true });
  });
});
