import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockTenantApi, MANAGER_ABILITIES, type MockTenantOptions, TENANT_ABILITIES } from '../test/mock-tenant';
import { abilities, renderAdmin } from '../test/render';
import { TenantSettings } from './TenantSettings';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function mock(options: MockTenantOptions = {}) {
  const api = createMockTenantApi(options);
  server.use(...api.handlers);
  return api.state;
}

const openTab = async (name: string) => userEvent.click(await screen.findByRole('tab', { name }));

describe('<TenantSettings> tabs', () => {
  it('offers each tab only with its permission', async () => {
    mock();
    renderAdmin(<TenantSettings />, { grants: MANAGER_ABILITIES });
    await screen.findByTestId('tenant.users');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Users']);
  });

  it('says so when the person may use none of them', async () => {
    mock();
    renderAdmin(<TenantSettings />, { grants: abilities('Workspace.View') });
    expect(await screen.findByText(/access/i)).toBeTruthy();
    expect(screen.queryByTestId('tenant-settings')).toBeNull();
  });

  it('tells the host which tab opened', async () => {
    mock();
    const onNavigate = vi.fn();
    renderAdmin(<TenantSettings onNavigate={onNavigate} />, { grants: TENANT_ABILITIES });
    await openTab('API secrets');
    expect(onNavigate).toHaveBeenCalledWith({ screen: 'tenant', tab: 'secrets' });
  });
});

describe('<TenantSettings> basic tab', () => {
  it('renames the tenant and shows its code', async () => {
    const state = mock();
    const onSaved = vi.fn();
    renderAdmin(<TenantSettings onSaved={onSaved} />, { grants: TENANT_ABILITIES });
    const name = await screen.findByTestId('tenant.basic.name');
    expect(screen.getByTestId('tenant.basic.code').textContent).toBe('acme');
    await userEvent.clear(name);
    await userEvent.type(name, 'Acme Documents');
    await userEvent.click(screen.getByTestId('tenant.basic.save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ screen: 'tenant', tab: 'basic' }));
    expect(state.tenant.name).toBe('Acme Documents');
  });

  it('refuses an empty name before calling the server, and is read-only without EditBasic', async () => {
    const state = mock();
    const { unmount } = renderAdmin(<TenantSettings />, { grants: TENANT_ABILITIES });
    await userEvent.clear(await screen.findByTestId('tenant.basic.name'));
    await userEvent.click(screen.getByTestId('tenant.basic.save'));
    expect(await screen.findByText('Give the tenant a name.')).toBeTruthy();
    expect(state.calls.filter((c) => c.startsWith('PATCH'))).toEqual([]);
    unmount();
    renderAdmin(<TenantSettings />, { grants: abilities('Tenant.View', 'Tenant.Edit') });
    expect((await screen.findByTestId('tenant.basic.name')).matches(':disabled')).toBe(true);
    expect(screen.queryByTestId('tenant.basic.save')).toBeNull();
  });
});

describe('<TenantSettings> users tab', () => {
  it('changes a role and a status with the permission for that role, never the own row or the owner', async () => {
    const state = mock();
    renderAdmin(<TenantSettings tab="users" />, { grants: TENANT_ABILITIES });
    const rui = await screen.findByTestId('tenant.users.role.rui.costa@example.com');
    await userEvent.selectOptions(rui, 'Creator');
    await waitFor(() => expect(state.people.find((p) => p.name === 'Rui Costa')?.roleId).toContain('40'));
    await userEvent.click(screen.getByTestId('tenant.users.toggle.rui.costa@example.com'));
    await waitFor(() => expect(state.people.find((p) => p.name === 'Rui Costa')?.userStatus).toBe(20));
    // The owner stays at least an administrator (nothing else to offer) and cannot be deactivated;
    // nobody changes their own row.
    expect(screen.queryByTestId('tenant.users.role.ana.silva@example.com')).toBeNull();
    expect(
      within(screen.getByTestId('tenant.users.row.ana.silva@example.com')).getByText('Administrator'),
    ).toBeTruthy();
    expect(screen.queryByTestId('tenant.users.toggle.ana.silva@example.com')).toBeNull();
    expect(screen.queryByTestId('tenant.users.role.beatriz.lopes@example.com')).toBeNull();
    expect(screen.getByTestId('tenant.users.superUserHelp')).toBeTruthy();
  });

  it('lets a manager change only the roles below theirs, without the super-user tooltip', async () => {
    mock({ role: 'Manager' });
    renderAdmin(<TenantSettings />, { grants: MANAGER_ABILITIES });
    const rui = await screen.findByTestId('tenant.users.role.rui.costa@example.com');
    expect(
      within(rui)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Creator', 'Reviewer', 'Viewer']);
    expect(screen.queryByTestId('tenant.users.role.ana.silva@example.com')).toBeNull();
    expect(screen.queryByTestId('tenant.users.toggle.joao.pereira@example.com')).toBeNull();
    expect(screen.queryByTestId('tenant.users.superUserHelp')).toBeNull();
  });

  it('invites someone new with a role and a workspace, once the address is checked', async () => {
    const state = mock();
    const onSaved = vi.fn();
    renderAdmin(<TenantSettings tab="users" onSaved={onSaved} />, { grants: TENANT_ABILITIES });
    await userEvent.type(await screen.findByTestId('tenant.invite.email'), 'nova@example.com');
    expect((await screen.findByTestId('tenant.invite.check')).dataset.state).toBe('1');
    await userEvent.type(screen.getByTestId('tenant.invite.name'), 'Nova Pessoa');
    await userEvent.selectOptions(screen.getByTestId('tenant.invite.role'), 'Reviewer');
    await userEvent.selectOptions(screen.getByTestId('tenant.invite.workspace'), 'Faturas de fornecedores');
    await userEvent.click(screen.getByTestId('tenant.invite.submit'));
    await waitFor(() => expect(state.invites).toHaveLength(1));
    expect(state.invites[0]).toEqual({
      email: 'nova@example.com',
      name: 'Nova Pessoa',
      workspaceId: '11111111-1111-4111-8111-111111111111',
      tenantRoleId: expect.stringContaining('50'),
      inviteToAllWorkspaces: false,
    });
    expect(onSaved).toHaveBeenCalledWith({ screen: 'tenant', tab: 'users' });
  });

  it('has nothing to send for a member unless a workspace is chosen, and nothing at all while blocked', async () => {
    mock();
    const { unmount } = renderAdmin(<TenantSettings tab="users" />, { grants: TENANT_ABILITIES });
    await userEvent.type(await screen.findByTestId('tenant.invite.email'), 'rui.costa@example.com');
    expect((await screen.findByTestId('tenant.invite.check')).dataset.state).toBe('3');
    expect(screen.getByTestId('tenant.invite.submit')).toHaveProperty('disabled', true);
    await userEvent.selectOptions(screen.getByTestId('tenant.invite.workspace'), 'Every workspace of the tenant');
    expect(screen.getByTestId('tenant.invite.submit')).toHaveProperty('disabled', false);
    unmount();
    mock({ invitationsBlockedBecause: 'the licence allows no more users' });
    renderAdmin(<TenantSettings tab="users" />, { grants: TENANT_ABILITIES });
    expect((await screen.findByTestId('tenant.invite.blocked')).textContent).toContain('no more users');
    expect(screen.getByTestId('tenant.invite.email').matches(':disabled')).toBe(true);
  });

  it('lets a developer act as another role and tells the host', async () => {
    const state = mock();
    const onSaved = vi.fn();
    renderAdmin(<TenantSettings tab="users" onSaved={onSaved} />, {
      grants: [...TENANT_ABILITIES, ...abilities('Tenant.ImpersonateRole')],
    });
    await userEvent.selectOptions(await screen.findByTestId('tenant.impersonation.role'), 'Reviewer');
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ screen: 'tenant', tab: 'impersonation' }));
    expect(state.impersonateRoleId).toContain('50');
  });
});

