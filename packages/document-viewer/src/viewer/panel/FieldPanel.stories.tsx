import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { addEntity, boundingBox, setValue } from '../../session/document-edits.js';
import '../../styles/index.css';
import { invoiceConfig } from '../../test/fixtures.js';
import { storyApi, type ViewerPartArgs, viewerPartStories } from '../../test/ViewerStoryFrame.js';
import { useAttention, useFields } from '../derived.js';
import { useActionContext } from '../workspace/useActionContext.js';
import { FieldPanel } from './FieldPanel.js';

/**
 * The field panel of a loaded invoice (src/test/fixtures.ts) on a real review session against the
 * MSW stand-in of the viewer's calls: value rows (FieldRow) with their problems and chip bars
 * (ChipBar), required fields without a value (MissingField), the table and the guided pass.
 */
const api = storyApi();

function Panel() {
  const ctx = useActionContext();
  const fields = useFields();
  const attention = useAttention(fields);
  return (
    <div style={{ width: 380, height: '100vh', display: 'flex' }}>
      <FieldPanel fields={fields} attention={attention} ctx={ctx} />
    </div>
  );
}

const meta = {
  title: 'document-viewer/FieldPanel',
  ...viewerPartStories(api, Panel),
} satisfies Meta<ViewerPartArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** As recognised: a value not matching its pattern, low-confidence values, a required field missing. */
export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const total = await canvas.findByRole('textbox', { name: 'Total value' }, { timeout: 10_000 });
    await expect(total).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByTestId('field.InvoiceTotal')).toHaveTextContent('Does not match the expected format.');
    await expect(canvas.getByTestId('field.DueDate')).toHaveTextContent('Very low confidence');
    await expect(canvas.getByTestId('panel.attention')).toHaveTextContent(/\d+ fields need attention/);
    await expect(canvas.getByRole('table', { name: 'Table Line items' })).toBeInTheDocument();
  },
};

/** A required field with no value (MissingField): typing adds the value and the problem goes. */
export const MissingRequiredField: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const purchaseOrder = await canvas.findByRole('textbox', { name: 'Purchase order value' }, { timeout: 10_000 });
    await expect(purchaseOrder).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByTestId('field.PurchaseOrder')).toHaveTextContent('Required: enter a value.');
    await userEvent.type(purchaseOrder, '444');
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Purchase order value' })).toHaveValue('444'));
    await expect(canvas.getByTestId('field.PurchaseOrder')).not.toHaveTextContent('Required: enter a value.');
  },
};

/** The chip bar of a value (ChipBar): reached with the down arrow, marks the value as checked. */
export const ChipBarActions: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const dueDate = await canvas.findByRole('textbox', { name: 'Due date value' }, { timeout: 10_000 });
    dueDate.focus();
    await userEvent.keyboard('{ArrowDown}');
    const mark = within(canvas.getByTestId('field.DueDate')).getByRole('button', { name: 'Mark as checked' });
    await expect(mark).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByTestId('field.DueDate')).toHaveTextContent('Checked');
    await expect(
      within(canvas.getByTestId('field.DueDate')).getByRole('button', { name: 'Undo checked' }),
    ).toHaveAttribute('aria-pressed', 'true');
  },
};

/**
 * The server refused the finish: the field it lists in `invalidFields` is marked, though this
 * client's own rules found nothing wrong (the workspace's pattern changed meanwhile).
 */
export const RefusedByServer: Story = {
  beforeEach: ({ msw }) => {
    api.install(msw, {
      finishErrors: [{ code: 27, message: 'Fields do not match their pattern: Invoice number (InvoiceId) on page 1.' }],
      invalidFields: [{ categoryKey: 'InvoiceId', reason: 'NotMatchingPattern', pages: [1] }],
    });
  },
  args: {
    arrange: async ({ session }) => {
      const { edit, finish } = session.getState();
      edit(1, 'value', (page) => setValue(page, '0.1.a7', 0, '279.84', new Date().toISOString()));
      edit(1, 'add', (page) =>
        addEntity(page, {
          temporaryId: '0.1.po',
          category: 'PurchaseOrder',
          pageNumber: 1,
          keyValues: [{ pageNumber: 1, content: '444', boundingBox: boundingBox(400, 280, 40, 11) }],
        }),
      );
      await finish();
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const invoiceId = await canvas.findByRole('textbox', { name: 'Invoice number value' }, { timeout: 10_000 });
    await expect(invoiceId).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByTestId('field.InvoiceId')).toHaveTextContent('Does not match the expected format.');
    await expect(canvas.getByRole('textbox', { name: 'Total value' })).not.toHaveAttribute('aria-invalid');
    await expect(api.state.calls).toContain('Finish');
  },
};

/** Read-only (the host asked for it): values cannot be changed, no chip bars. */
export const ReadOnly: Story = {
  args: { readOnly: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('textbox', { name: 'Total value' }, { timeout: 10_000 })).toHaveAttribute(
      'readonly',
    );
    await expect(canvas.queryByRole('button', { name: 'Mark as checked' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Add row' })).toBeNull();
  },
};

/** A workspace without fields and a page where nothing was found. */
export const Empty: Story = {
  beforeEach: ({ msw }) => {
    api.install(msw, {
      init: {
        workspaceConfig: invoiceConfig({ categories: [], fieldOrder: [], fieldsToDetect: [], requiredFields: [] }),
      },
      pages: { 1: { version: 1, entities: [], tables: [] } },
    });
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('panel.attention', {}, { timeout: 10_000 })).toHaveTextContent(
      'Everything checked',
    );
    await expect(canvas.queryAllByRole('textbox')).toHaveLength(0);
  },
};

/** The dark skin, in German. */
export const DarkGerman: Story = {
  globals: { skin: 'dark', locale: 'de' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('textbox', { name: 'Wert von Total' }, { timeout: 10_000 });
    await expect(canvasElement.querySelector('.rd-viewer-panel')?.closest('.rd-root')).toHaveClass('rd-theme-dark');
  },
};
