import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import '../styles/index.css';
import { renderEditorStory, STORY_AUDIO_URL } from '../test/editor-story.js';
import { TASK_ID } from '../test/fixtures.js';
import { createMockTranscriptApi } from '../test/mock-api.js';
import { runToolbarAction } from '../test/toolbar-action.js';
import { TranscriptEditor } from './TranscriptEditor.js';

/** The "share segment" action of the toolbar, for a user who may share media segments. */
const SHARE_URL = 'https://reviewdesk.example/share/segment/abcdefghijklmnopqrstuvwxyz012345';

const meta = {
  title: 'transcript-editor/ShareSegmentAction',
  component: TranscriptEditor,
  args: { taskId: TASK_ID, onError: fn() },
  render: renderEditorStory([
    { subject: 'Task', action: 'ShareMediaSegment' },
    { subject: 'Task', action: 'View' },
  ]),
  globals: { locale: 'en' },
} satisfies Meta<typeof TranscriptEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A segment with a message, 7 days and two people: the request says so, and the link comes back to copy. */
export const SharesASegment: Story = {
  beforeEach: ({ msw, args }) => {
    msw.use(
      ...createMockTranscriptApi({ data: { urlResult: STORY_AUDIO_URL } }).handlers,
      http.post('*/SdTaskShare/ShareMediaSegment', async ({ request }) => {
        (args.onError as unknown as { sent?: unknown }).sent = await request.json();
        return HttpResponse.json({ shareUrl: SHARE_URL });
      }),
    );
  },
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    await runToolbarAction(canvasElement, 'share-segment.open', 'share');
    const start = await body.findByTestId('share-segment.start');
    await userEvent.clear(start);
    await userEvent.type(start, '2');
    const end = body.getByTestId('share-segment.end');
    await userEvent.clear(end);
    await userEvent.type(end, '6');
    const days = body.getByTestId('share-segment.days');
    await userEvent.clear(days);
    await userEvent.type(days, '91');
    await body.findByText('Between 1 and 90 days.');
    await expect(body.getByTestId('share-segment.send')).toBeDisabled();
    await userEvent.clear(days);
    await userEvent.type(days, '7');
    await userEvent.type(body.getByLabelText('Message'), 'Ask not');
    await userEvent.type(body.getByLabelText('Send the link to (optional)'), 'ana@acme.example, rui@acme.example');
    await userEvent.click(body.getByTestId('share-segment.send'));
    await waitFor(() => expect(body.getByTestId('share-segment.link')).toHaveValue(SHARE_URL));
    await expect((args.onError as unknown as { sent?: unknown }).sent).toEqual({
      taskId: TASK_ID,
      recipientEmails: ['ana@acme.example', 'rui@acme.example'],
      shareDescription: 'Ask not',
      expiresHours: 168,
      segmentStartSeconds: 2,
      segmentEndSeconds: 6,
    });
  },
};
