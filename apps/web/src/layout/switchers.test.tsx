import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/app';
import { API, implementing, server, tenants, withoutCapabilities } from '../test/server';

describe('the tenant switcher', () => {
  it('lists the tenants with the current one selected', async () => {
    renderApp({ abilities: ['Home.View'], language: 'en' });
    const select = (await screen.findByTestId('tenant-switcher')) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe(tenants[0]?.tenantId));
    expect([...select.options].map((o) => o.text)).toEqual(['Acme Documents', 'Globex Media']);
  });

  it('changes the tenant with ChangeTenant, then reloads to get that tenant’s abilities', async () => {
    let asked: string | null = null;
    server.use(
      http.patch(`${API}/v1/Tenant/ChangeTenant`, ({ request }) => {
        asked = new URL(request.url).searchParams.get('tenantId');
        return HttpResponse.json({ succeeded: true, errors: [], result: {} });
      }),
    );
    const { environment } = renderApp({ abilities: ['Home.View'], language: 'en' });
    const select = (await screen.findByTestId('tenant-switcher')) as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(2));
    await userEvent.selectOptions(select, tenants[1]?.tenantId ?? '');
    await waitFor(() => expect(environment.reload).toHaveBeenCalled());
    expect(asked).toBe(tenants[1]?.tenantId);
  });

  it('cannot be changed with a single tenant', async () => {
    server.use(http.get(`${API}/v1/Tenant/UserTenants`, () => HttpResponse.json(tenants.slice(0, 1))));
    renderApp({ abilities: ['Home.View'] });
    const select = (await screen.findByTestId('tenant-switcher')) as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(1));
    expect(select.disabled).toBe(true);
  });
});

describe('the workspace switcher', () => {
  it('is not offered when the server says it has no UserWorkspaces', async () => {
    renderApp({ abilities: ['Home.View'], language: 'en' });
    await screen.findByTestId('tenant-switcher');
    await waitFor(() => expect(screen.queryByText('Workspace')).toBeNull());
    expect(screen.queryByTestId('workspace-switcher')).toBeNull();
    expect(screen.queryByTestId('workspace-switcher.unavailable')).toBeNull();
  });

  it('says it is unavailable when a server that cannot list its calls answers 501, and lists nothing', async () => {
    server.use(withoutCapabilities);
    renderApp({ abilities: ['Home.View'], language: 'en' });
    const note = await screen.findByTestId('workspace-switcher.unavailable');
    expect(note.textContent).toContain('not available on this server yet');
    expect(screen.queryByTestId('workspace-switcher')).toBeNull();
  });

  it('lists the workspaces and remembers the choice', async () => {
    const membership = (id: string, name: string, isDefault = false) => ({
      userId: 'u',
      workspaceId: id,
      roleId: 'r',
      userStatus: 10,
      tenantId: 't',
      workspaceName: name,
      isDefault,
    });
    server.use(
      implementing('SdWorkspace_UserWorkspaces'),
      http.get(`${API}/v1/SdWorkspace/UserWorkspaces`, () =>
        HttpResponse.json([membership('w1', 'Invoices', true), membership('w2', 'Receipts')]),
      ),
    );
    renderApp({ abilities: ['Home.View'] });
    const select = (await screen.findByTestId('workspace-switcher')) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('w1'));
    await userEvent.selectOptions(select, 'w2');
    expect(select.value).toBe('w2');
    const stored = JSON.parse(localStorage.getItem('reviewdesk:preferences:demo-subject') ?? '{}');
    expect(stored.lastWorkspaceIds).toEqual(['w2']);
  });
});

