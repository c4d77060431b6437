import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { StoryProvider } from '../test/StoryProvider';
import { common, failingList, listHandler, loadingList, STORY_WORKSPACE, TASKS } from '../test/story-mocks';
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
    // The to-review counter counts what the to-review tab lists (57 rows), not only status ToReview.
    await waitFor(() => expect(canvas.getByTestId('task-list.count.toReview').textContent).toBe('57'));
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

/** The host gives addresses: names are links (open in a new tab works), a plain click still opens in place. */
export const LinkedNames: Story = {
  args: { taskHref: (task) => `/task/viewer?taskId=${task.taskId}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Fatura 2026-0183.pdf');
    const link = canvas.getByTestId(`task-list.open.${TASKS[0]?.id}`);
    await expect(link.tagName).toBe('A');
    await expect(link.getAttribute('href')).toBe(`/task/viewer?taskId=${TASKS[0]?.id}`);
  },
};

/** A status longer than its column ends in an ellipsis; the whole name is its tooltip. */
export const LongStatusNames: Story = {
  globals: { locale: 'de' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Fatura 2026-0183.pdf');
    const cell = canvasElement.querySelector('.rd-task-list__status') as HTMLElement;
    await expect(cell.title.length).toBeGreaterThan(0);
    const badge = cell.querySelector('.rd-badge') as HTMLElement;
    await expect(getComputedStyle(badge).textOverflow).toBe('ellipsis');
    await expect(badge.scrollWidth).toBeGreaterThanOrEqual(badge.clientWidth);
    await expect(badge.getBoundingClientRect().right).toBeLessThanOrEqual(cell.getBoundingClientRect().right + 0.5);
  },
};

/** A workspace of recordings: its row menu offers the transcript exports, never the document ones. */
export const Recordings: Story = {
  beforeEach: ({ msw }) => {
    msw.use(
      http.get('*/SdWorkspace/GetWorkspaceCustomConfig', () =>
        HttpResponse.json({
          workspaceId: STORY_WORKSPACE,
          taskType: 'Transcript',
          externalIdRequired: false,
          supportedFileTypes: ['.mp3', '.wav', '.mp4'],
          forceSingleChunk: false,
          maxFileSizeBytes: 2_147_483_648,
          detectableFields: [],
        }),
      ),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await canvas.findByText('Fatura 2026-0183.pdf');
    const trigger = canvas.getByRole('button', { name: 'Ações de Fatura 2026-0183.pdf' });
    await userEvent.hover(trigger);
    await userEvent.click(canvas.getByRole('button', { name: 'Ações de Fatura 2026-0183.pdf' }));
    await page.findByRole('menuitem', { name: 'Exportar transcrição (TXT)' });
    await expect(page.queryByRole('menuitem', { name: 'Exportar para Excel' })).toBeNull();
    await expect(canvas.queryByTestId('task-list.bulk.export')).toBeNull();
  },
};

/** A labelling-and-training workspace: each task says where its labelling stands, in its own column. */
const labellingWorkspace = [
  http.get('*/SdWorkspace/GetWorkspaceCustomConfig', () =>
    HttpResponse.json({
      workspaceId: STORY_WORKSPACE,
      taskType: 'CustomTrainTemplate',
      externalIdRequired: false,
      supportedFileTypes: ['.pdf'],
      forceSingleChunk: false,
      maxFileSizeBytes: 20_971_520,
      detectableFields: [],
    }),
  ),
];
const LABELLED = TASKS.map((task, i) => ({ ...task, labellingStatus: [10, 20, 30][i % 3] as 10 | 20 | 30 }));

export const Labelling: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...labellingWorkspace, listHandler(LABELLED));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Fatura 2026-0183.pdf');
    await expect(canvas.getByTestId('task-list.sort.labellingStatus').textContent).toContain('Etiquetagem');
    await expect(canvas.getAllByText('Por etiquetar').length).toBeGreaterThan(0);
    await expect(canvas.getAllByText('Por etiquetar de novo (campos novos)').length).toBeGreaterThan(0);
    // One column more, and the name keeps room to be read (the list scrolls sideways instead).
    const name = canvas.getByText('Fatura 2026-0183.pdf').closest('td') as HTMLElement;
    await expect(name.getBoundingClientRect().width).toBeGreaterThanOrEqual(12 * 16);
    // The longest labelling status reads whole on its two lines.
    const longest = canvas.getAllByText('Por etiquetar de novo (campos novos)')[0] as HTMLElement;
    await expect(longest.scrollHeight).toBeLessThanOrEqual(longest.clientHeight + 1);
    // A date column is as wide as a date: nothing cut.
    const created = (name.closest('tr') as HTMLElement).querySelector('td[data-column="createdOn"]') as HTMLElement;
    await expect(created.scrollWidth).toBeLessThanOrEqual(created.clientWidth);
    // In a panel narrower than the columns, a row's actions stay in view while the rest scrolls.
    const scroller = canvasElement.querySelector('.rd-task-list__scroll') as HTMLElement;
    const row = name.closest('tr') as HTMLElement;
    const actions = row.querySelector('.rd-task-list__actions') as HTMLElement;
    scroller.style.width = '40rem';
    scroller.scrollLeft = 0;
    await expect(scroller.scrollWidth).toBeGreaterThan(scroller.clientWidth);
    await expect(actions.getBoundingClientRect().right).toBeLessThanOrEqual(scroller.getBoundingClientRect().right);
    scroller.style.width = '';
  },
};

export const LabellingInFrench: Story = {
  globals: { locale: 'fr' },
  beforeEach: Labelling.beforeEach,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Fatura 2026-0183.pdf');
    await expect(canvas.getByTestId('task-list.sort.labellingStatus').textContent).toContain('Étiquetage');
  },
};

/** A server without the text index: no text-search tab, no index logs. */
export const PartialServer: Story = {
  args: { supports: (operation) => !operation.startsWith('Index_') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Fatura 2026-0183.pdf');
    await expect(canvas.queryByTestId('task-list.tab.text-search')).toBeNull();
    await expect(canvas.getByTestId('task-list.tab.archive')).toBeTruthy();
  },
};
