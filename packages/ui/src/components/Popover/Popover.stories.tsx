import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { Checkbox } from '../Field/Field';
import { Popover } from './Popover';

const meta = {
  title: 'ui/Popover',
  component: Popover,
  args: {
    title: 'Filtros',
    trigger: <Button>Filtros</Button>,
    children: (
      <div style={{ display: 'grid', gap: '0.5rem' }}>
        <Checkbox label="Para rever" defaultChecked />
        <Checkbox label="Em revisão" />
        <Checkbox label="Processadas" />
      </div>
    ),
  },
} satisfies Meta<typeof Popover>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: 'Filtros' });
    await userEvent.click(trigger);
    const dialog = await canvas.findByRole('dialog', { name: 'Filtros' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const OpenDarkSkin: Story = { globals: { skin: 'dark' }, args: { open: true } };
