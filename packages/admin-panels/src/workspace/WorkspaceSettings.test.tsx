import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockAdminApi, WORKSPACE_ID } from '../test/mock-api';
import { abilities, renderAdmin } from '../test/render';
import { WorkspaceSettings } from './WorkspaceSettings';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const editor = abilities('Workspace.View', 'Workspace.Edit', 'Workspace.EditBasic');

function mock(options: Parameters<typeof createMockAdminApi>[0] = {}) {
  const api = createMockAdminApi(options);
  server.use(...api.handlers);
  return api.state;
}

describe('<WorkspaceSettings> basic tab', () => {
  it('shows the saved values and saves what the person changed', async () => {
    const state = mock();
    const onSaved = vi.fn();
    renderAdmin(<WorkspaceSettings workspaceId={WORKSPACE_ID} onSaved={onSaved} />, { grants: editor });
    const name = await screen.findByTestId('workspace.basic.displayName');
    expect(name).toHaveProperty('value', 'Faturas de fornecedores');
    expect(screen.getByTestId('workspace.basic.save')).toHaveProperty('disabled', true);

    await userEvent.clear(name);
    await userEvent.type(name, 'Supplier invoices');
    await userEvent.selectOptions(screen.getByTestId('workspace.basic.languageCode'), 'en-US');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await userEvent.click(screen.getByTestId('workspace.basic.save'));

    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith({ screen: 'workspace', tab: 'basic', workspaceId: WORKSPACE_ID }),
    );
    expect(state.saves).toEqual([
      expect.objectContaining({
        id: WORKSPACE_ID,
        displayName: 'Supplier invoices',
        languages: { languageCode: 'en-US', inputLanguageCode: null, outputLanguageCode: null },
      }),
    ]);
    // The form now starts from what the server answered: nothing left unsaved.
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
    expect(state.workspaces.get(WORKSPACE_ID)?.displayName).toBe('Supplier invoices');
  });

  it("shows the workspace's import address to copy, and asks for it only with a permission that may see it", async () => {
    const state = mock();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { unmount } = renderAdmin(<WorkspaceSettings workspaceId={WORKSPACE_ID} />, { grants: editor });
    const address = await screen.findByTestId('workspace.basic.importAddress');
    expect(address.textContent).toBe(`acme-faturas-${WORKSPACE_ID.slice(0, 8)}@import.reviewdesk.example`);
    await userEvent.click(screen.getByTestId('workspace.basic.importAddress.copy'));
    expect(writeText).toHaveBeenCalledWith(address.textContent);
    expect(screen.getByTestId('workspace.basic.importAddress.copy').textContent).toBe('Copied');
    unmount();

    state.calls.length = 0;
    renderAdmin(<WorkspaceSettings workspaceId={WORKSPACE_ID} />, {
      grants: abilities('Workspace.View', 'Workspace.EditBasic'),
    });
    await screen.findByTestId('workspace.basic.displayName');
    expect(screen.queryByTestId('workspace.basic.importAddress')).toBeNull();
    expect(state.calls.some((call) => call.includes('importEmail'))).toBe(false);
  });

  it('refuses an empty name before calling the server', async () => {
    const state = mock();
    renderAdmin(<WorkspaceSettings workspaceId={WORKSPACE_ID} />, { grants: editor });
    await userEvent.clear(await screen.findByTestId('workspace.basic.displayName'));
    await userEvent.click(screen.getByTestId('workspace.basic.save'));
    expect(await screen.findByText('Give the workspace a name.')).toBeTruthy();
    expect(state.saves).toEqual([]);
  });

  it('shows the server refusal in the person language, keeps the edits and reports the error', async () => {
    mock({ failSaves: 400 });
    const onError = vi.fn();
    renderAdmin(<WorkspaceSettings workspaceId={WORKSPACE_ID} onError={onError} />, { grants: editor, locale: 'de' });
    const name = await screen.findByTestId('workspace.basic.displayName');
    await userEvent.type(name, ' 2');
    await userEvent.click(screen.getByTestId('workspace.basic.save'));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('workspace.basic.error').textContent).not.toBe('');
    expect(name).toHaveProperty('value', 'Faturas de fornecedores 2');
    expect(screen.getByText('Ungespeicherte Änderungen')).toBeTruthy();
  });

  it('shows the form read-only without Workspace.EditBasic', async () => {
    mock();
    renderAdmin(<WorkspaceSettings workspaceId={WORKSPACE_ID} />, {
      grants: abilities('Workspace.View', 'Workspace.Edit'),
    });
    // Disabled by its fieldset, as the browser sees it.
    expect((await screen.findByTestId('workspace.basic.displayName')).matches(':disabled')).toBe(true);
    expect(screen.getByRole('note').textContent).toBe('You can see these settings but not change them.');
    expect(screen.queryByTestId('workspace.basic.save')).toBeNull();
  });

  it('offers no tab and calls nothing without a workspace permission', async () => {
    const state = mock();
    renderAdmin(<WorkspaceSettings workspaceId={WORKSPACE_ID} />, { grants: abilities('Task.ListView') });
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByTestId('workspace-settings')).toBeNull();
    expect(state.calls).toEqual([]);
  });

  it('says so when the server does not offer the call', async () => {
    mock({ failReads: 501 });
    renderAdmin(<WorkspaceSettings workspaceId={WORKSPACE_ID} />, { grants: editor });
    expect(await screen.findByText('This part is not available on this server yet.')).toBeTruthy();
  });

  it('tells the host which tab the person opened', async () => {
    mock();
    const onNavigate = vi.fn();
    renderAdmin(<WorkspaceSettings workspaceId={WORKSPACE_ID} onNavigate={onNavigate} />, { grants: editor });
    await userEvent.click(await screen.findByRole('tab', { name: 'Basic' }));
    expect(onNavigate).toHaveBeenCalledWith({ screen: 'workspace', tab: 'basic' });
  });
});
