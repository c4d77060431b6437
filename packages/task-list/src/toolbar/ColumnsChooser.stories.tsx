import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ComponentProps, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { detectedFieldColumn, OPTIONAL_COLUMNS } from '../list/columns';
import { StoryProvider } from '../test/StoryProvider';
import '../styles/index.css';
import { ColumnsChooser } from './ColumnsChooser';

type ChooserProps = ComponentProps<typeof ColumnsChooser>;

/** Holds the visible columns as the list does, so a click shows what it changes. */
function RememberingChooser(args: ChooserProps) {
  const [visible, setVisible] = useState(args.visible);
  return (
    <ColumnsChooser
      {...args}
      visible={visible}
      onToggle={(id, on) => {
        args.onToggle(id, on);
        setVisible((current) => (on ? [...current, id] : current.filter((c) => c !== id)));
      }}
      onReset={() => {
        args.onReset();
        setVisible(args.visible);
      }}
    />
  );
}

/** The columns popover: the optional columns with the shown ones ticked, the workspace's detected fields, a reset. */
const meta = {
  title: 'task-list/ColumnsChooser',
  component: ColumnsChooser,
  args: {
    columns: OPTIONAL_COLUMNS,
    visible: ['number', 'displayName', 'status', 'createdOn'],
    onToggle: fn(),
    onReset: fn(),
  },
  render: (args, { globals }) => (
    <StoryProvider globals={globals}>
      <RememberingChooser {...args} />
    </StoryProvider>
  ),
} satisfies Meta<typeof ColumnsChooser>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The popover is portalled: its content is looked for in the whole page. */
const pageOf = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const Closed: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('task-list.columns').textContent).toBe('Colunas');
    await expect(pageOf(canvasElement).queryByRole('dialog', { name: 'Colunas visíveis' })).toBeNull();
  },
};

export const ToggleAColumn: Story = {
  play: async ({ canvasElement, args }) => {
    const page = pageOf(canvasElement);
    await userEvent.click(within(canvasElement).getByTestId('task-list.columns'));
    await page.findByRole('dialog', { name: 'Colunas visíveis' });
    await expect(page.getByTestId('task-list.column.status')).toBeChecked();
    const batch = page.getByTestId('task-list.column.batch');
    await expect(batch).not.toBeChecked();
    await userEvent.click(batch);
    await expect(args.onToggle).toHaveBeenCalledWith('batch', true);
    await expect(batch).toBeChecked();
    await userEvent.click(page.getByRole('button', { name: 'Repor colunas' }));
    await expect(args.onReset).toHaveBeenCalledTimes(1);
    await expect(batch).not.toBeChecked();
  },
};

/** Opened, used and closed from the keyboard; focus comes back to the button. */
export const Keyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const page = pageOf(canvasElement);
    const trigger = within(canvasElement).getByTestId('task-list.columns');
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await page.findByRole('dialog', { name: 'Colunas visíveis' });
    // The popover moves focus into itself when it opens; only then is the checkbox focused.
    await waitFor(() => expect(dialog.contains(canvasElement.ownerDocument.activeElement)).toBe(true));
    const status = page.getByTestId('task-list.column.status');
    status.focus();
    await waitFor(() => expect(status).toHaveFocus());
    await userEvent.keyboard(' ');
    await expect(args.onToggle).toHaveBeenCalledWith('status', false);
    await expect(status).not.toBeChecked();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('dialog', { name: 'Colunas visíveis' })).toBeNull());
    // Focus goes back to the trigger once the popover has closed, which may be a frame later.
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** A workspace without optional columns to offer: the popover says so by having only the reset. */
export const NoColumns: Story = {
  args: { columns: [], visible: [] },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await userEvent.click(within(canvasElement).getByTestId('task-list.columns'));
    const dialog = await page.findByRole('dialog', { name: 'Colunas visíveis' });
    await expect(within(dialog).queryAllByRole('checkbox')).toHaveLength(0);
    await expect(within(dialog).getByRole('button', { name: 'Repor colunas' })).toBeTruthy();
  },
};

/** Detected fields with long names next to the standard columns. */
export const LongFieldNames: Story = {
  args: {
    columns: [
      ...OPTIONAL_COLUMNS,
      detectedFieldColumn({ categoryKey: 'iban', displayName: 'IBAN da conta de pagamento do fornecedor principal' }),
      detectedFieldColumn({ categoryKey: 'vat', displayName: 'Número de identificação fiscal do adquirente (NIF)' }),
      detectedFieldColumn({ categoryKey: 'unnamed_field' }),
    ],
    visible: ['number', 'displayName', 'field:iban'],
  },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await userEvent.click(within(canvasElement).getByTestId('task-list.columns'));
    const dialog = await page.findByRole('dialog', { name: 'Colunas visíveis' });
    await expect(within(dialog).getAllByRole('checkbox')).toHaveLength(OPTIONAL_COLUMNS.length + 3);
    await expect(page.getByTestId('task-list.column.field:iban')).toBeChecked();
    // A field without a display name is shown by its key.
    await expect(within(dialog).getByLabelText('unnamed_field')).not.toBeChecked();
    // Long names wrap inside the popover instead of widening it past the window.
    await expect(dialog.getBoundingClientRect().right).toBeLessThanOrEqual(
      canvasElement.ownerDocument.body.clientWidth,
    );
  },
};

export const DarkSkin: Story = {
  globals: { skin: 'dark', locale: 'fr' },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(canvasElement.querySelector('.rd-theme-dark')).not.toBeNull();
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Colonnes' }));
    await page.findByRole('dialog', { name: 'Colonnes affichées' });
    await expect(page.getByRole('button', { name: 'Réinitialiser les colonnes' })).toBeTruthy();
  },
};
