import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StoryProvider } from '../test/StoryProvider';
import { common, STORY_WORKSPACE } from '../test/story-mocks';
import '../styles/index.css';
import { BatchList } from './BatchList';

const meta = {
  title: 'task-list/BatchList',
  component: BatchList,
  args: { workspaceId: STORY_WORKSPACE },
  render: (args, { globals }) => (
    <StoryProvider globals={globals}>
      <BatchList {...args} />
    </StoryProvider>
  ),
  beforeEach: ({ msw }) => {
    msw.use(...common);
  },
} satisfies Meta<typeof BatchList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithBatches: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Novembro');
    // Totals, also in the history, and the open / closed state of each batch.
    const table = canvas.getByTestId('batches.table');
    await expect(table.textContent).toContain('120');
    await expect(table.querySelectorAll('.rd-task-list__chip--closed').length).toBe(1);
  },
};

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
    );
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Sem lotes');
  },
};

export const CreateNeedsAName: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByTestId('batches.create'));
    await userEvent.click(await page.findByTestId('batches.create.submit'));
    await page.findByText('Dê um nome ao lote.');
  },
};

export const ConfirmDelete: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Eliminar Novembro' }));
    await page.findByText('As suas 28 tarefas ficam na área de trabalho, sem lote.');
  },
};

export const NoPermission: Story = {
  globals: { permissions: 'none' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Não tem acesso');
  },
};

/** A batch's name opens its tasks: a link when the host gives an address, and the host's event on a plain click. */
export const OpensItsTasks: Story = {
  args: { onOpenBatch: fn(), batchHref: (batch) => `/task/list?batchId=${batch.batchId}` },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const link = await canvas.findByTestId('batches.open.33333333-3333-4333-8333-333333333333');
    await expect(link.getAttribute('href')).toBe('/task/list?batchId=33333333-3333-4333-8333-333333333333');
    await userEvent.click(link);
    await expect(args.onOpenBatch).toHaveBeenCalledWith({
      batchId: '33333333-3333-4333-8333-333333333333',
      workspaceId: STORY_WORKSPACE,
      displayName: 'Novembro',
    });
  },
};
