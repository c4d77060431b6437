import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StoryProvider } from '../test/StoryProvider';
import '../styles/index.css';
import { BulkBar } from './BulkBar';

/** The selection bar in its states: some ticked, the whole page (offering "all matching"), all matching, one action left. */
const meta = {
  title: 'task-list/BulkBar',
  component: BulkBar,
  args: {
    count: 3,
    allMatching: false,
    totalCount: 57,
    pageFullySelected: false,
    actions: ['reprocess', 'export', 'delete'],
    onSelectAllMatching: fn(),
    onClear: fn(),
    onAction: fn(),
  },
  render: (args, { globals }) => (
    <StoryProvider globals={globals}>
      <BulkBar {...args} />
    </StoryProvider>
  ),
} satisfies Meta<typeof BulkBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SomeSelected: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('task-list.bulk').textContent).toContain('3 selecionadas');
    await expect(canvas.queryByTestId('task-list.select-all-matching')).toBeNull();
    await userEvent.click(canvas.getByTestId('task-list.bulk.delete'));
    await expect(args.onAction).toHaveBeenCalledWith('delete');
  },
};

export const OneSelected: Story = {
  args: { count: 1 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('task-list.bulk').textContent).toContain('1 selecionada');
  },
};

export const PageSelected: Story = {
  args: { count: 25, pageFullySelected: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByTestId('task-list.select-all-matching'));
    await expect(args.onSelectAllMatching).toHaveBeenCalled();
  },
};

export const AllMatching: Story = {
  args: { count: 0, allMatching: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('task-list.bulk').textContent).toContain('57 tarefas');
  },
};

/** What is left when the server implements only the export (or the user may do nothing else). */
export const ExportOnly: Story = {
  args: { actions: ['export'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByTestId('task-list.bulk.delete')).toBeNull();
    await expect(canvas.queryByTestId('task-list.bulk.reprocess')).toBeNull();
    await expect(canvas.getByTestId('task-list.bulk.export')).toBeTruthy();
  },
};
