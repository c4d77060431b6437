import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { EMPTY_FILTERS } from '../model/query';
import { statusGroups } from '../model/statusGroups';
import { StoryProvider } from '../test/StoryProvider';
import { common, STORY_WORKSPACE } from '../test/story-mocks';
import '../styles/index.css';
import { FiltersPanel } from './FiltersPanel';

const NOVEMBER_BATCH = '33333333-3333-4333-8333-333333333333';

/** The filter form: status groups, dates, batch, assignee, external id; nothing is applied before "Apply". */
const meta = {
  title: 'task-list/FiltersPanel',
  component: FiltersPanel,
  args: { workspaceId: STORY_WORKSPACE, value: EMPTY_FILTERS, onApply: fn() },
  render: (args, { globals }) => (
    <StoryProvider globals={globals}>
      <FiltersPanel {...args} />
    </StoryProvider>
  ),
  beforeEach: ({ msw }) => {
    msw.use(...common);
  },
} satisfies Meta<typeof FiltersPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

const checked = (form: HTMLElement) =>
  within(form)
    .getAllByRole('checkbox')
    .filter((box) => (box as HTMLInputElement).checked);

/** A workspace without batches nor people to assign: only the "any" choices. */
export const Empty: Story = {
  beforeEach: ({ msw }) => {
    msw.use(
      http.post('*/SdBatch/GetWithPagination/:workspaceId', () =>
        HttpResponse.json({
          items: [],
          pageNumber: 1,
          totalPages: 0,
          totalCount: 0,
          hasPreviousPage: false,
          hasNextPage: false,
        }),
      ),
      http.get('*/SdWorkspace/ValidUsersForTaskAssignment', () => HttpResponse.json([])),
    );
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const batch = canvas.getByLabelText('Lote');
    await expect(batch.querySelectorAll('option')).toHaveLength(1);
    await expect(canvas.getByLabelText('Atribuída a').querySelectorAll('option')).toHaveLength(1);
    await expect(checked(canvas.getByTestId('task-list.filters'))).toHaveLength(0);
    await userEvent.click(canvas.getByTestId('task-list.filters.apply'));
    await expect(args.onApply).toHaveBeenCalledWith(EMPTY_FILTERS);
  },
};

/** Choices are a draft: ticking a status and picking a batch apply only with "Apply". */
export const Loaded: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const form = canvas.getByTestId('task-list.filters');
    const firstCode = statusGroups()[0]?.codes[0];
    await userEvent.click(within(form).getAllByRole('checkbox')[0] as HTMLElement);
    await canvas.findByRole('option', { name: 'Novembro' });
    await userEvent.selectOptions(canvas.getByLabelText('Lote'), 'Novembro');
    await canvas.findByRole('option', { name: 'Rui Costa' });
    await userEvent.selectOptions(canvas.getByLabelText('Atribuída a'), 'Rui Costa');
    await expect(args.onApply).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByTestId('task-list.filters.apply'));
    await expect(args.onApply).toHaveBeenCalledWith({
      ...EMPTY_FILTERS,
      statuses: [firstCode],
      batchId: NOVEMBER_BATCH,
      assignee: 'u2',
    });
  },
};

/** Opened with filters set: they show ticked and filled; "Clear filters" empties and applies at once. */
export const FiltersSet: Story = {
  args: { value: { ...EMPTY_FILTERS, statuses: [60, 70], batchId: NOVEMBER_BATCH, externalId: 'EXT-10' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const form = canvas.getByTestId('task-list.filters');
    await expect(checked(form)).toHaveLength(2);
    await expect(canvas.getByLabelText('O ID externo contém')).toHaveValue('EXT-10');
    await waitFor(() => expect(canvas.getByLabelText('Lote')).toHaveValue(NOVEMBER_BATCH));
    await userEvent.click(canvas.getByRole('button', { name: 'Limpar filtros' }));
    await expect(args.onApply).toHaveBeenCalledWith(EMPTY_FILTERS);
    await expect(checked(form)).toHaveLength(0);
    await expect(canvas.getByLabelText('O ID externo contém')).toHaveValue('');
  },
};

/** A labelling-and-training workspace: its tasks are also filtered by labelling status (§4). */
export const Labelling: Story = {
  args: { labelling: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const labelling = canvas.getByTestId('task-list.filters.labelling');
    await expect(within(labelling).getAllByRole('checkbox')).toHaveLength(3);
    await userEvent.click(within(labelling).getByLabelText('Por etiquetar'));
    await userEvent.click(within(labelling).getByLabelText('Por etiquetar de novo (campos novos)'));
    await userEvent.click(canvas.getByTestId('task-list.filters.apply'));
    await expect(args.onApply).toHaveBeenCalledWith({ ...EMPTY_FILTERS, labellingStatuses: [10, 20] });
  },
};

/** Outside labelling workspaces there is no labelling status to filter by. */
export const NotLabelling: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByTestId('task-list.filters.labelling')).toBeNull();
  },
};

/** Enter in a field applies the form, as any form does. */
export const Keyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('O ID externo contém'), 'EXT-1003{Enter}');
    await expect(args.onApply).toHaveBeenCalledTimes(1);
    await expect(args.onApply).toHaveBeenCalledWith({ ...EMPTY_FILTERS, externalId: 'EXT-1003' });
  },
};

const longBatches = Array.from({ length: 40 }, (_, i) => ({
  batchId: `55555555-5555-4555-8555-${String(i).padStart(12, '0')}`,
  workspaceId: STORY_WORKSPACE,
  displayName: `Faturas de fornecedores estrangeiros recebidas por correio registado — lote ${i + 1}`,
  description: null,
  createdOn: '2026-11-01T10:00:00Z',
  totalTasks: i,
  totalTasksInHistory: i,
  isOpen: true,
  status: 10,
  batchType: 10,
}));

/** Many batches with long names: every one is offered, and the form keeps its width. */
export const LongContent: Story = {
  beforeEach: ({ msw }) => {
    msw.use(
      http.post('*/SdBatch/GetWithPagination/:workspaceId', () =>
        HttpResponse.json({
          items: longBatches,
          pageNumber: 1,
          totalPages: 1,
          totalCount: longBatches.length,
          hasPreviousPage: false,
          hasNextPage: false,
        }),
      ),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const batch = canvas.getByLabelText('Lote');
    await waitFor(() => expect(batch.querySelectorAll('option')).toHaveLength(longBatches.length + 1));
    const form = canvas.getByTestId('task-list.filters');
    await expect(form.scrollWidth).toBeLessThanOrEqual(form.clientWidth + 1);
  },
};

export const DarkSkin: Story = {
  globals: { skin: 'dark', locale: 'es' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelector('.rd-theme-dark')).not.toBeNull();
    await canvas.findByRole('option', { name: 'Cualquier lote' });
    await userEvent.click(canvas.getByRole('button', { name: 'Borrar filtros' }));
    await expect(args.onApply).toHaveBeenCalledWith(EMPTY_FILTERS);
  },
};
