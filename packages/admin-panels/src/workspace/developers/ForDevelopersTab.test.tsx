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

const DEVELOPER = abilities(
  'Workspace.View',
  'Workspace.ForDevelopers',
  'Workspace.RedirectQueues',
  'Workspace.ManageHooks',
);

function open(options: MockWorkspaceConfigOptions = {}, grants = DEVELOPER) {
  const api = createMockWorkspaceApis(options);
  server.use(...api.handlers);
  const onSaved = vi.fn();
  renderAdmin(<WorkspaceSettings workspaceId={WORKSPACE_ID} tab="for-developers" onSaved={onSaved} />, { grants });
  return { state: api.state, onSaved };
}

describe('<WorkspaceSettings> for-developers tab', () => {
  it('lists the pipeline’s steps by stage and redirects a step to another queue', async () => {
    const { state, onSaved } = open();
    expect(await screen.findByText('Reconhecimento de texto')).toBeTruthy();
    expect(screen.getByText('Placeholder')).toBeTruthy();
    await userEvent.click(await screen.findByTestId('workspace.developers.redirect.ocr.enabled'));
    await userEvent.click(screen.getByTestId('workspace.developers.redirect.ocr.save'));
    expect(await screen.findByText('Choose the queue, or turn the redirect off.')).toBeTruthy();
    await userEvent.selectOptions(screen.getByTestId('workspace.developers.redirect.ocr.queue'), 'ocr-priority');
    await userEvent.click(screen.getByTestId('workspace.developers.redirect.ocr.save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(state.redirects.get('ocr')).toMatchObject({ enabled: true, overrideQueueName: 'ocr-priority' });
    expect(await screen.findByTestId('workspace.developers.hasRedirects')).toBeTruthy();
  });

  it('chooses the hooks run after recognition, in order', async () => {
    const { state } = open({ recognizerHooks: ['iban-check'] });
    await userEvent.click(await screen.findByTestId('workspace.developers.hook.nif-check'));
    await userEvent.click(screen.getByTestId('workspace.developers.hooks.save'));
    await waitFor(() => expect(state.recognizerHooks).toEqual(['iban-check', 'nif-check']));
  });

  it('says "not available" for redirects and hooks when the server answers 501, and still shows the pipeline', async () => {
    open({
      notImplemented: [
        'SdWorkspace_PipelineHasRedirects',
        'SdWorkspace_GetStepRedirected',
        'SdWorkspace_AvailableHooks',
        'SdWorkspace_RecognizerHooks',
      ],
    });
    expect(await screen.findByTestId('workspace.developers.redirectsNotAvailable')).toBeTruthy();
    expect(await screen.findByTestId('workspace.developers.hooksNotAvailable')).toBeTruthy();
    expect(screen.getByText('Reconhecimento de texto')).toBeTruthy();
    expect(screen.queryByTestId('workspace.developers.redirect.ocr.enabled')).toBeNull();
  });

  it('shows redirects and hooks read-only without their permissions', async () => {
    const { state } = open({}, abilities('Workspace.View', 'Workspace.ForDevelopers'));
    const enabled = await screen.findByTestId('workspace.developers.redirect.ocr.enabled');
    expect(enabled.matches(':disabled')).toBe(true);
    expect((await screen.findByTestId('workspace.developers.hook.nif-check')).matches(':disabled')).toBe(true);
    expect(screen.queryByTestId('workspace.developers.hooks.save')).toBeNull();
    expect(state.saves).toEqual([]);
  });
});
