import type { Meta, StoryObj } from '@storybook/react-vite';
import type { HttpHandler } from 'msw';
import { expect, fn, userEvent, within } from 'storybook/test';
import '../styles/index.css';
import { createMockInsightApi, INVOICE_TASK } from '../test/mock-insight';
import { StoryProvider, toAbilities } from '../test/StoryProvider';
import { Home } from './Home';

/** The home view against its calls mocked by MSW (src/test/mock-insight.ts). */
const mocked = () => ({
  beforeEach: ({ msw }: { msw: { use: (...handlers: HttpHandler[]) => void } }) => {
    msw.use(...createMockInsightApi().handlers);
  },
});

const meta = {
  title: 'admin-panels/Home',
  component: Home,
  args: { onOpenTask: fn(), onOpenLink: fn(), onOpenWorkspace: fn() },
  parameters: { grants: toAbilities(['Home.View', 'Task.ListView']) },
  render: (args, { globals, parameters }) => (
    <StoryProvider globals={globals} grants={parameters.grants}>
      <Home {...args} />
    </StoryProvider>
  ),
  ...mocked(),
} satisfies Meta<typeof Home>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Overview: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId(`home.recent.${INVOICE_TASK}`)).toBeVisible();
  },
};

export const SearchAndOpen: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByTestId('home.search'), 'total');
    await userEvent.click(await canvas.findByTestId(`home.hit.${INVOICE_TASK}`));
    await expect(args.onOpenTask).toHaveBeenCalledWith(
      expect.objectContaining({ taskId: INVOICE_TASK, pageNumber: 2 }),
    );
  },
};

export const BookmarksOnly: Story = { parameters: { grants: toAbilities(['Home.View']) } };
