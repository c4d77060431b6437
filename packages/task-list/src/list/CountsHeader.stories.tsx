import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { StoryProvider } from '../test/StoryProvider';
import { common, failingList, listHandler, loadingList, STORY_WORKSPACE, storyTask, TASKS } from '../test/story-mocks';
import '../styles/index.css';
import { CountsHeader } from './CountsHeader';

/** The workspace's counts above the tabs; "To review" is the to-review tab's own count (TASKS: 57). */
const meta = {
  title: 'task-list/CountsHeader',
  component: CountsHeader,
  args: { workspaceId: STORY_WORKSPACE },
  render: (args, { globals }) => (
    <StoryProvider globals={globals}>
      <CountsHeader {...args} />
    </StoryProvider>
  ),
  beforeEach: ({ msw }) => {
    msw.use(...common, listHandler(TASKS));
  },
} satisfies Meta<typeof CountsHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

/** How often the failing CountTotal was asked, so the play waits for the failure itself. */
let countTotalAnswered = 0;

const countTotal = (counts: { processing: number; toReview: number; inReview: number; processed: number }) =>
  http.get('*/SdTask/CountTotal', () =>
    HttpResponse.json({
      processingCount: counts.processing,
      toReviewCount: counts.toReview,
      inReviewCount: counts.inReview,
      processedCount: counts.processed,
      totalCount: counts.processing + counts.toReview + counts.inReview + counts.processed,
    }),
  );

export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('318')).toBeTruthy();
    await expect(canvas.getByTestId('task-list.count.processing').textContent).toBe('3');
    // The to-review tab lists 57 tasks; CountTotal's narrower "status ToReview" (42) is not shown.
    await waitFor(() => expect(canvas.getByTestId('task-list.count.toReview').textContent).toBe('57'));
    await expect(canvas.getByTestId('task-list.count.inReview').textContent).toBe('5');
    await expect(canvas.getByTestId('task-list.counts').getAttribute('aria-label')).toBe('Contagens de tarefas');
  },
};

/** Until the server answers, a dash stands in for each number (never a misleading 0). */
export const Loading: Story = {
  beforeEach: ({ msw }) => {
    msw.use(
      http.get('*/SdTask/CountTotal', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
      loadingList,
    );
  },
  play: async ({ canvasElement }) => {
    const values = canvasElement.querySelectorAll('.rd-task-list__count-value');
    await expect([...values].map((v) => v.textContent)).toEqual(['–', '–', '–', '–']);
  },
};

/** A new workspace: zeros, not dashes, once the server has said so. */
export const EmptyWorkspace: Story = {
  beforeEach: ({ msw }) => {
    msw.use(countTotal({ processing: 0, toReview: 0, inReview: 0, processed: 0 }), listHandler([]));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('0', { selector: '[data-testid="task-list.count.processed"]' })).toBeTruthy();
    await expect(await canvas.findByText('0', { selector: '[data-testid="task-list.count.toReview"]' })).toBeTruthy();
  },
};

/** CountTotal fails: its numbers stay dashes, the to-review tab's own count still shows. */
export const CountsFailed: Story = {
  beforeEach: ({ msw }) => {
    countTotalAnswered = 0;
    msw.use(
      http.get('*/SdTask/CountTotal', () => {
        countTotalAnswered += 1;
        return HttpResponse.json({ status: 500, message: 'Boom' }, { status: 500 });
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(countTotalAnswered).toBeGreaterThan(0));
    await expect(await canvas.findByText('57')).toBeTruthy();
    await expect(canvas.getByTestId('task-list.count.processing').textContent).toBe('–');
    await expect(canvas.getByTestId('task-list.count.processed').textContent).toBe('–');
  },
};

/** Neither count can be read: every number is a dash, nothing else breaks. */
export const AllFailed: Story = {
  beforeEach: ({ msw }) => {
    msw.use(
      http.get('*/SdTask/CountTotal', () => HttpResponse.json({ status: 500, message: 'Boom' }, { status: 500 })),
      failingList,
    );
  },
  play: async ({ canvasElement }) => {
    const values = canvasElement.querySelectorAll('.rd-task-list__count-value');
    await expect([...values].map((v) => v.textContent)).toEqual(['–', '–', '–', '–']);
  },
};

const MANY = Array.from({ length: 1_234 }, (_, i) => storyTask(i + 1));

/** Large numbers grouped the way the language writes them, in German's longer labels. */
export const LongContent: Story = {
  globals: { locale: 'de' },
  beforeEach: ({ msw }) => {
    msw.use(
      countTotal({ processing: 12_345, toReview: 0, inReview: 678_901, processed: 23_456_789 }),
      listHandler(MANY),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('23.456.789')).toBeTruthy();
    await waitFor(() => expect(canvas.getByTestId('task-list.count.toReview').textContent).toBe('1.234'));
    await expect(canvas.getByText('In Verarbeitung')).toBeTruthy();
  },
};

export const DarkSkin: Story = {
  globals: { skin: 'dark', locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelector('.rd-theme-dark')).not.toBeNull();
    await expect(await canvas.findByText('318')).toBeTruthy();
    await expect(canvas.getByText('À réviser')).toBeTruthy();
  },
};
