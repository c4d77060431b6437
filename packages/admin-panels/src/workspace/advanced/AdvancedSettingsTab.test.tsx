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

function open(options: MockWorkspaceConfigOptions = {}, grants = abilities('Workspace.EditAdvancedSettings')) {
  const api = createMockWorkspaceApis(options);
  server.use(...api.handlers);
  const onSaved = vi.fn();
  renderAdmin(<WorkspaceSettings workspaceId={WORKSPACE_ID} tab="advanced-settings" onSaved={onSaved} />, { grants });
  return { state: api.state, onSaved };
}

const field = (key: string) => screen.getByTestId(`workspace.advanced.${key}`) as HTMLInputElement;
async function replace(key: string, value: string) {
  await userEvent.clear(field(key));
  if (value) await userEvent.type(field(key), value);
}

describe('<WorkspaceSettings> advanced-settings tab', () => {
  it('saves numbers, thresholds in percent, file types, splitting and the fill colour in the contract’s units', async () => {
    const { state, onSaved } = open();
    await screen.findByDisplayValue('31');
    await replace('daysUntilRemoval', '90');
    await replace('maxFileSizeMb', '50');
    await replace('fieldsConfidenceRateEntry', '42.5');
    await replace('globalAverageConfidenceRateCheck', '');
    await userEvent.type(field('newType'), 'TIFF{Enter}');
    await userEvent.click(field('skip..tiff'));
    await userEvent.click(field('splitEnabled'));
    await replace('pagesPerChunk', '25');
    await replace('anonymizationFillColor', '#112233cc');
    await userEvent.click(field('externalIdRequired'));
    await userEvent.click(field('save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(state.advanced).toMatchObject({
      daysUntilRemoval: 90,
      maxFileSizeBytes: 52_428_800,
      fieldsConfidenceRateEntry: 0.425,
      globalAverageConfidenceRateCheck: null,
      supportedFileTypes: ['.pdf', '.png', '.jpg', '.tiff'],
      fileTypesToSkipReview: ['.tiff'],
      splitSettings: { isEnabled: true, pagesPerChunk: 25, minutesPerChunk: 10 },
      anonymizationFillColor: '#112233cc',
      externalIdRequired: true,
      // Left to the export tab, untouched here.
      isToDelAfterExport: false,
    });
  });

  it('checks the ranges of product-spec §5 by field and sends nothing', async () => {
    const { state } = open();
    await screen.findByDisplayValue('31');
    await replace('daysUntilRemoval', '91');
    await replace('hoursUntilTasksConsideredStuck', '0');
    await replace('maxRestartCount', '1.5');
    await replace('checkoutExpireMinutes', '');
    await replace('fieldsConfidenceRateCheck', '120');
    await replace('anonymizationFillColor', 'red');
    await userEvent.click(field('save'));
    expect(await screen.findByText('Between 1 and 90.')).toBeTruthy();
    expect(screen.getByText('At least 1.')).toBeTruthy();
    expect(screen.getByText('Type a whole number.')).toBeTruthy();
    expect(screen.getByText('Fill this in.')).toBeTruthy();
    expect(screen.getByText('Between 0 and 100.')).toBeTruthy();
    expect(screen.getByText('Write the colour as #rrggbb or #rrggbbaa.')).toBeTruthy();
    expect(field('daysUntilRemoval').getAttribute('aria-invalid')).toBe('true');
    expect(state.saves).toEqual([]);
  });

  it('refuses a file type that is not one and a workspace without file types', async () => {
    const { state } = open({ advanced: { supportedFileTypes: ['.pdf'] } });
    await screen.findByDisplayValue('31');
    await userEvent.type(field('newType'), 'pd f{Enter}');
    expect(screen.getByText('Letters and digits after a dot, e.g. .pdf.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove .pdf' }));
    await userEvent.click(field('save'));
    expect(await screen.findByText('The workspace needs at least one file type.')).toBeTruthy();
    expect(state.saves).toEqual([]);
  });

  it('shows the server’s refusal beside the field it names and keeps what was typed', async () => {
    // Translation workspaces cannot split: only the server knows the task type (WorkspaceConfigError 10).
    const { state } = open({ notSplittable: true });
    await screen.findByDisplayValue('31');
    await replace('daysUntilRemoval', '45');
    await userEvent.click(field('splitEnabled'));
    await userEvent.click(field('save'));
    expect(await screen.findByText('The server refused this value (code 10).')).toBeTruthy();
    expect(field('daysUntilRemoval').value).toBe('45');
    expect(state.advanced.daysUntilRemoval).toBe(31);
  });

  it('shows the settings read-only to whom may only edit the workspace', async () => {
    const { state } = open({}, abilities('Workspace.Edit'));
    await screen.findByText('You can see these settings but not change them.');
    expect(field('daysUntilRemoval').matches(':disabled')).toBe(true);
    expect(screen.queryByTestId('workspace.advanced.save')).toBeNull();
    expect(state.saves).toEqual([]);
  });
});
