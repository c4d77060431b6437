import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTRACTS_ID, createMockTemplatesApi, DELIVERY_ID, type MockTemplatesOptions } from '../test/mock-templates';
import { abilities, renderAdmin } from '../test/render';
import { TemplateList } from './TemplateList';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function mock(options: MockTemplatesOptions = {}) {
  const api = createMockTemplatesApi(options);
  server.use(...api.handlers);
  return api.state;
}

const TEMPLATES = [
  'TemplateList',
  'CreateField',
  'UpdateField',
  'DeleteField',
  'ModelsList',
  'ActivateModel',
  'CustomModelActions',
  'TracesDashboardView',
  'ListEvents',
].map((a) => `Templates.${a}`);
const admin = abilities(...TEMPLATES, 'Workspace.EditBasic', 'Workspace.ForDevelopers');

describe('<TemplateList kind="configure">', () => {
  it('lists the templates with their workspace and kind, and refuses a person without the list permission', async () => {
    mock();
    const { unmount } = renderAdmin(<TemplateList kind="configure" />, { grants: admin });
    const item = within(await screen.findByTestId(`templates.item.${DELIVERY_ID}`));
    expect(item.getByRole('heading', { name: 'Guias de remessa' })).toBeTruthy();
    expect(item.getByText('Template model')).toBeTruthy();
    expect(item.getByText('Workspace: Guias de remessa')).toBeTruthy();
    expect(within(screen.getByTestId(`templates.item.${CONTRACTS_ID}`)).getByText('Neural model')).toBeTruthy();
    unmount();
    renderAdmin(<TemplateList kind="configure" />, { grants: abilities('Templates.ModelsList') });
    expect(screen.queryByTestId('templates.configure')).toBeNull();
  });

  it('adds a DynamicTable field after checking its keys, edits one, deletes one after confirming', async () => {
    const state = mock();
    const onSaved = vi.fn();
    renderAdmin(<TemplateList kind="configure" onSaved={onSaved} />, { grants: admin });
    await userEvent.click(await screen.findByTestId(`templates.edit.${DELIVERY_ID}`));
    const fields = within(await screen.findByTestId('templates.fields'));
    expect(await fields.findByText('Columns: Item*, Qty')).toBeTruthy();

    await userEvent.click(fields.getByTestId('templates.fields.add'));
    await userEvent.type(fields.getByTestId('templates.field.key'), 'tax id');
    await userEvent.type(fields.getByTestId('templates.field.name'), 'Impostos');
    await userEvent.selectOptions(fields.getByTestId('templates.field.type'), '400');
    await userEvent.click(fields.getByTestId('templates.field.save'));
    expect(fields.getByText('Only letters, digits and dots.')).toBeTruthy();
    expect(fields.getByText('A table needs at least one column.')).toBeTruthy();
    expect(state.calls.some((c) => c.startsWith('POST'))).toBe(false);

    await userEvent.clear(fields.getByTestId('templates.field.key'));
    await userEvent.type(fields.getByTestId('templates.field.key'), 'Taxes');
    await userEvent.click(fields.getByTestId('templates.field.addColumn'));
    await userEvent.type(fields.getByTestId('templates.column.0.key'), 'tax rate');
    await userEvent.click(fields.getByTestId('templates.field.save'));
    expect(fields.getByText('Only letters and digits in a table column key.')).toBeTruthy();
    await userEvent.clear(fields.getByTestId('templates.column.0.key'));
    await userEvent.type(fields.getByTestId('templates.column.0.key'), 'Rate');
    await userEvent.click(fields.getByTestId('templates.column.0.required'));
    await userEvent.click(fields.getByTestId('templates.field.save'));
    expect(await fields.findByTestId('templates.field.Taxes')).toBeTruthy();
    const created = state.fields.get(DELIVERY_ID)?.find((f) => f.categoryKey === 'Taxes');
    expect(created).toMatchObject({
      templateFieldType: 400,
      groupType: 100,
      table: { tableHeaders: [{ uniqueId: 'Rate', fieldType: 50, isRequired: true }] },
    });
    expect(onSaved).toHaveBeenCalledWith({ screen: 'templates', tab: 'basic', workspaceId: DELIVERY_ID });

    await userEvent.click(fields.getByRole('button', { name: 'Edit Data' }));
    await userEvent.click(fields.getByTestId('templates.field.required'));
    await userEvent.click(fields.getByTestId('templates.field.save'));
    await waitFor(() =>
      expect(
        state.fields.get(DELIVERY_ID)?.find((f) => f.categoryKey === 'DeliveryDate')?.fieldConfig?.isRequired,
      ).toBe(true),
    );

    await userEvent.click(await fields.findByRole('button', { name: 'Delete Data' }));
    expect(fields.getByText('Delete Data and the values labelled for it?')).toBeTruthy();
    await userEvent.click(fields.getByTestId('templates.field.deleteConfirm'));
    await waitFor(() => expect(fields.queryByTestId('templates.field.DeliveryDate')).toBeNull());
    expect(state.fields.get(DELIVERY_ID)?.map((f) => f.categoryKey)).toEqual(['DeliveryNumber', 'Lines', 'Taxes']);
  });

  it('renames the template in the basic tab and shows ids and events for developers', async () => {
    const state = mock();
    renderAdmin(<TemplateList kind="configure" />, { grants: admin });
    await userEvent.click(await screen.findByTestId(`templates.edit.${DELIVERY_ID}`));
    const name = await screen.findByTestId('templates.basic.name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Guias do fornecedor A');
    await userEvent.click(screen.getByTestId('templates.basic.save'));
    await waitFor(() => expect(state.workspaces[0]?.workspaceName).toBe('Guias do fornecedor A'));

    await userEvent.click(screen.getByRole('tab', { name: 'For developers' }));
    const dev = within(await screen.findByTestId('templates.developers'));
    expect(dev.getByText(DELIVERY_ID)).toBeTruthy();
    const v1 = within(await dev.findByTestId('templates.dev-model.1'));
    expect(await v1.findByRole('link', { name: 'Training trace' })).toHaveProperty(
      'href',
      'https://traces.reviewdesk.test/models/66666666-6666-4666-8666-000000000001',
    );
  });

  it('offers no field changes without the field permissions', async () => {
    mock();
    renderAdmin(<TemplateList kind="configure" />, { grants: abilities('Templates.TemplateList') });
    await userEvent.click(await screen.findByTestId(`templates.edit.${DELIVERY_ID}`));
    const fields = within(await screen.findByTestId('templates.fields'));
    await fields.findByTestId('templates.field.DeliveryNumber');
    expect(fields.queryByTestId('templates.fields.add')).toBeNull();
    expect(fields.queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'For developers' })).toBeNull();
  });
});

