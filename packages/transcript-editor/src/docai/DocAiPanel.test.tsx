import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createMockDocAiApi, type MockDocAiOptions } from '../../../../.storybook/msw/docai';
import { editorTestServer } from '../test/render-editor.js';

vi.mock('wavesurfer.js', () => ({ default: { create: () => ({ destroy: () => undefined }) } }));

const renderEditor = editorTestServer();
const media = () => screen.getByTestId('transcript.media') as HTMLAudioElement;
const CHATBOT = [{ subject: 'Task', action: 'AccessChatbot' }] as const;

/** DocAI cites the second sentence of the JFK transcript with its paragraph's start (3.3 s). */
const docAi = (options: Partial<MockDocAiOptions> = {}) =>
  createMockDocAiApi({
    about: /what/i,
    cited: {
      displayName: 'jfk.wav',
      text: 'Ask what you can do for your contry.',
      pageNumber: null,
      startTimeSeconds: 3.3,
      boundingBox: null,
    },
    ...options,
  });

describe('DocAI in the transcript editor', () => {
  it('is not offered without Task.AccessChatbot, and DocAI is then not even asked whether it is there', async () => {
    const mock = docAi();
    await renderEditor({}, { handlers: mock.handlers });
    screen.getByTestId('toolbar.search');
    expect(screen.queryByTestId('toolbar.docai')).toBeNull();
    expect(mock.state.configuredAsked).toBe(0);
    expect(mock.state.asked).toEqual([]);
  });

  it('is not offered when the server says DocAI cannot be asked', async () => {
    const mock = docAi({ configured: false });
    await renderEditor({}, { abilities: CHATBOT, handlers: mock.handlers });
    await waitFor(() => expect(mock.state.configuredAsked).toBe(1));
    // The answer has been read once the query settles: still no button.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('toolbar.docai')).toBeNull();
  });

  it('opens from the toolbar with the focus in the question; a citation says its time and plays from it', async () => {
    const mock = docAi();
    const { api } = await renderEditor({}, { abilities: CHATBOT, handlers: mock.handlers });
    const user = userEvent.setup();
    const button = await screen.findByTestId('toolbar.docai');
    expect(button.textContent).toBe('Ask DocAI');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    const question = await screen.findByLabelText('Your question about this recording');
    await waitFor(() => expect(document.activeElement).toBe(question));
    expect(button.getAttribute('aria-expanded')).toBe('true');

    await user.type(question, 'What should Americans ask?{Enter}');
    const reference = await screen.findByTestId('docai.reference.1.0');
    // The sentence starts at its first word (6.9 s), not at its paragraph's start.
    expect(reference.textContent).toBe('at 0:06Ask what you can do for your contry.');
    expect(mock.state.asked[0]).toMatchObject({ task_id: api.init.taskId, query: 'What should Americans ask?' });
    await user.click(reference);
    expect(media().currentTime).toBe(6.9);

    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('docai')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('toolbar.docai'));
  });
});
