import { createApiClient } from '@reviewdesk/api-client';
import { ReviewdeskProvider } from '@reviewdesk/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import '../styles/index.css';
import { createMockSummaryApi, type MockSummaryOptions, processedSummary } from './mock-summary-api.js';
import { SummaryPanel } from './SummaryPanel.js';

/** The summary panel against the summary calls mocked by MSW (mock-summary-api.ts). */
const storyClient = createApiClient({ baseUrl: '/', getAccessToken: () => 'storybook-token' });
const TASK = '5f1e2d3c-4b5a-4697-8877-66554433a211';

const withApi = (options: MockSummaryOptions) => ({
  beforeEach: ({
    msw,
  }: {
    msw: { use: (...handlers: ReturnType<typeof createMockSummaryApi>['handlers']) => void };
  }) => {
    msw.use(...createMockSummaryApi(options).handlers);
  },
});

const meta = {
  title: 'transcript-editor/SummaryPanel',
  component: SummaryPanel,
  args: { taskId: TASK, onSeek: fn(), pollMs: 300 },
  render: (args, { globals }) => (
    <ReviewdeskProvider
      client={storyClient}
      locale={String(globals.locale ?? 'en')}
      theme={globals.skin === 'dark' ? 'dark' : 'light'}
      preferencesStorage={null}
    >
      <div className="rd-root rd-surface" style={{ padding: 16 }}>
        <SummaryPanel {...args} />
      </div>
    </ReviewdeskProvider>
  ),
  globals: { locale: 'en' },
  ...withApi({}),
} satisfies Meta<typeof SummaryPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No summary yet: request one, watch it being made, play from a quoted sentence. */
export const RequestAndRead: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('This recording has no summary yet.')).toBeVisible();
    await userEvent.selectOptions(canvas.getByTestId('summary.length'), '1');
    await userEvent.click(canvas.getByTestId('summary.request'));
    await waitFor(() => expect(canvas.getByTestId('summary.state').dataset.state).toBe('processing'));
    await waitFor(() => expect(canvas.getByTestId('summary.state').dataset.state).toBe('processed'), { timeout: 5000 });
    await userEvent.click(canvas.getByRole('button', { name: 'Play from 0:07' }));
    await expect(args.onSeek).toHaveBeenCalledWith(7);
  },
};

export const Processing: Story = {
  ...withApi({ existing: processedSummary({ state: 0, summary: null, progress: 40 }), processingPolls: 1_000 }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Summarising…/)).toBeVisible();
    await expect(canvas.queryByTestId('summary.request')).toBeNull();
  },
};

export const Extractive: Story = { ...withApi({ existing: processedSummary() }) };

export const LanguageModelWithKeyFrames: Story = {
  args: { isVideo: true },
  ...withApi({
    existing: processedSummary({
      method: 'language-model',
      modelName: 'gpt-4o-mini at https://llm.example/v1',
      summary: 'President Kennedy asks Americans to serve their country rather than ask what it can do for them.',
      includedFrames: 1,
      keyFrames: [{ timeSeconds: 0, url: '/fixtures/transcript-editor/frame.jpg' }],
    }),
  }),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('summary.method')).toHaveTextContent(/language model/);
    await userEvent.click(canvas.getByTestId('summary.frame.0'));
    await expect(args.onSeek).toHaveBeenCalledWith(0);
  },
};

export const Failed: Story = {
  ...withApi({
    existing: processedSummary({
      state: 2,
      summary: null,
      failureMessage: 'The transcript is empty: nothing was said to summarise.',
    }),
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('The summary could not be made.')).toBeVisible();
  },
};

export const RefusedForCredits: Story = {
  ...withApi({ refuse: 'The licence has 0 credits left; extend the licence or summarise a shorter recording.' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByTestId('summary.request'));
    await expect(await canvas.findByText(/The summary could not be requested/)).toBeVisible();
  },
};

export const Unavailable: Story = { ...withApi({ available: false }) };

export const German: Story = { globals: { locale: 'de' }, ...withApi({ existing: processedSummary() }) };

export const DarkSkin: Story = { globals: { skin: 'dark' }, ...withApi({ existing: processedSummary() }) };

/** A summary being made, canceled by the reader (CanceledByUser): nothing charged, a new one offered. */
export const CancelWhileMade: Story = {
  ...withApi({ processingPolls: 1000 }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByTestId('summary.request'));
    await userEvent.click(await canvas.findByTestId('summary.cancel'));
    await expect(await canvas.findByText('The summary was canceled; nothing was charged.')).toBeVisible();
    await expect(canvas.getByTestId('summary.request')).toBeVisible();
  },
};

/** Stopped because the task was deleted while it was made (CanceledExternally). */
export const CanceledExternally: Story = {
  ...withApi({ existing: processedSummary({ state: 5, summary: null, failureMessage: 'The task was deleted.' }) }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('The summary was stopped because the task changed or was deleted.'),
    ).toBeVisible();
  },
};

/** The language model failed: the extractive summary was made instead, and says so. */
export const ExtractiveBecauseTheModelFailed: Story = {
  ...withApi({
    existing: processedSummary({
      failureMessage: 'The language model could not write the summary: HTTP 503: no capacity',
    }),
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/^Extractive summary instead: the language model failed/)).toBeVisible();
  },
};

/** The reader writes the summary themselves (Uploaded). */
export const WrittenByHand: Story = {
  ...withApi({}),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByTestId('summary.write'));
    await userEvent.type(canvas.getByLabelText('Your summary'), '[[0:07] The call to serve.');
    await userEvent.click(canvas.getByTestId('summary.upload.save'));
    await expect(await canvas.findByText('Summary written by a person, not made from the transcript')).toBeVisible();
    await waitFor(() => expect(canvas.getByTestId('summary.state').dataset.state).toBe('uploaded'));
  },
};