describe('<TenantSettings> API secrets tab', () => {
  it('creates a secret and shows it once', async () => {
    const state = mock({ empty: true });
    renderAdmin(<TenantSettings tab="secrets" />, { grants: TENANT_ABILITIES });
    expect(await screen.findByText('No API secret yet.')).toBeTruthy();
    expect(screen.queryByTestId('tenant.secrets.renew')).toBeNull();
    await userEvent.click(screen.getByTestId('tenant.secrets.create'));
    const shown = await screen.findByTestId('tenant.secrets.secret');
    const secret = state.secrets[0]?.secret ?? '';
    expect(shown.textContent).toBe(secret);
    await userEvent.click(screen.getByTestId('tenant.secrets.done'));
    await waitFor(() => expect(screen.queryByTestId('tenant.secrets.shown')).toBeNull());
    expect(document.body.textContent).not.toContain(secret);
    expect(await screen.findByTestId(`tenant.secrets.row.${state.secrets[0]?.clientId}`)).toBeTruthy();
  });

  it('marks expired secrets, renews the newest one, and refuses a date in the past', async () => {
    const state = mock();
    renderAdmin(<TenantSettings tab="secrets" />, { grants: TENANT_ABILITIES });
    const expired = await screen.findByTestId('tenant.secrets.row.rd-Hh61fDe02mQw');
    expect(within(expired).getByText('Expired')).toBeTruthy();
    const date = screen.getByTestId('tenant.secrets.expiration');
    await userEvent.clear(date);
    await userEvent.type(date, '2020-01-01');
    expect(screen.getByText('Choose a date in the future.')).toBeTruthy();
    expect(screen.getByTestId('tenant.secrets.create')).toHaveProperty('disabled', true);
    await userEvent.clear(date);
    await userEvent.type(date, '2030-06-30');
    await userEvent.click(screen.getByTestId('tenant.secrets.renew'));
    await screen.findByTestId('tenant.secrets.secret');
    expect(state.secrets[0]?.clientId).toBe('rd-2ZxXkq0PpA7Y');
    expect(state.secrets[0]?.expiration.slice(0, 7)).toBe('2030-06');
  });

  it('shows the secrets without the create form to whom may only see them', async () => {
    mock();
    renderAdmin(<TenantSettings tab="secrets" />, { grants: abilities('Tenant.ViewSecrets') });
    await screen.findByTestId('tenant.secrets.row.rd-2ZxXkq0PpA7Y');
    expect(screen.queryByTestId('tenant.secrets.issue')).toBeNull();
  });
});

