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

/** The archive sent as a link: 1 to 168 hours, checked as typed. */
export const ExportToLink: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await page.findByLabelText('Enviar uma ligação de transferência em vez do ficheiro'));
    const hours = page.getByLabelText('A ligação funciona durante (horas)');
    await expect(hours).toHaveValue(24);
    await userEvent.clear(hours);
    await userEvent.type(hours, '200');
    await page.findByText('De 1 a 168 horas.');
    await expect(page.getByRole('button', { name: 'Exportar' })).toBeDisabled();
    await userEvent.clear(hours);
    await userEvent.type(hours, '48');
    await userEvent.click(page.getByRole('button', { name: 'Exportar' }));
    await expect(args.onExport).toHaveBeenCalledWith(['Excel'], 48);
  },
};

/** The link made: shown to copy, with the date it stops working. */
export const ExportLinkMade: Story = {
  args: {
    link: {
      url: 'https://reviewdesk.example/api/files/eyJhIjoxfQ.c2lnbmF0dXJl',
      fileName: 'Faturas de fornecedores.zip',
      expiresOn: '2026-03-14T15:30:00Z',
    },
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const link = await page.findByLabelText('Ligação para Faturas de fornecedores.zip');
    await expect(link).toHaveValue('https://reviewdesk.example/api/files/eyJhIjoxfQ.c2lnbmF0dXJl');
    await page.findByText(/Quem tiver a ligação pode transferir o ficheiro até .*2026/);
    await page.findByRole('button', { name: 'Copiar a ligação' });
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
