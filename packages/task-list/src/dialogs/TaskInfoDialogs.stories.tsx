import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, within } from 'storybook/test';
import { StoryProvider } from '../test/StoryProvider';
import { STORY_WORKSPACE } from '../test/story-mocks';
import '../styles/index.css';
import { EventInspectorDialog } from './TaskInfoDialogs';

const task = { id: '00000000-0000-4000-8000-000000000001', displayName: 'Fatura 2026-0183.pdf' };

/** The events of a task, in the order they happened, whatever order the server lists them in. */
const meta = {
  title: 'task-list/EventInspectorDialog',
  component: EventInspectorDialog,
  args: { task, onClose: fn() },
  render: (args, { globals }) => (
    <StoryProvider globals={globals}>
      <EventInspectorDialog {...args} />
    </StoryProvider>
  ),
} satisfies Meta<typeof EventInspectorDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const event = (createdOn: string, eventDescription: string) => ({
  createdOn,
  eventDescription,
  eventSourceText: 'Worker',
  entityId: task.id,
  workspaceId: STORY_WORKSPACE,
});

/** The server's answer is newest first; two events share the instant of one transaction. */
export const InOrderOfHappening: Story = {
  beforeEach: ({ msw }) => {
    msw.use(
      http.get('*/SdTask/Events/:taskId', () =>
        HttpResponse.json([
          event('2026-11-20T09:01:10Z', 'Ready to review'),
          event('2026-11-20T09:01:09Z', 'Text recognized'),
          event('2026-11-20T09:01:09Z', 'Pre-processing finished'),
          event('2026-11-20T09:01:00Z', 'Task created'),
        ]),
      ),
    );
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const timeline = await page.findByTestId('event-inspector.timeline');
    const texts = [...timeline.querySelectorAll('.rd-task-list__event-text')].map((e) => e.textContent);
    await expect(texts).toEqual(['Task created', 'Pre-processing finished', 'Text recognized', 'Ready to review']);
  },
};

export const NoEvents: Story = {
  beforeEach: ({ msw }) => {
    msw.use(http.get('*/SdTask/Events/:taskId', () => HttpResponse.json([])));
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement.ownerDocument.body).findByText('Nenhum evento registado.');
  },
};
