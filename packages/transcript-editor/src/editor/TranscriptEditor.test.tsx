import 'fake-indexeddb/auto';
import { createApiClient } from '@reviewdesk/api-client';
import { ReviewdeskProvider } from '@reviewdesk/ui';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { Profiler } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { giveElementsASize } from '../test/jsdom.js';
import { createMockTranscriptApi, heldByAnother } from '../test/mock-api.js';
import { TranscriptEditor } from './TranscriptEditor.js';
import { CURRENT_WORD_CLASS } from './useWordHighlight.js';

vi.mock('wavesurfer.js', () => ({ default: { create: () => ({ destroy: () => undefined }) } }));

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => giveElementsASize());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = createApiClient({
  baseUrl: 'https://api.reviewdesk.test',
  getAccessToken: () => 't',
  fetch: (r) => globalThis.fetch(r),
});

let user = 0;
function renderEditor(api: ReturnType<typeof createMockTranscriptApi>, onRender?: () => void) {
  user += 1;
  return render(
    <ReviewdeskProvider client={client} locale="en">
      <Profiler id="editor" onRender={() => onRender?.()}>
        <TranscriptEditor taskId={api.init.taskId} userId={`editor-unit-${user}`} />
      </Profiler>
    </ReviewdeskProvider>,
  );
}

describe('<TranscriptEditor>', () => {
  it('shows the paragraphs, marks low-confidence words, and saves a corrected word', async () => {
    const api = createMockTranscriptApi();
    server.use(...api.handlers);
    renderEditor(api);
    const second = await screen.findByTestId('paragraph.1');
    const word = within(second).getByRole('button', { name: 'contry' });
    expect(word.className).toContain('rd-transcript-word--low');
    // Said after the word's name by a screen reader, as its description.
    expect(word.getAttribute('aria-description')).toBe('low confidence, 38 %');
    expect(within(second).getByRole('button', { name: 'country' }).className).not.toContain('--low');
    expect(screen.getByTestId('save.state').textContent).toBe('All changes saved');

    await userEvent.click(within(second).getByTestId('paragraph.1.edit'));
    const box = within(second).getByRole('textbox');
    await userEvent.clear(box);
    await userEvent.type(box, 'ask not what your country can do for you ask what you can do for your country{Enter}');
    expect(within(second).getAllByRole('button', { name: 'country' })).toHaveLength(2);
    await waitFor(() => expect(api.state.saves).toHaveLength(1), { timeout: 3000 });
    await waitFor(() => expect(screen.getByTestId('save.state').textContent).toBe('All changes saved'));
    const saved = api.state.transcript.transcripts[1]!.children.at(-1)!;
    expect(saved).toMatchObject({ text: 'country', offsetInSeconds: 8.55, durationInSeconds: 0.6 });
  });

  it('moves the current word with playback without rendering the editor again; a word click, Enter or Space seeks', async () => {
    const api = createMockTranscriptApi();
    server.use(...api.handlers);
    let renders = 0;
    renderEditor(api, () => {
      renders += 1;
    });
    const second = await screen.findByTestId('paragraph.1');
    const media = screen.getByTestId('transcript.media') as HTMLAudioElement;
    await waitFor(() => expect(screen.getByTestId('save.state')).toBeTruthy());
    // The waveform drawn (its zoom steps known): what loading renders is done before playing.
    await waitFor(() => expect((screen.getByTestId('waveform.zoom-in') as HTMLButtonElement).disabled).toBe(false));
    const before = renders;
    for (const t of [3.35, 3.7, 4.85, 4.9, 8.6]) {
      await act(async () => {
        media.currentTime = t;
        media.dispatchEvent(new Event('timeupdate'));
      });
    }
    expect(renders).toBe(before);
    const current = document.querySelectorAll(`.${CURRENT_WORD_CLASS}`);
    expect(current).toHaveLength(1);
    expect(current[0]!.textContent).toBe('contry');
    expect(screen.getByTestId('player.position').textContent).toMatch(/^0:08\.6 of/);

    await userEvent.click(within(second).getByRole('button', { name: 'not' }));
    expect(media.currentTime).toBe(3.6);
    expect(document.querySelector(`.${CURRENT_WORD_CLASS}`)?.textContent).toBe('not');

    // An edit of that paragraph renders new word elements: the current word is marked again.
    await userEvent.click(within(second).getByTestId('paragraph.1.edit'));
    await userEvent.type(within(second).getByRole('textbox'), ' indeed{Enter}');
    await within(second).findByRole('button', { name: 'indeed' });
    await waitFor(() => expect(document.querySelector(`.${CURRENT_WORD_CLASS}`)?.textContent).toBe('not'));

    // As on a button, Enter and Space on the word with the focus play from it.
    within(second).getByRole('button', { name: 'contry' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(media.currentTime).toBe(8.55);
    within(second).getAllByRole('button', { name: 'ask' })[1]!.focus();
    await userEvent.keyboard(' ');
    expect(media.currentTime).toBe(6.9);
    // A modified key is not a press of the word (Shift+Space, Control+Enter).
    await userEvent.keyboard('{Shift>} {/Shift}{Control>}{Enter}{/Control}');
    expect(media.currentTime).toBe(6.9);
    await waitFor(() => expect(document.querySelector(`.${CURRENT_WORD_CLASS}`)?.textContent).toBe('ask'));
    // Bold on the current word renders it again, its classes set anew: the mark comes back on it.
    await userEvent.keyboard('{Control>}b{/Control}');
    const bold = within(second).getAllByRole('button', { name: 'ask' })[1]!;
    expect(bold.className).toContain('rd-transcript-word--bold');
    await waitFor(() => expect(bold.className).toContain(CURRENT_WORD_CLASS));
  });

  it('is read-only while someone else reviews the recording', async () => {
    const api = createMockTranscriptApi(heldByAnother());
    server.use(...api.handlers);
    renderEditor(api);
    expect(await screen.findByTestId('banner.read-only')).toHaveProperty(
      'textContent',
      'Maria Silva is reviewing this task. You can look but not edit.',
    );
    expect(screen.queryByTestId('paragraph.1.edit')).toBeNull();
    expect(screen.queryByTestId('toolbar.finish')).toBeNull();
  });

  it('renders only the paragraphs in view of a 40,000-word transcript', async () => {
    const { longTranscript } = await import('../test/fixtures.js');
    const api = createMockTranscriptApi({ data: { transcriptFullResult: longTranscript(40_000) } });
    server.use(...api.handlers);
    renderEditor(api);
    // Generating and loading 40,000 words takes over a second on a busy machine.
    await screen.findByTestId('paragraph.0', {}, { timeout: 10_000 });
    const rows = document.querySelectorAll('.rd-transcript-paragraph');
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.length).toBeLessThan(30);
  });
});
