import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createMockDocAiApi, type MockDocAiOptions } from '../../../../.storybook/msw/docai';
import '../styles/index.css';
import { TranscriptEditor } from '../editor/TranscriptEditor.js';
import { renderEditorStory, STORY_AUDIO_URL } from '../test/editor-story.js';
import { longTranscript, TASK_ID } from '../test/fixtures.js';
import { createMockTranscriptApi, type MockTranscriptOptions } from '../test/mock-api.js';
import { runToolbarAction, toolbarPlaceOf } from '../test/toolbar-action.js';

/**
 * DocAI in the whole editor, against the editor's and DocAI's calls mocked by MSW. The recording is
 * fixtures/audio/jfk.mp3; DocAI cites its second sentence, "Ask what you can do for your contry.",
 * with its paragraph's start (3.3 s) as the server does — the editor plays it from 6.9 s.
 */
/** The 40,000-word recording's own task. */
const LONG_TASK_ID = '5f1e2d3c-4b5a-4697-8877-66554433a241';

const editorApi = (options: MockTranscriptOptions = {}) =>
  createMockTranscriptApi({ ...options, data: { urlResult: STORY_AUDIO_URL, ...options.data } });

const docAi = (options: Partial<MockDocAiOptions> = {}) =>
  createMockDocAiApi({
    about: /ask|pergunt/i,
    cited: {
      displayName: 'jfk.wav',
      text: 'Ask what you can do for your contry.',
      pageNumber: null,
      startTimeSeconds: 3.3,
      boundingBox: null,
    },
    ...options,
  });

const meta = {
  title: 'transcript-editor/DocAI',
  component: TranscriptEditor,
  args: { taskId: TASK_ID, onError: fn() },
  render: renderEditorStory([
    { subject: 'Task', action: 'Review' },
    { subject: 'Task', action: 'AccessChatbot' },
  ]),
  globals: { locale: 'en' },
  beforeEach: ({ msw }) => {
    msw.use(...editorApi().handlers, ...docAi().handlers);
  },
} satisfies Meta<typeof TranscriptEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

const openDocAi = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  await waitFor(() => expect(canvasElement.querySelector('[data-phase="ready"]')).not.toBeNull(), { timeout: 10_000 });
  await runToolbarAction(canvasElement, 'toolbar.docai', 'docai');
  return canvas;
};

/** Keyboard alone: open, ask, open the citation, close — the focus goes back to the toolbar (its button or "More"). */
export const AskAndOpenTheCitation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await openDocAi(canvasElement);
    const question = await canvas.findByRole('textbox', { name: 'Your question about this recording' });
    await waitFor(() => expect(question).toHaveFocus());
    await userEvent.keyboard('What should Americans ask?{Enter}');
    const reference = await canvas.findByTestId('docai.reference.1.0');
    await expect(reference).toHaveTextContent('at 0:06Ask what you can do for your contry.');
    await expect(canvas.getByText(/Passages quoted from the transcript/)).toBeVisible();
    reference.focus();
    await userEvent.keyboard('{Enter}');
    // Where playback lands is checked in the unit tests and the e2e (the story's file server cannot
    // seek that far); here, that the cited paragraph is shown.
    await waitFor(() => expect(canvas.getByTestId('paragraph.1')).toBeVisible());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(toolbarPlaceOf(canvasElement, 'toolbar.docai')).toHaveFocus());
    await expect(canvas.queryByTestId('docai')).toBeNull();
  },
};

/** In a 40,000-word recording, the cited paragraph is scrolled into view. */
export const CitationFarIntoALongRecording: Story = {
  args: { taskId: LONG_TASK_ID },
  beforeEach: ({ msw }) => {
    const transcript = longTranscript(40_000);
    const item = transcript.transcripts[1500]!;
    transcript.transcripts[1500] = {
      ...item,
      children: [{ ...item.children[0]!, text: 'Apollo' }, ...item.children.slice(1)],
    };
    msw.use(
      ...editorApi({ init: { taskId: LONG_TASK_ID }, data: { transcriptFullResult: transcript } }).handlers,
      ...docAi({
        about: /apollo/i,
        cited: {
          displayName: 'long.wav',
          text: item.children.map((w, n) => (n === 0 ? 'Apollo' : w.text)).join(' '),
          pageNumber: null,
          startTimeSeconds: item.start,
          boundingBox: null,
        },
      }).handlers,
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = await openDocAi(canvasElement);
    await userEvent.type(await canvas.findByTestId('docai.question'), 'Apollo?{Enter}');
    await userEvent.click(await canvas.findByTestId('docai.reference.1.0'));
    const row = await canvas.findByTestId('paragraph.1500', {}, { timeout: 5000 });
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Apollo' })).toBeVisible());
  },
};

/** DocAI cannot be asked here: the toolbar offers no button. */
export const NotOffered: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...editorApi().handlers, ...docAi({ configured: false }).handlers);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvasElement.querySelector('[data-phase="ready"]')).not.toBeNull(), {
      timeout: 10_000,
    });
    await expect(canvas.getByTestId('toolbar.search')).toBeVisible();
    await expect(canvas.queryByTestId('toolbar.docai')).toBeNull();
  },
};

export const Portuguese: Story = {
  globals: { locale: 'pt' },
  play: async ({ canvasElement }) => {
    const canvas = await openDocAi(canvasElement);
    await expect(canvas.getByTestId('toolbar.docai')).toHaveTextContent('Perguntar ao DocAI');
    await userEvent.type(await canvas.findByTestId('docai.question'), 'O que perguntar?{Enter}');
    await expect(await canvas.findByTestId('docai.reference.1.0')).toHaveTextContent(/^em 0:06/);
  },
};

export const Dark: Story = {
  globals: { skin: 'dark' },
  play: async ({ canvasElement }) => {
    const canvas = await openDocAi(canvasElement);
    await userEvent.type(await canvas.findByTestId('docai.question'), 'What to ask?{Enter}');
    await expect(await canvas.findByTestId('docai.reference.1.0')).toBeVisible();
  },
};