describe('the workspace switcher with training workspaces', () => {
  const membership = (id: string, name: string, workspaceType: number, isDefault = false) => ({
    userId: 'u',
    workspaceId: id,
    roleId: 'r',
    userStatus: 10,
    tenantId: 't',
    workspaceName: name,
    isDefault,
    workspaceType,
  });
  const asked: string[] = [];
  const byType = () => [
    implementing('SdWorkspace_UserWorkspaces'),
    http.get(`${API}/v1/SdWorkspace/UserWorkspaces`, ({ request }) => {
      const type = new URL(request.url).searchParams.get('workspaceType') ?? '';
      asked.push(type);
      return HttpResponse.json(
        type === '20'
          ? [membership('t1', 'Delivery notes (training)', 20)]
          : [membership('w1', 'Invoices', 10, true), membership('w2', 'Delivery notes', 10)],
      );
    }),
  ];

  it('lists the labelling-and-training workspaces after the standard ones for who may see templates', async () => {
    server.use(...byType());
    renderApp({ abilities: ['Home.View', 'Templates.TemplateList'] });
    const select = (await screen.findByTestId('workspace-switcher')) as HTMLSelectElement;
    await waitFor(() =>
      expect([...select.options].map((o) => o.text)).toEqual([
        'Invoices',
        'Delivery notes',
        'Delivery notes (training)',
      ]),
    );
    expect(select.value).toBe('w1');
    await userEvent.selectOptions(select, 't1');
    expect(select.value).toBe('t1');
    const stored = JSON.parse(localStorage.getItem('reviewdesk:preferences:demo-subject') ?? '{}');
    expect(stored.lastWorkspaceIds).toEqual(['t1']);
  });

  // The abilities of the server's Reviewer and Viewer roles that bear on tasks (apps/server
  // src/domain/abilities.md): a Reviewer labels (Task.Review) without the template lists.
  const REVIEWER = ['Home.View', 'Workspace.View', 'Task.ListView', 'Task.View', 'Task.Review'] as const;
  const VIEWER = ['Home.View', 'Workspace.View', 'Task.ListView', 'Task.View'] as const;

  it('lists them for a Reviewer, who labels their tasks without seeing the template lists', async () => {
    server.use(...byType());
    renderApp({ abilities: [...REVIEWER] });
    const select = (await screen.findByTestId('workspace-switcher')) as HTMLSelectElement;
    await waitFor(() =>
      expect([...select.options].map((o) => o.text)).toEqual([
        'Invoices',
        'Delivery notes',
        'Delivery notes (training)',
      ]),
    );
    await userEvent.selectOptions(select, 't1');
    expect(select.value).toBe('t1');
  });

  it('does not list them for a Viewer, who may not label, and does not ask for them', async () => {
    asked.length = 0;
    server.use(...byType());
    renderApp({ abilities: [...VIEWER] });
    const select = (await screen.findByTestId('workspace-switcher')) as HTMLSelectElement;
    await waitFor(() => expect([...select.options].map((o) => o.text)).toEqual(['Invoices', 'Delivery notes']));
    expect(asked).not.toContain('20');
  });

  it('lists only the standard ones for who may not see templates, and does not ask for the others', async () => {
    asked.length = 0;
    server.use(...byType());
    renderApp({ abilities: ['Home.View'] });
    const select = (await screen.findByTestId('workspace-switcher')) as HTMLSelectElement;
    await waitFor(() => expect([...select.options].map((o) => o.text)).toEqual(['Invoices', 'Delivery notes']));
    expect(asked).not.toContain('20');
  });
});

describe('the skin', () => {
  it('is light at first, and the toggle switches to dark and remembers it per user', async () => {
    const { container } = renderApp({ abilities: ['Home.View'] });
    const toggle = await screen.findByTestId('skin.toggle');
    const root = container.querySelector('.rd-app') as HTMLElement;
    expect(root.dataset.rdTheme).toBe('light');
    await userEvent.click(toggle);
    expect(root.dataset.rdTheme).toBe('dark');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(localStorage.getItem('reviewdesk:preferences:demo-subject') ?? '{}').skin).toBe('dark');
  });
});

describe('the user menu', () => {
  it('signs out through the logout route', async () => {
    const { router } = renderApp({ abilities: ['Home.View', 'User.Profile'] });
    await userEvent.click(await screen.findByTestId('user-menu.trigger'));
    await userEvent.click(await screen.findByTestId('user-menu.sign-out'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication/logout'));
  });

  it('opens the profile', async () => {
    const { router } = renderApp({ abilities: ['Home.View', 'User.Profile'] });
    await userEvent.click(await screen.findByTestId('user-menu.trigger'));
    await userEvent.click(await screen.findByTestId('user-menu.profile'));
    expect(router.state.location.pathname).toBe('/user');
  });
});
