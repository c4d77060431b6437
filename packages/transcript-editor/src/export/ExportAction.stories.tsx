import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import '../styles/index.css';
import { TranscriptEditor } from '../editor/TranscriptEditor.js';
import { renderEditorStory, STORY_AUDIO_URL } from '../test/editor-story.js';
import { TASK_ID } from '../test/fixtures.js';
import { createMockTranscriptApi } from '../test/mock-api.js';
import { runToolbarAction } from '../test/toolbar-action.js';

/** The export dialog of the editor's toolbar: format, options and which recordings. */

const meta = {
  title: 'transcript-editor/ExportAction',
  component: TranscriptEditor,
  args: { taskId: TASK_ID, onError: fn() },
  render: renderEditorStory([{ subject: 'Task', action: 'View' }]),
  globals: { locale: 'en' },
  beforeEach: ({ msw }) => {
    msw.use(...createMockTranscriptApi({ data: { urlResult: STORY_AUDIO_URL } }).handlers);
  },
} satisfies Meta<typeof TranscriptEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The dialog opens from the toolbar with the contract's defaults: timestamps and speakers on. */
export const Opens: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await runToolbarAction(canvasElement, 'export.open', 'export');
    await expect(await body.findByTestId('export.format')).toBeVisible();
    await expect(body.getByTestId('export.timestamps')).toBeChecked();
    await expect(body.getByTestId('export.speakers')).toBeChecked();
    await expect(body.getByTestId('export.download')).toBeEnabled();
  },
};

export const OpensDark: Story = { ...Opens, globals: { skin: 'dark' } };

export const OpensInGerman: Story = { ...Opens, globals: { locale: 'de' } };
