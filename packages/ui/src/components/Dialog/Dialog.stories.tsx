import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { Input } from '../Field/Field';
import { Dialog } from './Dialog';

function DialogDemo({
  initiallyOpen = false,
  title = 'Eliminar tarefa?',
}: {
  initiallyOpen?: boolean;
  title?: string;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Eliminar…</Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        description="A tarefa vai para o histórico e pode ser recuperada durante 31 dias."
        footer={
          <>
            <Button onClick={() => setOpen(false)}>Cancelar</Button>
            <Button variant="danger" onClick={() => setOpen(false)}>
              Eliminar
            </Button>
          </>
        }
      >
        <Input label="Motivo" />
      </Dialog>
    </>
  );
}

const meta = {
  title: 'ui/Dialog',
  component: Dialog,
  args: { open: false, onOpenChange: () => {}, title: 'Eliminar tarefa?' },
  render: () => <DialogDemo />,
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const KeyboardFlow: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: 'Eliminar…' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await canvas.findByRole('dialog', { name: 'Eliminar tarefa?' });
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    // Focus moved into the dialog, on the first field (not on Close)...
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Motivo' })).toHaveFocus());
    // ...while the page outside is still in the accessibility tree (a screen reader then says the
    // dialog's role and title), which is hidden a moment later.
    await expect(trigger).not.toHaveAttribute('aria-hidden');
    await waitFor(() => expect(trigger.closest('[aria-hidden="true"]')).not.toBeNull());
    // And stays there.
    for (let i = 0; i < 6; i++) await userEvent.tab();
    await expect(dialog.contains(document.activeElement)).toBe(true);
    // Escape closes and focus returns to the trigger.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const Open: Story = { render: () => <DialogDemo initiallyOpen /> };

export const OpenDarkSkin: Story = { globals: { skin: 'dark' }, render: () => <DialogDemo initiallyOpen /> };

export const OpenInEnglish: Story = {
  globals: { locale: 'en' },
  render: () => <DialogDemo initiallyOpen title="Delete task?" />,
  play: async ({ canvasElement }) => {
    // The close button is labelled by the ui namespace in the provider's language.
    await expect(await within(canvasElement).findByRole('button', { name: 'Close' })).toBeInTheDocument();
  },
};
