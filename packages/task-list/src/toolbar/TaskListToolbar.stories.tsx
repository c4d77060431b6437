import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { EMPTY_FILTERS } from '../model/query';
import { StoryProvider } from '../test/StoryProvider';
import { common, STORY_WORKSPACE } from '../test/story-mocks';
import '../styles/index.css';
import { OPTIONAL_COLUMNS } from '../list/columns';
import { TaskListToolbar } from './TaskListToolbar';

/** The toolbar: search as you type, filters (with how many are set), columns, import. */
const meta = {
  title: 'task-list/TaskListToolbar',
  component: TaskListToolbar,
  args: {
    workspaceId: STORY_WORKSPACE,
    tab: 'to-review',
    search: '',
    onSearch: fn(),
    filters: EMPTY_FILTERS,
    onFilters: fn(),
    columns: OPTIONAL_COLUMNS,
    visibleColumnIds: ['number', 'displayName', 'status', 'createdOn'],
    onToggleColumn: fn(),
    onResetColumns: fn(),
    refreshing: false,
    onImport: fn(),
  },
  render: (args, { globals }) => (
    <StoryProvider globals={globals}>
      <TaskListToolbar {...args} />
    </StoryProvider>
  ),
  beforeEach: ({ msw }) => {
    msw.use(...common);
  },
} satisfies Meta<typeof TaskListToolbar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SearchAsYouType: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByTestId('task-list.search'), 'fatura');
    // Once, after typing pauses; not per keystroke.
    await waitFor(() => expect(args.onSearch).toHaveBeenCalledWith('fatura'));
    await expect(args.onSearch).toHaveBeenCalledTimes(1);
  },
};

export const FiltersSet: Story = {
  args: { filters: { ...EMPTY_FILTERS, statuses: [60, 70], batchId: 'b1' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('task-list.filters-toggle').textContent).toBe('Filtros (2)');
  },
};

export const TextSearch: Story = {
  args: { tab: 'text-search' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByTestId('task-list.filters-toggle')).toBeNull();
  },
};

export const Refreshing: Story = {
  args: { refreshing: true },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('A atualizar…');
  },
};

export const WithoutImport: Story = {
  args: { onImport: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByTestId('task-list.import')).toBeNull();
  },
};

/** The folder monitor's download beside the import, for those who may download it. */
export const WithFolderMonitor: Story = {
  args: { onDownloadFolderMonitor: fn() },
  play: async ({ canvasElement, args }) => {
    const button = await within(canvasElement).findByTestId('task-list.folder-monitor');
    await expect(button).toHaveTextContent('Monitor de pastas');
    await userEvent.click(button);
    await expect(args.onDownloadFolderMonitor).toHaveBeenCalled();
  },
};
