import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WORKSPACE_ID } from '../../test/mock-api';
import { createMockWorkspaceApis, type MockWorkspaceConfigOptions, TEXTS } from '../../test/mock-workspace-config';
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
  renderAdmin(<WorkspaceSettings workspaceId={WORKSPACE_ID} tab="predefined-texts" onSaved={onSaved} />, { grants });
  return { state: api.state, onSaved };
}

const rows = () => within(screen.getByTestId('workspace.texts.list')).getAllByRole('listitem');

describe('<WorkspaceSettings> predefined-texts tab', () => {
  it('adds, edits, reorders by keyboard and deletes texts, and saves the list in its order', async () => {
    const { state, onSaved } = open();
    await screen.findByDisplayValue(TEXTS[0]?.text ?? '');
    expect(screen.getByTestId('workspace.texts.state.0').textContent).toBe('Saved');
    await userEvent.click(screen.getByTestId('workspace.texts.add'));
    await userEvent.type(screen.getByTestId('workspace.texts.text.2'), 'Falta o NIF do fornecedor.');
    expect(screen.getByTestId('workspace.texts.state.2').textContent).toBe('Not saved');
    // The new text to the top with the keyboard on its handle.
    const handle = screen.getByRole('button', { name: 'Reorder Falta o NIF do fornecedor.' });
    handle.focus();
    await userEvent.keyboard('{Home}');
    expect(rows()[0]?.querySelector('input')?.value).toBe('Falta o NIF do fornecedor.');
    expect(screen.getByText('Falta o NIF do fornecedor. moved to position 1 of 3.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Fatura duplicada.' }));
    await userEvent.click(screen.getByTestId('workspace.texts.save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(state.texts.map((t) => t.text)).toEqual(['Falta o NIF do fornecedor.', TEXTS[0]?.text]);
    await waitFor(() => expect(screen.getByTestId('workspace.texts.state.0').textContent).toBe('Saved'));
  });

  it('reorders by drag and drop', async () => {
    open();
    await screen.findByDisplayValue(TEXTS[0]?.text ?? '');
    const [first, second] = rows();
    fireEvent.dragStart(second as HTMLElement, { dataTransfer: { effectAllowed: '' } });
    fireEvent.dragOver(first as HTMLElement);
    fireEvent.drop(first as HTMLElement);
    expect(rows()[0]?.querySelector('input')?.value).toBe(TEXTS[1]?.text);
  });

  it('says which row is empty or repeated, and sends nothing', async () => {
    const { state } = open();
    await screen.findByDisplayValue(TEXTS[0]?.text ?? '');
    await userEvent.click(screen.getByTestId('workspace.texts.add'));
    await userEvent.click(screen.getByTestId('workspace.texts.add'));
    await userEvent.type(screen.getByTestId('workspace.texts.text.3'), 'fatura duplicada.');
    await userEvent.click(screen.getByTestId('workspace.texts.save'));
    expect(await screen.findByText('Write the text, or delete the row.')).toBeTruthy();
    expect(screen.getByText('This text is already in the list.')).toBeTruthy();
    expect(state.saves).toEqual([]);
  });

  it('keeps the draft when the save fails, with the server message', async () => {
    const { state } = open({ failSaves: 400 });
    await screen.findByDisplayValue(TEXTS[0]?.text ?? '');
    await userEvent.click(screen.getByTestId('workspace.texts.add'));
    await userEvent.type(screen.getByTestId('workspace.texts.text.2'), 'Nova');
    await userEvent.click(screen.getByTestId('workspace.texts.save'));
    expect(await screen.findByTestId('workspace.texts.error')).toBeTruthy();
    expect(screen.getByDisplayValue('Nova')).toBeTruthy();
    expect(state.texts).toHaveLength(2);
  });

  it('shows the list read-only to whom may only view the workspace', async () => {
    const { state } = open({}, abilities('Workspace.View'));
    await screen.findByText('You can see these settings but not change them.');
    expect(screen.getByDisplayValue(TEXTS[0]?.text ?? '').matches(':disabled')).toBe(true);
    expect(screen.queryByTestId('workspace.texts.save')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reorder/ })).toBeNull();
    expect(state.saves).toEqual([]);
  });
});
