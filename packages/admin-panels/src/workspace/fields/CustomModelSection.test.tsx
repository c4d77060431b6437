import type { Schema } from '@reviewdesk/api-client';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockAdminApi, WORKSPACE_ID } from '../../test/mock-api';
import { abilities, renderAdmin } from '../../test/render';
import { WorkspaceSettings } from '../WorkspaceSettings';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const MODEL: Schema<'AvailableCustomModel'> = {
  id: '22222222-2222-4222-8222-222222222222',
  modelName: 'Delivery notes (training)',
  serviceName: 'reviewdesk-template',
  versionNumber: 2,
  averageConfidence: 0.96,
  trainingStatus: 60,
  templateType: 30,
  createdOn: '2026-11-26T17:00:00Z',
  trainingDurationMinutes: 1,
  isCurrent: false,
};

function open(options: { workspace?: Partial<Schema<'Workspace'>>; refuse?: string } = {}) {
  const api = createMockAdminApi({ workspace: options.workspace });
  const patches: Array<Schema<'CustomModelPatch'>> = [];
  const asked: string[] = [];
  server.use(
    http.get('*/api/:version/SdWorkspace/AvailableCustomModel', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('currentModelId') ?? '(none)');
      return HttpResponse.json([MODEL]);
    }),
    http.patch('*/api/:version/SdWorkspace/PatchCustomModel', async ({ request }) => {
      const body = (await request.json()) as Schema<'CustomModelPatch'>;
      patches.push(body);
      if (options.refuse) {
        return HttpResponse.json({ succeeded: false, result: false, errors: [{ code: 10, message: options.refuse }] });
      }
      const workspace = api.state.workspaces.get(body.workspaceId);
      if (workspace) api.state.workspaces.set(body.workspaceId, { ...workspace, customModelId: body.customModelId });
      return HttpResponse.json({ succeeded: true, result: true, errors: [] });
    }),
    ...api.handlers,
  );
  const onSaved = vi.fn();
  renderAdmin(<WorkspaceSettings workspaceId={WORKSPACE_ID} tab="fields" onSaved={onSaved} />, {
    grants: abilities('Workspace.EditFields', 'Workspace.UpdateCustomModel'),
  });
  return { patches, asked, onSaved };
}

describe('custom model of a workspace (fields tab)', () => {
  it('offers the trained models beside the built-in recognizer and uses the one chosen', async () => {
    const { patches, asked, onSaved } = open();
    const choice = await screen.findByTestId('workspace.customModel.choice');
    await screen.findByRole('option', { name: 'Delivery notes (training), version 2 (96 % average confidence)' });
    expect(asked).toEqual(['']);
    expect((choice as HTMLSelectElement).value).toBe('');
    expect(screen.getByTestId('workspace.customModel.save')).toHaveProperty('disabled', true);
    await userEvent.selectOptions(choice, MODEL.id);
    await userEvent.click(screen.getByTestId('workspace.customModel.save'));
    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith({ screen: 'workspace', tab: 'fields', workspaceId: WORKSPACE_ID }),
    );
    expect(patches).toEqual([{ workspaceId: WORKSPACE_ID, customModelId: MODEL.id }]);
    // Read again: the workspace now names the model as its current one.
    await waitFor(() => expect(asked).toContain(MODEL.id));
    await waitFor(() =>
      expect((screen.getByTestId('workspace.customModel.choice') as HTMLSelectElement).value).toBe(MODEL.id),
    );
  });

  it("shows the server's refusal and keeps the choice", async () => {
    open({ refuse: "'Delivery notes (training)' has no trained version yet." });
    const choice = await screen.findByTestId('workspace.customModel.choice');
    await screen.findByRole('option', { name: /Delivery notes/ });
    await userEvent.selectOptions(choice, MODEL.id);
    await userEvent.click(screen.getByTestId('workspace.customModel.save'));
    expect((await screen.findByTestId('workspace.customModel.refusal')).textContent).toBe(
      "'Delivery notes (training)' has no trained version yet.",
    );
    expect((choice as HTMLSelectElement).value).toBe(MODEL.id);
  });

  it('is not offered in a labelling-and-training workspace', async () => {
    open({ workspace: { workspaceType: 20, templateType: 30, templateRowKey: 'CustomTrainTemplate' } });
    await screen.findByTestId('workspace.fields.selected');
    expect(screen.queryByTestId('workspace.customModel')).toBeNull();
  });
});
