import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import '../../styles/index.css';
import { storyApi, type ViewerPartArgs, viewerPartStories } from '../../test/ViewerStoryFrame.js';
import { useSession } from '../context.js';
import { useFields } from '../derived.js';
import { useActionContext } from '../workspace/useActionContext.js';
import { TableEditor } from './TableEditor.js';

/**
 * The table editor on the invoice's line items (src/test/fixtures.ts), editing a real review
 * session against the MSW stand-in of the viewer's calls: cells, rows, columns and their keys.
 */
const api = storyApi();

function LineItems() {
  const ctx = useActionContext();
  const readOnly = useSession((s) => s.mode !== 'review');
  const field = useFields().find((f) => f.key === 'Items');
  const entry = field?.entries[0];
  if (!field || !entry) return null;
  return (
    <ul className="rd-viewer-panel__values" style={{ width: 420 }}>
      <TableEditor field={field} entry={entry} ctx={ctx} readOnly={readOnly} selected={false} />
    </ul>
  );
}

const meta = {
  title: 'document-viewer/TableEditor',
  ...viewerPartStories(api, LineItems),
} satisfies Meta<ViewerPartArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const findTable = (root: HTMLElement) =>
  within(root).findByRole('table', { name: 'Table Line items' }, { timeout: 10_000 });

/** Editing: a cell changed and a row added are saved with the page. */
export const Editing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await findTable(canvasElement);
    await expect(within(table).getAllByRole('row')).toHaveLength(3);
    const amount = canvas.getByRole('textbox', { name: 'Amount, row 2' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '75.00');
    await userEvent.click(canvas.getByRole('button', { name: 'Add row' }));
    await expect(within(table).getAllByRole('row')).toHaveLength(4);
    await waitFor(() => expect(api.state.pages[1]?.version).toBeGreaterThan(1), { timeout: 5_000 });
    const saved = api.state.pages[1]?.entities.find((e) => e.temporaryId === '0.1.t1')?.table;
    await expect(saved?.tableRows['1']?.find((c) => c.columnIndex === 1)?.content).toBe('75.00');
  },
};

/** A new column needs a key of letters and digits not used yet. */
export const ColumnKey: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findTable(canvasElement);
    const key = canvas.getByRole('textbox', { name: 'New column key' });
    await userEvent.type(key, 'Amount');
    await expect(key).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText('Letters and digits only, not used yet.', { selector: 'p' })).toBeInTheDocument();
    await userEvent.clear(key);
    await userEvent.type(key, 'Quantity{Enter}');
    await expect(canvas.getByRole('columnheader', { name: /Quantity/ })).toBeInTheDocument();
  },
};

/** Read-only: the cells cannot be changed, no row or column tools. */
export const ReadOnly: Story = {
  args: { readOnly: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findTable(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Description, row 1' })).toHaveAttribute('readonly');
    await expect(canvas.queryByRole('button', { name: 'Add row' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Delete row 1' })).toBeNull();
  },
};

/** The dark skin, in German. */
export const DarkGerman: Story = {
  globals: { skin: 'dark', locale: 'de' },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', {}, { timeout: 10_000 });
    await expect(table.closest('.rd-root')).toHaveClass('rd-theme-dark');
  },
};
