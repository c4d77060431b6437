import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StoryProvider } from '../test/StoryProvider';
import '../styles/index.css';
import { ConfirmDialog } from './ConfirmDialog';

/** The yes/no dialog of destructive actions: asking, and busy while the call runs. */
const meta = {
  title: 'task-list/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    open: true,
    title: 'Eliminar «Fatura 2026-0183.pdf»?',
    body: 'A tarefa vai para o arquivo, de onde pode ser recuperada.',
    confirmLabel: 'Eliminar',
    onConfirm: fn(),
    onCancel: fn(),
  },
  render: (args, { globals }) => (
    <StoryProvider globals={globals}>
      <ConfirmDialog {...args} />
    </StoryProvider>
  ),
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Asking: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(await within(canvasElement.ownerDocument.body).findByTestId('confirm.ok'));
    await expect(args.onConfirm).toHaveBeenCalled();
  },
};

export const Busy: Story = {
  args: { busy: true },
  play: async ({ canvasElement }) => {
    const ok = await within(canvasElement.ownerDocument.body).findByTestId('confirm.ok');
    await expect(ok.getAttribute('aria-busy')).toBe('true');
  },
};
