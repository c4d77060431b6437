import { screen, waitFor } from '@testing-library/react';
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

const MANAGER = abilities('Workspace.View', 'Workspace.ManageStorage', 'Tenant.ViewSharePointConnector');

function open(options: MockWorkspaceConfigOptions = {}, grants = MANAGER) {
  const api = createMockWorkspaceApis(options);
  server.use(...api.handlers);
  const onSaved = vi.fn();
  renderAdmin(<WorkspaceSettings workspaceId={WORKSPACE_ID} tab="storage" onSaved={onSaved} />, { grants });
  return { state: api.state, onSaved };
}

const input = (id: string) => screen.getByTestId(`workspace.storage.${id}`) as HTMLInputElement;

describe('<WorkspaceSettings> storage tab', () => {
  it('picks a connection, browses it for the export folder and the glossary file, and saves', async () => {
    const { state, onSaved } = open();
    await screen.findByTestId('workspace.storage.none');
    await waitFor(() => expect(input('connection').textContent).toContain('Arquivo WebDAV'));
    await userEvent.selectOptions(input('connection'), 'arquivo-dav');
    await userEvent.click(input('browse.exportDirectoryPath'));
    await userEvent.click(await screen.findByRole('button', { name: 'Open Exportacoes' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Open Faturas' }));
    await screen.findByText('No sub-folders here.');
    await userEvent.click(screen.getByTestId('workspace.storage.browser.choose'));
    expect(input('exportDirectoryPath').value).toBe('/Exportacoes/Faturas');
    await userEvent.click(input('browse.globalGlossaryPath'));
    await userEvent.click(await screen.findByRole('button', { name: 'Open Glossarios' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Choose global.tbx' }));
    expect(input('globalGlossaryPath').value).toBe('/Glossarios/global.tbx');
    await userEvent.click(input('save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(state.storage).toMatchObject({
      serviceName: 'arquivo-dav',
      exportDirectoryPath: '/Exportacoes/Faturas',
      glossaryDirectoryPath: null,
      globalGlossaryPath: '/Glossarios/global.tbx',
    });
    await waitFor(() => expect(screen.queryByTestId('workspace.storage.none')).toBeNull());
  });

  it('shows a folder the server could not read beside it, with its code, and keeps the form', async () => {
    const { state } = open();
    await waitFor(() => expect(input('connection').textContent).toContain('Arquivo WebDAV'));
    await userEvent.selectOptions(input('connection'), 'arquivo-dav');
    await userEvent.type(input('glossaryDirectoryPath'), 'Nao/Existe');
    await userEvent.click(input('save'));
    expect(await screen.findByText('This folder could not be read (code 40).')).toBeTruthy();
    expect(input('glossaryDirectoryPath').value).toBe('Nao/Existe');
    expect(state.storage).toBeNull();
  });

  it('asks for a connection before saving', async () => {
    const { state } = open();
    await screen.findByTestId('workspace.storage.none');
    await userEvent.type(input('exportDirectoryPath'), '/Exportacoes');
    await userEvent.click(input('save'));
    expect(await screen.findByText('Choose a connection.')).toBeTruthy();
    expect(state.saves).toEqual([]);
  });

  it('disconnects the storage after asking', async () => {
    const { state } = open({ storage: { serviceName: 'arquivo-dav', exportDirectoryPath: '/Exportacoes' } });
    await userEvent.click(await screen.findByTestId('workspace.storage.disconnect'));
    await userEvent.click(screen.getByTestId('workspace.storage.disconnectConfirm'));
    await screen.findByTestId('workspace.storage.none');
    expect(state.storage).toBeNull();
  });

  it('shows the storage read-only without Workspace.ManageStorage', async () => {
    const { state } = open(
      { storage: { serviceName: 'arquivo-dav', exportDirectoryPath: '/Exportacoes' } },
      abilities('Workspace.View', 'Workspace.Edit'),
    );
    await screen.findByText('You can see these settings but not change them.');
    expect(input('exportDirectoryPath').value).toBe('/Exportacoes');
    expect(input('exportDirectoryPath').matches(':disabled')).toBe(true);
    expect(screen.queryByTestId('workspace.storage.disconnect')).toBeNull();
    expect(state.saves).toEqual([]);
  });
});
