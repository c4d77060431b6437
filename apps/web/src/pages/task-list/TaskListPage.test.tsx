import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/app';
import { API, implementing, server } from '../../test/server';

// The list itself is tested in its package; here only which workspace the page lists: the one the
// header's switcher shows, a training workspace among them.
const taskList = vi.hoisted(() => ({ props: null as null | Record<string, unknown> }));
vi.mock('@reviewdesk/task-list', async (original) => ({
  ...(await original<typeof import('@reviewdesk/task-list')>()),
  TaskList: (props: Record<string, unknown>) => {
    taskList.props = props;
    return <div data-testid="task-list" />;
  },
}));
vi.mock('@reviewdesk/task-list/styles.css', () => ({}));

const TRAINING_WORKSPACE = '44444444-4444-4444-8444-444444444444';
const INVOICES = '55555555-5555-4555-8555-555555555555';

const membership = (workspaceId: string, workspaceName: string, workspaceType: number, isDefault = false) => ({
  userId: 'u-1',
  workspaceId,
  roleId: 'r-1',
  userStatus: 10,
  tenantId: 't-1',
  workspaceName,
  isDefault,
  workspaceType,
});

describe('/task/list', () => {
  it('lists the training workspace the switcher shows', async () => {
    localStorage.setItem(
      'reviewdesk:preferences:demo-subject',
      JSON.stringify({ lastWorkspaceIds: [TRAINING_WORKSPACE] }),
    );
    server.use(
      implementing('SdWorkspace_UserWorkspaces'),
      http.get(`${API}/v1/SdWorkspace/UserWorkspaces`, ({ request }) =>
        HttpResponse.json(
          new URL(request.url).searchParams.get('workspaceType') === '20'
            ? [membership(TRAINING_WORKSPACE, 'Delivery notes (training)', 20)]
            : [membership(INVOICES, 'Invoices', 10, true)],
        ),
      ),
    );
    renderApp({ path: '/task/list', abilities: ['Task.ListView', 'Templates.TemplateList'], language: 'en' });
    await screen.findByTestId('task-list');
    await waitFor(() => expect(taskList.props).toMatchObject({ workspaceId: TRAINING_WORKSPACE }));
    const switcher = (await screen.findByTestId('workspace-switcher')) as HTMLSelectElement;
    expect(switcher.value).toBe(TRAINING_WORKSPACE);
  });

  it("opens a training workspace's list for a Reviewer, who labels without the template lists", async () => {
    server.use(
      implementing('SdWorkspace_UserWorkspaces'),
      http.get(`${API}/v1/SdWorkspace/UserWorkspaces`, ({ request }) =>
        HttpResponse.json(
          new URL(request.url).searchParams.get('workspaceType') === '20'
            ? [membership(TRAINING_WORKSPACE, 'Delivery notes (training)', 20)]
            : [membership(INVOICES, 'Invoices', 10, true)],
        ),
      ),
    );
    renderApp({ path: '/task/list', abilities: ['Task.ListView', 'Task.View', 'Task.Review'], language: 'en' });
    await waitFor(() => expect(taskList.props).toMatchObject({ workspaceId: INVOICES }));
    const switcher = (await screen.findByTestId('workspace-switcher')) as HTMLSelectElement;
    await waitFor(() => expect([...switcher.options].map((o) => o.value)).toContain(TRAINING_WORKSPACE));
    await userEvent.selectOptions(switcher, TRAINING_WORKSPACE);
    await waitFor(() => expect(taskList.props).toMatchObject({ workspaceId: TRAINING_WORKSPACE }));
  });
});
