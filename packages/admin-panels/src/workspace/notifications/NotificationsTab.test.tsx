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

function open(options: MockWorkspaceConfigOptions = {}) {
  const api = createMockWorkspaceApis(options);
  server.use(...api.handlers);
  const onSaved = vi.fn();
  renderAdmin(<WorkspaceSettings workspaceId={WORKSPACE_ID} tab="notifications" onSaved={onSaved} />, {
    grants: abilities('Workspace.Notifications'),
  });
  return { state: api.state, onSaved };
}

describe('<WorkspaceSettings> notifications tab', () => {
  it('sets who gets mail for each event, further addresses and the language', async () => {
    const { state, onSaved } = open();
    await screen.findByText('contabilidade@example.com');
    await userEvent.click(screen.getByTestId('workspace.notifications.20.creator'));
    await userEvent.type(screen.getByTestId('workspace.notifications.20.address'), 'arquivo@example.com{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Remove contabilidade@example.com' }));
    await userEvent.selectOptions(screen.getByTestId('workspace.notifications.language'), 'de');
    await userEvent.click(screen.getByTestId('workspace.notifications.save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(state.notifications).toEqual({
      language: 'de',
      events: [
        {
          eventType: 10,
          configs: [{ notificationType: 10, notifyCreator: false, notifyReviewers: true, customRecipients: [] }],
        },
        {
          eventType: 20,
          configs: [
            {
              notificationType: 10,
              notifyCreator: true,
              notifyReviewers: false,
              customRecipients: ['arquivo@example.com'],
            },
          ],
        },
      ],
    });
  });

  it('refuses an address that is not one, or is already listed', async () => {
    const { state } = open();
    await screen.findByText('contabilidade@example.com');
    const address = screen.getByTestId('workspace.notifications.10.address');
    await userEvent.type(address, 'contabilidade{Enter}');
    expect(screen.getByText('Type a whole e-mail address.')).toBeTruthy();
    await userEvent.clear(address);
    await userEvent.type(address, 'CONTABILIDADE@example.com{Enter}');
    expect(screen.getByText('This address is already in the list.')).toBeTruthy();
    expect(within(screen.getByTestId('workspace.notifications.10.recipients')).getAllByRole('listitem')).toHaveLength(
      1,
    );
    expect(state.saves).toEqual([]);
  });

  it('keeps the form when the save fails', async () => {
    const { state } = open({ failSaves: 500 });
    await screen.findByText('contabilidade@example.com');
    await userEvent.click(screen.getByTestId('workspace.notifications.10.creator'));
    await userEvent.click(screen.getByTestId('workspace.notifications.save'));
    expect(await screen.findByTestId('workspace.notifications.error')).toBeTruthy();
    expect(screen.getByTestId('workspace.notifications.10.creator')).toHaveProperty('checked', true);
    expect(state.notifications.events[0]?.configs[0]?.notifyCreator).toBe(false);
  });

  it('is not offered without Workspace.Notifications', async () => {
    const api = createMockWorkspaceApis();
    server.use(...api.handlers);
    renderAdmin(<WorkspaceSettings workspaceId={WORKSPACE_ID} tab="notifications" />, {
      grants: abilities('Workspace.Edit'),
    });
    expect(await screen.findByRole('tab', { name: 'Predefined texts' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Notifications' })).toBeNull();
  });
});
