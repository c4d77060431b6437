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

const ALL = abilities('Workspace.View', 'Workspace.UpdateExport', 'Workspace.EditAdvancedSettings');

function open(options: MockWorkspaceConfigOptions = {}, grants = ALL) {
  const api = createMockWorkspaceApis(options);
  server.use(...api.handlers);
  const onSaved = vi.fn();
  renderAdmin(<WorkspaceSettings workspaceId={WORKSPACE_ID} tab="export" onSaved={onSaved} />, { grants });
  return { state: api.state, onSaved };
}

const stepField = (name: string) => screen.getByTestId(`workspace.export.step.export-erp.${name}`) as HTMLInputElement;

describe('<WorkspaceSettings> export tab', () => {
  it('turns on deleting files after export and changes nothing else of the settings', async () => {
    const { state, onSaved } = open({ advanced: { daysUntilRemoval: 12 } });
    await userEvent.click(await screen.findByTestId('workspace.export.isToDelAfterExport'));
    await userEvent.click(screen.getByTestId('workspace.export.after.save'));
    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith({ screen: 'workspace', tab: 'export', workspaceId: WORKSPACE_ID }),
    );
    expect(state.advanced.isToDelAfterExport).toBe(true);
    expect(state.advanced.daysUntilRemoval).toBe(12);
  });

  it('configures an export step, checking its form first', async () => {
    const { state } = open();
    await screen.findByText('Exportar para o ERP');
    expect(screen.getByText('Not configured')).toBeTruthy();
    await userEvent.clear(stepField('batchSize'));
    await userEvent.type(stepField('batchSize'), '900');
    await userEvent.type(stepField('folder'), 'entrada ERP');
    await userEvent.click(screen.getByTestId('workspace.export.step.export-erp.save'));
    expect(await screen.findByText('At most 500.')).toBeTruthy();
    expect(screen.getByText('Só letras, algarismos, /, _ e -.')).toBeTruthy();
    expect(state.saves).toEqual([]);
    await userEvent.clear(stepField('folder'));
    await userEvent.type(stepField('folder'), 'erp/entrada');
    await userEvent.clear(stepField('batchSize'));
    await userEvent.type(stepField('batchSize'), '100');
    await userEvent.click(stepField('includePdf'));
    await userEvent.click(screen.getByTestId('workspace.export.step.export-erp.save'));
    await screen.findByText('Configured');
    expect(state.steps[0]?.configurationValues).toEqual({ folder: 'erp/entrada', batchSize: 100, includePdf: false });
  });

  it('says where exports are written', async () => {
    open({ storage: { serviceName: 'webdav-docs', exportDirectoryPath: '/Exports/Faturas' } });
    expect(await screen.findByText('webdav-docs: /Exports/Faturas')).toBeTruthy();
  });

  it('says "not available" for the steps when the server lacks the call, and keeps the rest working', async () => {
    open({ notImplemented: ['SdWorkspace_IntegrationStepConfigs'] });
    expect(await screen.findByTestId('workspace.export.stepsNotAvailable')).toBeTruthy();
    expect(screen.getByTestId('workspace.export.isToDelAfterExport')).toBeTruthy();
  });

  it('shows the step values read-only without Workspace.UpdateExport, and the flag without the advanced permission', async () => {
    open({}, abilities('Workspace.View', 'Workspace.Edit'));
    await screen.findByText('Exportar para o ERP');
    expect(stepField('folder').matches(':disabled')).toBe(true);
    expect(screen.getByTestId('workspace.export.isToDelAfterExport').matches(':disabled')).toBe(true);
    expect(screen.queryByTestId('workspace.export.after.save')).toBeNull();
  });
});