describe('<TenantSettings> connectors tab', () => {
  const fill = async (values: Record<string, string>) => {
    for (const [field, value] of Object.entries(values)) {
      const input = screen.getByTestId(`tenant.connection.${field}`);
      await userEvent.clear(input);
      await userEvent.type(input, value);
    }
  };

  it('adds a WebDAV connection once the site accepts it, keeping what was typed after a refusal', async () => {
    const state = mock({ empty: true });
    const onSaved = vi.fn();
    renderAdmin(<TenantSettings tab="connectors" onSaved={onSaved} />, { grants: TENANT_ABILITIES });
    await userEvent.click(await screen.findByTestId('tenant.connectors.add'));
    await userEvent.click(screen.getByTestId('tenant.connection.save'));
    expect(screen.getAllByText('Fill this in.').length).toBeGreaterThan(0);
    await fill({
      displayName: 'Arquivo',
      name: 'arquivo share',
      hostname: 'files.example.com',
      clientId: 'reviewdesk',
      clientSecret: 'wrong',
    });
    await userEvent.click(screen.getByTestId('tenant.connection.save'));
    expect(screen.getByText(/Only letters, digits/)).toBeTruthy();
    expect(screen.getByText(/Type a whole address/)).toBeTruthy();
    expect(state.upserts).toEqual([]);
    await fill({ name: 'arquivo', hostname: 'https://files.example.com/dav/' });
    await userEvent.click(screen.getByTestId('tenant.connection.save'));
    const refusal = await screen.findByTestId('tenant.connection.error');
    expect(refusal.textContent).toContain('refused the user name or password');
    expect(screen.getByTestId('tenant.connection.displayName')).toHaveProperty('value', 'Arquivo');
    await fill({ clientSecret: 's3cret' });
    await userEvent.click(screen.getByTestId('tenant.connection.save'));
    expect(await screen.findByTestId('tenant.connectors.row.arquivo')).toBeTruthy();
    expect(onSaved).toHaveBeenCalledWith({ screen: 'tenant', tab: 'connectors' });
    expect(document.body.textContent).not.toContain('s3cret');
  });

  it('edits a connection without sending a secret unless one is typed', async () => {
    const state = mock();
    renderAdmin(<TenantSettings tab="connectors" />, { grants: TENANT_ABILITIES });
    await userEvent.click(await screen.findByTestId('tenant.connectors.edit.finance'));
    expect(screen.getByTestId('tenant.connection.clientSecret')).toHaveProperty('value', '');
    await fill({ displayName: 'Finanças (WebDAV)' });
    await userEvent.click(screen.getByTestId('tenant.connection.save'));
    await waitFor(() => expect(state.connections[0]?.displayName).toBe('Finanças (WebDAV)'));
    expect(state.upserts[0]).toMatchObject({ id: state.connections[0]?.id, clientSecret: null, name: 'finance' });
  });

  it('tests a connection by opening its root, and says why a site does not open', async () => {
    mock();
    renderAdmin(<TenantSettings tab="connectors" />, { grants: abilities('Tenant.ViewSharePointConnector') });
    await userEvent.click(await screen.findByTestId('tenant.connectors.testButton.finance'));
    expect((await screen.findByTestId('tenant.connectors.test.finance')).textContent).toBe(
      'Connected: the root holds 3 items.',
    );
    await userEvent.click(screen.getByTestId('tenant.connectors.testButton.contoso'));
    const failed = await screen.findByTestId('tenant.connectors.test.contoso');
    expect(failed.dataset.ok).toBe('false');
    expect(failed.textContent).toContain('Microsoft Graph answered 404');
    // Seeing is not managing.
    expect(screen.queryByTestId('tenant.connectors.add')).toBeNull();
    expect(screen.queryByTestId('tenant.connectors.edit.finance')).toBeNull();
  });

  it('deletes an unused connection and names the workspaces that keep another one', async () => {
    const state = mock();
    renderAdmin(<TenantSettings tab="connectors" />, { grants: TENANT_ABILITIES });
    await userEvent.click(await screen.findByTestId('tenant.connectors.delete.finance'));
    expect((await screen.findByText(/Faturas de fornecedores/)).textContent).toContain('disconnect them');
    expect(screen.getByTestId('tenant.connectors.confirmDelete')).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByTestId('tenant.connectors.delete.contoso'));
    await screen.findByText('No workspace uses this connection.');
    await userEvent.click(screen.getByTestId('tenant.connectors.confirmDelete'));
    await waitFor(() => expect(state.connections.map((c) => c.name)).toEqual(['finance']));
  });
});
