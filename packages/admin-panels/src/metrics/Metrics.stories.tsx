import type { Meta, StoryObj } from '@storybook/react-vite';
import type { HttpHandler } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import '../styles/index.css';
import { createMockInsightApi, INVOICES_ID, type MockInsightOptions } from '../test/mock-insight';
import { StoryProvider, toAbilities } from '../test/StoryProvider';
import { Metrics } from './Metrics';

/** The metrics against User/GetMetrics mocked by MSW (src/test/mock-insight.ts). */
const mocked = (options: MockInsightOptions = {}) => ({
  beforeEach: ({ msw }: { msw: { use: (...handlers: HttpHandler[]) => void } }) => {
    msw.use(...createMockInsightApi(options).handlers);
  },
});

const meta = {
  title: 'admin-panels/Metrics',
  component: Metrics,
  args: { onError: fn() },
  parameters: { grants: toAbilities(['Metrics.View']) },
  render: (args, { globals, parameters }) => (
    <StoryProvider globals={globals} grants={parameters.grants}>
      <Metrics {...args} />
    </StoryProvider>
  ),
  ...mocked(),
} satisfies Meta<typeof Metrics>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AllWorkspaces: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('metrics.summary')).toBeVisible();
    // Every figure has a chart and, behind it, its numbers as a table.
    for (const id of ['by-status', 'to-review', 'reviewed', 'time-by-status']) {
      await expect(canvas.getByTestId(`metrics.${id}`)).toBeVisible();
      await expect(canvas.getByTestId(`metrics.${id}.table`)).toBeInTheDocument();
    }
    await waitFor(() => expect(canvasElement.querySelectorAll('.rd-chart canvas').length).toBe(4));
  },
};

export const OneWorkspace: Story = {
  args: { initialWorkspaceId: INVOICES_ID, initialPeriod: '7d' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByTestId('metrics.summary').textContent).toMatch(/^1 /));
    await userEvent.selectOptions(canvas.getByTestId('metrics.period'), 'all');
  },
};

export const NotOnThisServer: Story = { ...mocked({ failMetrics: 501 }) };

export const Loading: Story = { ...mocked({ delay: 1_000_000 }) };
