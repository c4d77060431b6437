import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockAdminApi, WORKSPACE_ID } from '../../test/mock-api';
import { abilities, renderAdmin } from '../../test/render';
import { WorkspaceSettings } from '../WorkspaceSettings';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function open(grants = abilities('Workspace.EditFields', 'Task.ReprocessMany')) {
  const api = createMockAdminApi();
  server.use(...api.handlers);
  const onSaved = vi.fn();
  renderAdmin(<WorkspaceSettings workspaceId={WORKSPACE_ID} tab="fields" onSaved={onSaved} />, { grants });
  return { state: api.state, onSaved };
}

const order = () =>
  within(screen.getByTestId('workspace.fields.selected'))
    .getAllByRole('listitem')
    .filter((li) => li.dataset.testid?.startsWith('workspace.fields.row.'))
    .map((li) => li.dataset.testid?.replace('workspace.fields.row.', ''));
const level = () => screen.getByTestId('workspace.fields.level');

describe('<WorkspaceSettings> fields tab', () => {
  it('reorders with the arrow keys, says it requires reprocessing, saves and offers to reprocess', async () => {
    const { state, onSaved } = open();
    const handle = await screen.findByTestId('workspace.fields.handle.InvoiceTotal');
    expect(level().textContent).toBe('No changes.');
    handle.focus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(order()).toEqual(['InvoiceTotal', 'InvoiceId', 'InvoiceDate', 'VendorTaxId', 'Items']);
    expect(document.activeElement).toBe(handle);
    expect(screen.getByText('Total moved to position 1 of 5.')).toBeTruthy();
    expect(level().textContent).toBe('Requires reprocessing.');

    await userEvent.click(screen.getByTestId('workspace.fields.save'));
    await screen.findByTestId('workspace.fields.reprocessOffer');
    expect(onSaved).toHaveBeenCalledWith({ screen: 'workspace', tab: 'fields', workspaceId: WORKSPACE_ID });
    expect(state.saves[0]).toMatchObject({
      addedFields: [],
      editedFields: [],
      deletedFields: [],
      fieldOrder: ['InvoiceTotal', 'InvoiceId', 'InvoiceDate', 'VendorTaxId', 'Items'],
    });
    await userEvent.click(screen.getByTestId('workspace.fields.reprocess'));
    await waitFor(() =>
      expect(state.reprocessed).toEqual([
        expect.objectContaining({
          workspaceId: WORKSPACE_ID,
          allSelected: true,
          filters: [{ field: 'status', operator: 'in', value: [60] }],
        }),
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId('workspace.fields.reprocessOffer')).toBeNull());
  });

  it('reorders by dragging a row onto another', async () => {
    open();
    const from = await screen.findByTestId('workspace.fields.row.Items');
    const to = screen.getByTestId('workspace.fields.row.InvoiceDate');
    const dataTransfer = { effectAllowed: '', dropEffect: '', setData: () => {}, getData: () => '' };
    fireEvent(from, Object.assign(createEvent.dragStart(from), { dataTransfer }));
    fireEvent(to, Object.assign(createEvent.dragOver(to), { dataTransfer }));
    fireEvent(to, Object.assign(createEvent.drop(to), { dataTransfer }));
    expect(order()).toEqual(['InvoiceId', 'Items', 'InvoiceDate', 'InvoiceTotal', 'VendorTaxId']);
  });

  it('tells an edit that applies to the current task from one that makes a field required', async () => {
    const { state } = open();
    await userEvent.click(await screen.findByTestId('workspace.fields.edit.InvoiceDate'));
    const name = screen.getByTestId('workspace.field.name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Emitida em');
    await userEvent.click(screen.getByTestId('workspace.field.done'));
    expect(level().textContent).toBe('Applies to the current task.');

    await userEvent.click(screen.getByTestId('workspace.fields.edit.InvoiceDate'));
    await userEvent.click(screen.getByTestId('workspace.field.required'));
    await userEvent.type(screen.getByTestId('workspace.field.pattern'), '([[a-z');
    await userEvent.click(screen.getByTestId('workspace.field.done'));
    expect(screen.getByText('This is not a valid regular expression.')).toBeTruthy();
    await userEvent.clear(screen.getByTestId('workspace.field.pattern'));
    await userEvent.click(screen.getByTestId('workspace.field.done'));
    expect(level().textContent).toBe('Requires reprocessing.');

    await userEvent.click(screen.getByTestId('workspace.fields.save'));
    await waitFor(() => expect(state.saves).toHaveLength(1));
    expect(state.saves[0]).toMatchObject({
      editedFields: [
        expect.objectContaining({
          categoryKey: 'InvoiceDate',
          displayName: 'Emitida em',
          fieldConfig: { type: 151, isRequired: true, pattern: null },
        }),
      ],
    });
    // Editing only: no offer to reprocess unless the server says the change needs it — it did.
    await screen.findByTestId('workspace.fields.reprocessOffer');
  });

  it('adds a field with a checked key and a random colour at opacity 0.32, detected at the end', async () => {
    const { state } = open();
    await userEvent.click(await screen.findByTestId('workspace.fields.add'));
    await userEvent.type(screen.getByTestId('workspace.field.key'), 'vat rate');
    await userEvent.type(screen.getByTestId('workspace.field.name'), 'Taxa de IVA');
    await userEvent.click(screen.getByTestId('workspace.field.done'));
    expect(screen.getByText('Only letters, digits and dots.')).toBeTruthy();
    const key = screen.getByTestId('workspace.field.key');
    await userEvent.clear(key);
    await userEvent.type(key, 'InvoiceTotal');
    await userEvent.click(screen.getByTestId('workspace.field.done'));
    expect(screen.getByText('Another field already has this key.')).toBeTruthy();
    await userEvent.clear(key);
    await userEvent.type(key, 'vat.rate');
    await userEvent.click(screen.getByTestId('workspace.field.done'));
    expect(order().at(-1)).toBe('vat.rate');

    await userEvent.click(screen.getByTestId('workspace.fields.save'));
    await waitFor(() => expect(state.saves).toHaveLength(1));
    const added = (state.saves[0] as { addedFields: Array<{ fillColor: string; strokeColor: string }> }).addedFields;
    expect(added).toHaveLength(1);
    expect(added[0]?.fillColor).toMatch(/^#[0-9a-f]{6}52$/);
    expect(added[0]?.fillColor.slice(0, 7)).toBe(added[0]?.strokeColor);
  });

  it('keeps table column keys to letters and digits', async () => {
    open();
    await userEvent.click(await screen.findByTestId('workspace.fields.addColumn.Items'));
    await userEvent.type(screen.getByTestId('workspace.field.key'), 'unit.price');
    await userEvent.type(screen.getByTestId('workspace.field.name'), 'Preço unitário');
    await userEvent.click(screen.getByTestId('workspace.field.done'));
    expect(screen.getByText('Only letters and digits in a table column key.')).toBeTruthy();
  });

  it('deletes a custom field (applies to the current task) but never a built-in one', async () => {
    const { state } = open();
    await screen.findByTestId('workspace.fields.row.cost.center');
    expect(screen.queryByTestId('workspace.fields.delete.InvoiceDate')).toBeNull();
    expect(screen.queryByTestId('workspace.fields.edit.InvoiceId')).toBeNull();
    await userEvent.click(screen.getByTestId('workspace.fields.delete.cost.center'));
    expect(level().textContent).toBe('Applies to the current task.');
    await userEvent.click(screen.getByTestId('workspace.fields.save'));
    await waitFor(() => expect(state.fields.categories.some((c) => c.categoryKey === 'cost.center')).toBe(false));
    // Applies to the current task: nothing to reprocess.
    expect(screen.queryByTestId('workspace.fields.reprocessOffer')).toBeNull();
  });
});
