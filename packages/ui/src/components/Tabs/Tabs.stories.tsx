import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Tabs } from './Tabs';

// The task list tabs of spec §2.
const tabs = [
  { id: 'to-review', label: 'Para rever', panel: <p>Tarefas para rever</p> },
  { id: 'my-assignments', label: 'As minhas atribuições', panel: <p>Atribuídas a mim</p> },
  { id: 'processed', label: 'Processadas', panel: <p>Tarefas processadas</p> },
  { id: 'archive', label: 'Arquivo', panel: <p>Arquivo</p>, disabled: true },
  { id: 'text-search', label: 'Pesquisa de texto', panel: <p>Pesquisa</p> },
];

const meta = {
  title: 'ui/Tabs',
  component: Tabs,
  args: { label: 'Vistas da lista de tarefas', tabs },
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const first = canvas.getByRole('tab', { name: 'Para rever' });
    await expect(first).toHaveAttribute('aria-selected', 'true');
    // Roving focus: only the selected tab is in the Tab order.
    await userEvent.tab();
    await expect(first).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    const second = canvas.getByRole('tab', { name: 'As minhas atribuições' });
    await expect(second).toHaveFocus();
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Atribuídas a mim');
    // Disabled tabs are skipped; End and wrapping work.
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Pesquisa de texto' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(first).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(canvas.getByRole('tab', { name: 'Pesquisa de texto' })).toHaveAttribute('tabindex', '0');
  },
};

export const InitiallyProcessed: Story = { args: { defaultSelectedId: 'processed' } };

export const DarkSkin: Story = { globals: { skin: 'dark' } };
