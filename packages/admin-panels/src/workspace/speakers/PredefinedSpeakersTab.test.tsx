import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WORKSPACE_ID } from '../../test/mock-api';
import { createMockWorkspaceApis, type MockWorkspaceConfigOptions } from '../../test/mock-workspace-config';
import { abilities, renderAdmin } from '../../test/render';
import { WorkspaceSettings } from '../WorkspaceSettings';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function open(options: MockWorkspaceConfigOptions = {}, grants = abilities('Workspace.Edit')) {
  const api = createMockWorkspaceApis(options);
  server.use(...api.handlers);
  const onSaved = vi.fn();
  renderAdmin(<WorkspaceSettings workspaceId={WORKSPACE_ID} tab="predefined-speakers" onSaved={onSaved} />, {
    grants,
  });
  return { state: api.state, onSaved };
}

/**
 * Adds a row and waits for its name field to take the focus (a frame later): typed before, the
 * keys would go where the focus was, and the focus then jump under the typing.
 */
async function addRow(index: number) {
  await userEvent.click(screen.getByTestId('workspace.speakers.add'));
  await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId(`workspace.speakers.name.${index}`)));
}

describe('<WorkspaceSettings> predefined-speakers tab', () => {
  it('adds a speaker, makes it the default, moves it first and saves what the server stores', async () => {
    const { state, onSaved } = open();
    await screen.findByDisplayValue('Ana Silva');
    await addRow(2);
    await userEvent.type(screen.getByTestId('workspace.speakers.name.2'), 'Marta Sousa');
    await userEvent.type(screen.getByTestId('workspace.speakers.prefix.2'), 'Eng.');
    await userEvent.click(screen.getByTestId('workspace.speakers.default.2'));
    // Only one default: Ana is no longer it.
    expect(screen.getByTestId('workspace.speakers.default.0')).toHaveProperty('checked', false);
    expect(screen.getByTestId('workspace.speakers.state.0').textContent).toBe('Not saved');
    await userEvent.click(screen.getByRole('button', { name: 'Move Marta Sousa up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move Marta Sousa up' }));
    const first = within(screen.getByTestId('workspace.speakers.list')).getAllByRole('listitem')[0];
    expect(within(first as HTMLElement).getByDisplayValue('Marta Sousa')).toBeTruthy();
    await userEvent.click(screen.getByTestId('workspace.speakers.save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(state.speakers.map((s) => [s.speakerName, s.speakerPrefix ?? null, s.isDefault])).toEqual([
      ['Marta Sousa', 'Eng.', true],
      ['Ana Silva', 'Dra.', false],
      ['Rui Costa', null, false],
    ]);
    await waitFor(() => expect(screen.getByTestId('workspace.speakers.state.0').textContent).toBe('Saved'));
  });

  it('refuses an empty or repeated name by its row, and sends nothing', async () => {
    const { state } = open();
    await screen.findByDisplayValue('Ana Silva');
    await addRow(2);
    await addRow(3);
    await userEvent.type(screen.getByTestId('workspace.speakers.name.3'), 'ana silva');
    await userEvent.click(screen.getByTestId('workspace.speakers.save'));
    expect(await screen.findByText('Give the speaker a name, or delete the row.')).toBeTruthy();
    expect(screen.getByText('Another speaker already has this name.')).toBeTruthy();
    expect(state.saves).toEqual([]);
  });

  it('deletes a speaker and keeps the draft when the save fails', async () => {
    const { state } = open({ failSaves: 500 });
    await screen.findByDisplayValue('Ana Silva');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Rui Costa' }));
    await userEvent.click(screen.getByTestId('workspace.speakers.save'));
    expect(await screen.findByTestId('workspace.speakers.error')).toBeTruthy();
    expect(screen.queryByDisplayValue('Rui Costa')).toBeNull();
    expect(state.speakers).toHaveLength(2);
  });

  it('says when the workspace has none', async () => {
    open({ speakers: [] });
    expect(await screen.findByTestId('workspace.speakers.empty')).toBeTruthy();
  });
});
