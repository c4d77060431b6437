import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, within } from 'storybook/test';
import { StoryProvider } from '../test/StoryProvider';
import { STORY_WORKSPACE } from '../test/story-mocks';
import '../styles/index.css';
import { ShareHistoryDialog } from './TaskInfoDialogs';

const task = { id: '00000000-0000-4000-8000-000000000004', displayName: 'Reunião conselho.mp3' };

const record = (id: string, createdOn: string, more: Record<string, unknown>) => ({
  id: `00000000-0000-4000-8000-${id.padStart(12, '0')}`,
  tenantId: '22222222-2222-4222-8222-222222222222',
  workspaceId: STORY_WORKSPACE,
  taskId: task.id,
  createdOn,
  createdBy: null,
  shareType: 10,
  shareStatus: 30,
  ...more,
});

/** Every share of a task, newest first: by e-mail and media segments in each status. */
const meta = {
  title: 'task-list/ShareHistoryDialog',
  component: ShareHistoryDialog,
  args: { task, onClose: fn() },
  render: (args, { globals }) => (
    <StoryProvider globals={globals}>
      <ShareHistoryDialog {...args} />
    </StoryProvider>
  ),
} satisfies Meta<typeof ShareHistoryDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SharesOfEveryKind: Story = {
  beforeEach: ({ msw }) => {
    msw.use(
      http.get('*/SdTaskShare/GetTaskShareHistoryDetails/:taskId', () =>
        HttpResponse.json([
          record('3', '2026-11-20T10:00:00Z', {
            shareType: 20,
            shareStatus: 10,
            inputConfig: { segmentStartSeconds: 65, segmentEndSeconds: 130, recipientEmails: [] },
            expiresOn: '2026-12-21T10:00:00Z',
          }),
          record('2', '2026-11-19T10:00:00Z', {
            shareType: 20,
            shareStatus: 40,
            inputConfig: { segmentStartSeconds: 0, segmentEndSeconds: 30 },
            expiresOn: '2026-11-20T10:00:00Z',
          }),
          record('1', '2026-11-18T10:00:00Z', {
            inputConfig: {
              recipientEmails: ['ana@acme.example', 'rui@acme.example'],
              shareDescription: 'Veja o total.',
            },
          }),
        ]),
      ),
    );
  },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const timeline = await body.findByTestId('share-history.timeline');
    const entries = [...timeline.querySelectorAll('li')].map((li) => li.textContent ?? '');
    await expect(entries).toHaveLength(3);
    await expect(entries[0]).toContain('A gerar');
    await expect(entries[0]).toContain('Segmento de média 1:05–2:10');
    await expect(entries[1]).toContain('Expirada');
    await expect(entries[2]).toContain('Por e-mail');
    await expect(entries[2]).toContain('Para: ana@acme.example, rui@acme.example');
    await expect(entries[2]).toContain('«Veja o total.»');
  },
};

export const NeverShared: Story = {
  globals: { locale: 'en' },
  beforeEach: ({ msw }) => {
    msw.use(http.get('*/SdTaskShare/GetTaskShareHistoryDetails/:taskId', () => HttpResponse.json([])));
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement.ownerDocument.body).findByText('This task was never shared.');
  },
};
