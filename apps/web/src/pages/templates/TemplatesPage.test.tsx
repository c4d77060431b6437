import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/app';
import { API, server } from '../../test/server';

// The lists themselves are tested in their package; here only what this page adds: the labelling
// of a template opens the task list of its workspace, which lists that workspace.
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

describe('/templates/labelling', () => {
  it('opens the task list of the template workspace to label its documents', async () => {
    server.use(
      http.get(`${API}/v1/SdWorkspace/UserWorkspaces`, ({ request }) =>
        HttpResponse.json(
          new URL(request.url).searchParams.get('workspaceType') === '20'
            ? [
                {
                  userId: 'u-1',
                  workspaceId: TRAINING_WORKSPACE,
                  roleId: 'r-1',
                  userStatus: 10,
                  tenantId: 't-1',
                  workspaceName: 'Guias de remessa',
                  isDefault: false,
                  isConfigured: true,
                  taskType: 'CustomTrainTemplate',
                  workspaceType: 20,
                  templateType: 30,
                },
              ]
            : [],
        ),
      ),
      http.get(`${API}/v1/TemplateBuilder/validToTrain`, () =>
        HttpResponse.json({ conditions: {}, unclassifiedTaskCount: 4 }),
      ),
    );
    const { router } = renderApp({
      path: '/templates/labelling',
      abilities: ['Templates.TemplateList', 'Templates.ModelsList', 'Task.ListView'],
      language: 'en',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Label documents' }));
    await screen.findByTestId('task-list');
    expect(router.state.location.pathname).toBe('/task/list');
    expect(router.state.location.search).toBe(`?workspaceId=${TRAINING_WORKSPACE}`);
    expect(taskList.props).toMatchObject({ workspaceId: TRAINING_WORKSPACE });
  });
});