describe('<TemplateList kind="labelling">', () => {
  it('says what waits to be labelled and opens the labelling of a workspace', async () => {
    mock({ classifiedTasks: 3 });
    const onOpenLabelling = vi.fn();
    renderAdmin(<TemplateList kind="labelling" onOpenLabelling={onOpenLabelling} />, { grants: admin });
    const panel = within(await screen.findByTestId(`templates.labelling.${DELIVERY_ID}`));
    expect((await panel.findByTestId('templates.labelling.counts')).textContent).toBe(
      '2 documents wait to be labelled. Fewer than 5 documents are labelled: label more for a good result.',
    );
    await userEvent.click(panel.getByRole('button', { name: 'Label documents' }));
    expect(onOpenLabelling).toHaveBeenCalledWith({ workspaceId: DELIVERY_ID });
  });
});

describe('<TemplateList kind="training">', () => {
  it('trains a version, follows it through 30–50 and activates it', async () => {
    const state = mock();
    renderAdmin(<TemplateList kind="training" pollIntervalMs={50} />, { grants: admin });
    const panel = within(await screen.findByTestId(`templates.training.${DELIVERY_ID}`));
    const readiness = within(await panel.findByTestId('templates.readiness.30'));
    expect(readiness.getByText('At least 5 documents are labelled: enough for a good result.')).toBeTruthy();
    expect(panel.queryByTestId('templates.readiness.50')).toBeNull();
    expect(within(await panel.findByTestId('templates.model.1')).getByText('Active')).toBeTruthy();
    expect(within(panel.getByTestId('templates.model.1')).getByText('93%')).toBeTruthy();

    await userEvent.click(readiness.getByTestId('templates.train.30'));
    const v3 = await panel.findByTestId('templates.model.3');
    expect(v3.dataset.phase).toBe('training');
    await waitFor(() => expect(panel.getByTestId('templates.model.3').dataset.phase).toBe('trained'), {
      timeout: 4000,
    });
    expect(within(panel.getByTestId('templates.model.3')).getByText('98%')).toBeTruthy();
    await userEvent.click(panel.getByRole('button', { name: 'Activate version 3' }));
    await waitFor(() => expect(within(panel.getByTestId('templates.model.3')).getByText('Active')).toBeTruthy());
    expect(within(panel.getByTestId('templates.model.1')).getByText('Trained')).toBeTruthy();
    expect(state.calls.filter((c) => c.startsWith('PUT /TemplateBuilder/UpsertWorkspaceTemplate'))).toHaveLength(1);
  });

  it('shows why a training failed, and a refusal of the server', async () => {
    mock({ trainingFailsWith: 'No anchor words on 2 pages.' });
    renderAdmin(<TemplateList kind="training" pollIntervalMs={50} />, { grants: admin });
    const neural = within(await screen.findByTestId(`templates.training.${CONTRACTS_ID}`));
    const train50 = await neural.findByTestId('templates.train.50');
    expect(train50).toHaveProperty('disabled', true);
    expect(neural.getByText(/neural training takes at most 50,000 pages/)).toBeTruthy();

    const panel = within(screen.getByTestId(`templates.training.${DELIVERY_ID}`));
    await userEvent.click(await panel.findByTestId('templates.train.30'));
    expect(await panel.findByText('Reason: No anchor words on 2 pages.', undefined, { timeout: 4000 })).toBeTruthy();
    expect(panel.getByTestId('templates.model.3').dataset.phase).toBe('failed');
  });

  it('keeps the versions read-only without ActivateModel and hides Train without CustomModelActions', async () => {
    mock();
    renderAdmin(<TemplateList kind="training" />, {
      grants: abilities('Templates.TemplateList', 'Templates.ModelsList'),
    });
    const panel = within(await screen.findByTestId(`templates.training.${DELIVERY_ID}`));
    await panel.findByTestId('templates.model.2');
    expect(panel.queryByRole('button', { name: /Activate/ })).toBeNull();
    expect(panel.queryByTestId('templates.readiness')).toBeNull();
  });
});
