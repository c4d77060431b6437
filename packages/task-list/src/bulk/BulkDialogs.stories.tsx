import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StoryProvider } from '../test/StoryProvider';
import '../styles/index.css';
import { BulkExportDialog, BulkSummaryDialog } from './BulkDialogs';

/** The bulk dialogs: choosing export formats, and what happened to each task. */
const meta = {
  title: 'task-list/BulkDialogs',
  component: BulkExportDialog,
  args: { count: 3, busy: false, onExport: fn(), onClose: fn() },
  render: (args, { globals }) => (
    <StoryProvider globals={globals}>
      <BulkExportDialog {...args} />
    </StoryProvider>
  ),
} satisfies Meta<typeof BulkExportDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ExportFormats: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement.ownerDocument.body);
    await page.findByText('Exportar 3 tarefas');
    await userEvent.click(page.getByLabelText('CSV'));
    await userEvent.click(page.getByRole('button', { name: 'Exportar' }));
    await expect(args.onExport).toHaveBeenCalledWith(['Excel', 'Csv']);
  },
};

/** The e-invoice XML as received, beside a rendering of the result; its label says every task needs one. */
export const ExportEInvoiceXml: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await page.findByLabelText(/XML de fatura eletrónica/));
    await userEvent.click(page.getByLabelText('Excel'));
    await userEvent.click(page.getByRole('button', { name: 'Exportar' }));
    await expect(args.onExport).toHaveBeenCalledWith(['EInvoiceXml']);
  },
};

export const ExportOneTask: Story = {
  args: { count: 1 },
  play: async ({ canvasElement }) => {
    await within(canvasElement.ownerDocument.body).findByText('Exportar 1 tarefa');
  },
};

export const SummaryWithProblems: Story = {
  render: (_args, { globals }) => (
    <StoryProvider globals={globals}>
      <BulkSummaryDialog
        summary={{
          action: 'Eliminar',
          requested: 3,
          result: {
            succeeded: false,
            result: true,
            errors: [{ code: 16, message: "Tarefa #2 'Recibo farmácia.jpg': em revisão por outra pessoa." }],
          },
        }}
        onClose={fn()}
      />
    </StoryProvider>
  ),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await expect((await page.findByTestId('bulk.summary')).textContent).toBe('Eliminar: 3 tarefas concluídas.');
    await page.findByText(/em revisão por outra pessoa/);
  },
};
