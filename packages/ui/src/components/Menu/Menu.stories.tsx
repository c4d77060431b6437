import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { useCan } from '../../provider/hooks';
import { Menu, type MenuItem } from './Menu';

// A subset of the task list row actions of spec §2, filtered by the user's abilities.
function RowActions() {
  const can = useCan();
  const [last, setLast] = useState('—');
  const items: MenuItem[] = [
    { id: 'view', label: 'Ver', onSelect: () => setLast('view') },
    { id: 'finishReview', label: 'Terminar revisão', onSelect: () => setLast('finishReview') },
    { id: 'reprocess', label: 'Reprocessar', onSelect: () => setLast('reprocess'), disabled: true },
    { id: 'export-excel', label: 'Exportar Excel', onSelect: () => setLast('export-excel') },
    { id: 'delete', label: 'Eliminar', tone: 'danger', onSelect: () => setLast('delete') },
  ];
  const allowed = items.filter((item) => item.id !== 'delete' || can('Task.Delete'));
  return (
    <div style={{ display: 'flex', gap: '1rem', alignItems: 'center' }}>
      <Menu label="Ações" items={allowed} />
      <output aria-label="Última ação">{last}</output>
    </div>
  );
}

const meta = {
  title: 'ui/Menu',
  component: Menu,
  args: { label: 'Ações', items: [] },
  render: () => <RowActions />,
} satisfies Meta<typeof Menu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ArrowKeys: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: 'Ações' });
    await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    const menu = await canvas.findByRole('menu');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Ver' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(menu).getByRole('menuitem', { name: 'Terminar revisão' })).toHaveFocus();
    // The disabled "Reprocessar" is skipped.
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(menu).getByRole('menuitem', { name: 'Exportar Excel' })).toHaveFocus();
    // Wraps from the last item to the first.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(within(menu).getByRole('menuitem', { name: 'Ver' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    await expect(within(menu).getByRole('menuitem', { name: 'Eliminar' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const SelectWithKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('button', { name: 'Ações' }).focus();
    await userEvent.keyboard('{Enter}');
    const menu = await canvas.findByRole('menu');
    await waitFor(() => expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(canvas.getByLabelText('Última ação')).toHaveTextContent('finishReview'));
  },
};

export const PermissionDenied: Story = {
  globals: { permissions: 'none' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Ações' }));
    const menu = await canvas.findByRole('menu');
    // Without Task.Delete the destructive action is not offered.
    await expect(within(menu).queryByRole('menuitem', { name: 'Eliminar' })).toBeNull();
    await userEvent.keyboard('{Escape}');
  },
};

export const OpenDarkSkin: Story = {
  globals: { skin: 'dark' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Ações' }));
    await within(canvasElement).findByRole('menu');
  },
};

/** Items that stand for a toolbar's buttons keep their shortcut: shown after the name and given to assistive technology. */
export const ItemsWithShortcuts: Story = {
  render: () => (
    <Menu
      label="More"
      variant="ghost"
      size="sm"
      items={[
        { id: 'search', label: 'Search', keys: 'Control+F', onSelect: () => undefined },
        { id: 'speakers', label: 'Speakers', onSelect: () => undefined },
      ]}
      data-testid="more"
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByTestId('more'));
    const menu = await canvas.findByRole('menu', { name: 'More' });
    const search = within(menu).getByRole('menuitem', { name: /Search/ });
    await expect(search).toHaveAttribute('aria-keyshortcuts', 'Control+F');
    await expect(search).toHaveTextContent('SearchControl+F');
    await expect(within(menu).getByRole('menuitem', { name: 'Speakers' })).not.toHaveAttribute('aria-keyshortcuts');
  },
};
