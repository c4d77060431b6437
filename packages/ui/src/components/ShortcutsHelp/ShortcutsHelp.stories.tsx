import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { altKey, controlKey, type KeyboardShortcut, plainKey } from './keyboard-shortcuts';
import { ShortcutsHelp } from './ShortcutsHelp';

const LABELS: Record<string, string> = {
  play: 'Reproduzir ou pausar',
  save: 'Guardar agora',
  help: 'Mostrar estes atalhos',
};

const TABLE: readonly KeyboardShortcut[] = [
  { id: 'play', keys: 'Alt+K', label: 'play', matches: altKey('KeyK') },
  { id: 'save', keys: 'Control+S', label: 'save', matches: controlKey('s') },
  { id: 'help', keys: '?', label: 'help', outsideInputs: true, matches: plainKey('?') },
];

function Demo({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Atalhos de teclado</Button>
      <ShortcutsHelp
        open={open}
        onOpenChange={setOpen}
        title="Atalhos de teclado"
        shortcuts={TABLE}
        describe={(label) => LABELS[label] ?? label}
      />
    </>
  );
}

const meta = {
  title: 'ui/ShortcutsHelp',
  component: ShortcutsHelp,
  args: { open: false, onOpenChange: () => {}, title: '', shortcuts: [], describe: (l: string) => l },
  render: () => <Demo />,
} satisfies Meta<typeof ShortcutsHelp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opened from a button: every row of the table with its keys (Ctrl, not Control) and what it does. */
export const ListsTheTable: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Atalhos de teclado' }));
    const help = await within(canvasElement.ownerDocument.body).findByTestId('shortcuts.help');
    await expect(within(help).getAllByRole('term')).toHaveLength(3);
    await expect(help).toHaveTextContent('Ctrl + SGuardar agora');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvasElement.ownerDocument.querySelector('[data-testid="shortcuts.help"]')).toBeNull());
  },
};

export const OpenDarkSkin: Story = { globals: { skin: 'dark' }, render: () => <Demo initiallyOpen /> };
