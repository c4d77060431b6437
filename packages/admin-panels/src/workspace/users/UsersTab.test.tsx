import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockAdminApi, ROLES, WORKSPACE_ID } from '../../test/mock-api';
import { abilities, renderAdmin } from '../../test/render';
import { WorkspaceSettings } from '../WorkspaceSettings';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const manager = abilities(
  'Workspace.ListUsers',
  'Workspace.AddUsers',
  'Workspace.UpdateUserStatus',
  'Workspace.UpdateUserStatus.Reviewer',
);

function open(grants = manager, locale = 'en') {
  const api = createMockAdminApi();
  server.use(...api.handlers);
  const onSaved = vi.fn();
  renderAdmin(<WorkspaceSettings workspaceId={WORKSPACE_ID} tab="users" onSaved={onSaved} />, { grants, locale });
  return { state: api.state, onSaved };
}

describe('<WorkspaceSettings> users tab', () => {
  it('lists the members and switches the status only of roles the person may change', async () => {
    const { state, onSaved } = open();
    const rui = await screen.findByTestId('workspace.users.row.rui.costa@example.com');
    expect(within(rui).getByText('Reviewer')).toBeTruthy();
    expect(within(rui).getByText('Active')).toBeTruthy();
    // An administrator's status needs Workspace.UpdateUserStatus.Administrator.
    expect(screen.queryByTestId('workspace.users.toggle.ana.silva@example.com')).toBeNull();
    expect(screen.queryByTestId('workspace.users.toggle.joao.pereira@example.com')).toBeNull();
    expect(screen.getByTestId('workspace.users.toggle.marta.sousa@example.com').textContent).toBe('Activate');

    await userEvent.click(within(rui).getByRole('button', { name: 'Deactivate Rui Costa' }));
    await waitFor(() => expect(within(rui).getByText('Inactive')).toBeTruthy());
    expect(state.saves).toEqual([{ userId: state.members[1]?.userId, workspaceId: WORKSPACE_ID, userStatus: 20 }]);
    expect(onSaved).toHaveBeenCalledWith({ screen: 'workspace', tab: 'users', workspaceId: WORKSPACE_ID });
  });

  it('names the roles in the person’s language, in the list and in the invitation, and says to whom it went', async () => {
    open(manager, 'de');
    const rui = await screen.findByTestId('workspace.users.row.rui.costa@example.com');
    expect(within(rui).getByText('Prüfer')).toBeTruthy();
    await userEvent.type(await screen.findByTestId('workspace.invite.email'), 'neue.person@example.com');
    await screen.findByTestId('workspace.invite.check');
    const role = screen.getByTestId('workspace.invite.role');
    expect(within(role).getByRole('option', { name: 'Prüfer' })).toBeTruthy();
    expect(within(role).queryByRole('option', { name: 'Reviewer' })).toBeNull();
    await userEvent.type(screen.getByTestId('workspace.invite.name'), 'Neue Person');
    await userEvent.click(screen.getByTestId('workspace.invite.submit'));
    await screen.findByText('Einladung an neue.person@example.com gesendet.');
  });

  it('invites someone new with a name and a tenant role, after checking the address', async () => {
    const { state } = open();
    const email = await screen.findByTestId('workspace.invite.email');
    await userEvent.type(email, 'nova.pessoa@example.com');
    expect((await screen.findByTestId('workspace.invite.check')).dataset.state).toBe('1');
    await userEvent.type(screen.getByTestId('workspace.invite.name'), 'Nova Pessoa');
    // Developer is not selectable in a tenant.
    const role = screen.getByTestId('workspace.invite.role');
    expect(within(role).queryByText('Developer')).toBeNull();
    await userEvent.selectOptions(role, 'Reviewer');
    await userEvent.click(screen.getByTestId('workspace.invite.submit'));

    await screen.findByTestId('workspace.users.row.nova.pessoa@example.com');
    expect(state.invites).toEqual([
      {
        email: 'nova.pessoa@example.com',
        name: 'Nova Pessoa',
        workspaceId: WORKSPACE_ID,
        tenantRoleId: ROLES.find((r) => r.name === 'Reviewer')?.id,
        inviteToAllWorkspaces: false,
      },
    ]);
    expect(email).toHaveProperty('value', '');
  });

  it('adds a tenant member without asking a name, and does not re-invite a member unless to every workspace', async () => {
    const { state } = open();
    const email = await screen.findByTestId('workspace.invite.email');
    await userEvent.type(email, 'ines.almeida@example.com');
    expect((await screen.findByTestId('workspace.invite.check')).dataset.state).toBe('4');
    expect(screen.queryByTestId('workspace.invite.name')).toBeNull();

    await userEvent.clear(email);
    await userEvent.type(email, 'rui.costa@example.com');
    await waitFor(() => expect(screen.getByTestId('workspace.invite.check').dataset.state).toBe('5'));
    expect(screen.getByText('Already a member of this workspace.')).toBeTruthy();
    expect(screen.getByTestId('workspace.invite.submit')).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByTestId('workspace.invite.every'));
    await userEvent.click(screen.getByTestId('workspace.invite.submit'));
    await waitFor(() =>
      expect(state.invites).toEqual([
        expect.objectContaining({ email: 'rui.costa@example.com', workspaceId: null, inviteToAllWorkspaces: true }),
      ]),
    );
  });

  it('never offers the signed-in person to switch their own status', async () => {
    open(abilities('Workspace.ListUsers', 'Workspace.UpdateUserStatus', 'Workspace.UpdateUserStatus.Administrator'));
    // Ana Silva is the signed-in administrator of the mock.
    await screen.findByTestId('workspace.users.row.ana.silva@example.com');
    await waitFor(() => expect(screen.queryAllByRole('button', { name: /Deactivate|Activate/ })).toHaveLength(0));
  });

  it('shows the list without the invitation to whom may not invite', async () => {
    const { state } = open(abilities('Workspace.ListUsers'));
    await screen.findByTestId('workspace.users.row.ana.silva@example.com');
    expect(screen.queryByTestId('workspace.invite')).toBeNull();
    expect(screen.queryByRole('button', { name: /Deactivate|Activate/ })).toBeNull();
    expect(state.calls.some((c) => c.includes('CheckIfUserCanBeInvited'))).toBe(false);
  });
});
