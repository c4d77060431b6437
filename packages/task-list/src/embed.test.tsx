import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mountTaskList } from './embed';
import { createFakeServer, makeTask, WORKSPACE_ID } from './test/fakeApi';

const abilities = [{ subject: 'Task', action: 'ListView' }];

describe('mountTaskList', () => {
  it('mounts independent instances, reports typed events, and cleans up', async () => {
    const a = createFakeServer([makeTask(1)]);
    const b = createFakeServer([makeTask(2), makeTask(3)]);
    const left = document.createElement('div');
    const right = document.createElement('div');
    document.body.append(left, right);
    const common = { workspaceId: WORKSPACE_ID, abilities, preferencesStorage: null, columnsStorage: null } as const;
    const first = await act(async () => mountTaskList(left, { ...common, client: a.api, locale: 'en' }));
    const second = await act(async () => mountTaskList(right, { ...common, client: b.api, locale: 'de' }));

    await waitFor(() => expect(left.querySelectorAll('[data-testid^="task-list.row."]').length).toBe(1));
    await waitFor(() => expect(right.querySelectorAll('[data-testid^="task-list.row."]').length).toBe(2));
    // Own i18n per instance: one English, one German.
    expect(left.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe('To review');
    expect(right.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe('Zu prüfen');

    const opened = vi.fn();
    const off = first.on('openTask', opened);
    const button = left.querySelector<HTMLButtonElement>(`[data-testid="task-list.open.${makeTask(1).id}"]`);
    await act(async () => button?.click());
    expect(opened).toHaveBeenCalledWith(expect.objectContaining({ taskId: makeTask(1).id, workspaceId: WORKSPACE_ID }));
    off();
    await act(async () => button?.click());
    expect(opened).toHaveBeenCalledTimes(1);

    await act(async () => first.update({ locale: 'fr' }));
    await waitFor(() =>
      expect(left.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe('À réviser'),
    );

    await act(async () => first.destroy());
    expect(left.innerHTML).toBe('');
    expect(right.querySelectorAll('[data-testid^="task-list.row."]').length).toBe(2);
    await act(async () => second.destroy());
  });
});
