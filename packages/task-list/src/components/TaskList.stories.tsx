import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { common, failingList, listHandler, loadingList, STORY_WORKSPACE, TASKS } from '../stories/mocks';
import { StoryProvider } from '../stories/StoryProvider';
import '../styles/index.css';
import { TaskList } from './TaskList';

/** The stories render their own provider: the list needs abilities the global decorator does not grant. */
const meta = {
  title: 'task-list/TaskList',
  component: TaskList,
  args: { workspaceId: STORY_WORKSPACE, columnsStorage: null, refreshIntervalMs: 600_000 },
  render: (args, { globals }) => (
    <StoryProvider globals={globals}>
      <TaskList {...args} />
    </StoryProvider>
  ),
  beforeEach: ({ msw }) => {
    msw.use(...common, listHandler(TASKS));
  },
} satisfies Meta<typeof TaskList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithTasks: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Fatura 2026-0183.pdf');
    await expect(canvas.getByTestId('task-list.count.toReview').textContent).toBe('42');
    await expect(canvas.getByTestId('task-list.page').textContent).toBe('Página 1 de 3');
  },
};

export const Empty: Story = {
  beforeEach: ({ msw }) => {
    msw.use(listHandler([]));
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Não há tarefas aqui');
  },
};

export const Loading: Story = {
  beforeEach: ({ msw }) => {
    msw.use(loadingList);
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('status');
  },
};

export const Failed: Story = {
  beforeEach: ({ msw }) => {
    msw.use(failingList);
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('alert');
  },
};

export const NoPermission: Story = {
  globals: { permissions: 'none' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Não tem acesso');
  },
};

export const BulkSelection: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Fatura 2026-0183.pdf');
    await userEvent.click(canvas.getByTestId('task-list.select-page'));
    await expect(canvas.getByTestId('task-list.bulk').textContent).toContain('25 selecionadas');
    await userEvent.click(canvas.getByTestId('task-list.select-all-matching'));
    await expect(canvas.getByTestId('task-list.bulk').textContent).toContain('57');
  },
};

export const BulkDeleteSummary: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await canvas.findByText('Fatura 2026-0183.pdf');
    for (const n of [1, 2, 3]) {
      const row = canvas.getByTestId(`task-list.row.${TASKS[n - 1]?.id}`);
      await userEvent.click(within(row).getByRole('checkbox'));
    }
    await userEvent.click(canvas.getByTestId('task-list.bulk.delete'));
    await userEvent.click(await page.findByTestId('confirm.ok'));
    await page.findByText(/1 of 3 selected tasks could not be deleted/);
  },
};

export const RowActionsAndEvents: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await canvas.findByText('Fatura 2026-0183.pdf');
    // The row menu is mounted when the pointer reaches it (see TaskRow), then pressed.
    await userEvent.hover(canvas.getByRole('button', { name: 'Ações de Fatura 2026-0183.pdf' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Ações de Fatura 2026-0183.pdf' }));
    await userEvent.click(await page.findByRole('menuitem', { name: 'Eventos' }));
    await page.findByText('Ready to review');
    await expect(page.getByTestId('event-inspector.timeline').querySelectorAll('li').length).toBe(4);
  },
};

export const FiltersOpen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await canvas.findByText('Fatura 2026-0183.pdf');
    await userEvent.click(canvas.getByTestId('task-list.filters-toggle'));
    await page.findByText('Erros de glossário');
  },
};

export const ImportDialogWithProblems: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByTestId('task-list.import'));
    const input = await page.findByTestId('import.input');
    // Dropped files are not limited by the picker's `accept`; check what the dialog says about them.
    await userEvent
      .setup({ applyAccept: false })
      .upload(input as HTMLInputElement, [
        new File(['%PDF-1.7'], 'Fatura 2026-0190.pdf', { type: 'application/pdf' }),
        new File(['hello'], 'notas.docx'),
      ]);
    await page.findByText(/notas\.docx é um ficheiro \.docx/);
    await waitFor(() => expect(page.getByTestId('import.start').textContent).toContain('Carregar ficheiros (1)'));
  },
};
