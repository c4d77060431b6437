import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jfkTranscript, transcriptData } from '../test/fixtures.js';
import { heldByAnother } from '../test/mock-api.js';
import { editorTestServer } from '../test/render-editor.js';

vi.mock('wavesurfer.js', () => ({ default: { create: () => ({ destroy: () => undefined }) } }));

const renderEditor = editorTestServer();

const withAnnotations = () =>
  transcriptData({
    transcriptFullResult: {
      ...jfkTranscript(),
      annotations: [
        { uniqueId: 'question', content: 'The famous question', start: 3.3, end: 9.15 },
        { uniqueId: 'applause', content: 'Applause', start: 0.3, end: 2.2 },
      ],
    },
  });

const items = () =>
  within(screen.getByTestId('annotations.list'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

const playAt = async (seconds: number) => {
  const media = screen.getByTestId('transcript.media') as HTMLAudioElement;
  await act(async () => {
    media.currentTime = seconds;
    media.dispatchEvent(new Event('timeupdate'));
  });
  return media;
};

describe('annotations panel', () => {
  it('lists them in time order; activating one plays from its start; the one being played is marked', async () => {
    await renderEditor({ data: withAnnotations() });
    expect(items()).toEqual([
      expect.stringMatching(/^0:00–0:02 Applause/),
      expect.stringMatching(/^0:03–0:09 The famous question/),
    ]);
    const question = screen.getByTestId('annotation.question.seek');
    expect(question).toHaveProperty('title', 'Play the annotation from 0:03 to 0:09: The famous question');
    expect(screen.getByRole('button', { name: '0:03–0:09 The famous question' })).toBe(question);
    question.focus();
    await userEvent.keyboard('{Enter}');
    const media = screen.getByTestId('transcript.media') as HTMLAudioElement;
    expect(media.currentTime).toBe(3.3);

    await playAt(1);
    const marked = () =>
      [...document.querySelectorAll<HTMLElement>('[data-annotation][data-playing]')].map((i) => i.dataset.annotation);
    expect(marked()).toEqual(['applause']);
    expect(screen.getByTestId('annotation.applause.seek').hasAttribute('aria-current')).toBe(true);
    await playAt(5);
    expect(marked()).toEqual(['question']);
    expect(screen.getByTestId('annotation.applause.seek').hasAttribute('aria-current')).toBe(false);
  });

  it('adds over the paragraph being played as one undoable edit, saved with the transcript', async () => {
    const { api } = await renderEditor();
    expect(screen.getByTestId('annotations.empty').textContent).toBe('No annotations yet.');
    await playAt(4);
    await userEvent.click(screen.getByTestId('annotations.add-paragraph'));
    const content = screen.getByTestId('annotation.new.content');
    await waitFor(() => expect(document.activeElement).toBe(content));
    expect((screen.getByTestId('annotation.new.start') as HTMLInputElement).value).toBe('3.3');
    expect((screen.getByTestId('annotation.new.end') as HTMLInputElement).value).toBe('9.15');
    // Nothing written: refused with a reason, nothing added.
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('Write what the annotation says.')).toBeTruthy();
    expect(screen.queryByTestId('annotations.list')).toBeNull();
    await userEvent.type(content, 'The famous question{Enter}');
    expect(items()).toEqual([expect.stringMatching(/^0:03–0:09 The famous question/)]);
    await waitFor(() => expect(document.activeElement?.getAttribute('data-annotation-seek')).toBe(''));

    await waitFor(() => expect(api.state.saves.length).toBeGreaterThan(0), { timeout: 4000 });
    await waitFor(() => expect(screen.getByTestId('save.state').textContent).toBe('All changes saved'));
    const saved = api.state.saves.at(-1)?.transcript.annotations ?? [];
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ content: 'The famous question', start: 3.3, end: 9.15 });
    expect(saved[0]?.uniqueId).toMatch(/^[0-9a-f-]{36}$/);

    await userEvent.click(screen.getByTestId('toolbar.undo'));
    expect(screen.getByTestId('annotations.empty')).toBeTruthy();
    await userEvent.click(screen.getByTestId('toolbar.redo'));
    expect(items()).toHaveLength(1);
  });

  it('adds from the playback position with a few seconds, edits with checked times, removes', async () => {
    const { api } = await renderEditor({ data: withAnnotations() });
    await playAt(9.5);
    await userEvent.click(screen.getByTestId('annotations.add-position'));
    expect((screen.getByTestId('annotation.new.start') as HTMLInputElement).value).toBe('9.5');
    expect((screen.getByTestId('annotation.new.end') as HTMLInputElement).value).toBe('14.5');
    await userEvent.type(screen.getByTestId('annotation.new.content'), 'Crowd');
    // Escape leaves everything as it was.
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('annotation.new.form')).toBeNull();
    expect(items()).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Edit the annotation “Applause”' }));
    const start = screen.getByTestId('annotation.applause.start');
    const end = screen.getByTestId('annotation.applause.end');
    await userEvent.clear(end);
    await userEvent.type(end, '0.2');
    expect(screen.getByText('The end must come after the start.')).toBeTruthy();
    await userEvent.click(screen.getByTestId('annotation.applause.save'));
    expect(screen.getByTestId('annotation.applause.form')).toBeTruthy();
    await userEvent.clear(start);
    await userEvent.type(start, '9.5');
    await userEvent.clear(end);
    await userEvent.type(end, '10.5');
    const content = screen.getByTestId('annotation.applause.content');
    await userEvent.clear(content);
    await userEvent.type(content, 'Applause at the end{Enter}');
    // Moved after the question: the list follows the times.
    expect(items()).toEqual([
      expect.stringMatching(/^0:03–0:09 The famous question/),
      expect.stringMatching(/^0:09–0:10 Applause at the end/),
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Remove the annotation “The famous question”' }));
    expect(items()).toEqual([expect.stringMatching(/Applause at the end/)]);
    await waitFor(() => expect(screen.getByTestId('save.state').textContent).toBe('All changes saved'), {
      timeout: 4000,
    });
    expect(api.state.saves.at(-1)?.transcript.annotations).toEqual([
      expect.objectContaining({ uniqueId: 'applause', content: 'Applause at the end', start: 9.5, end: 10.5 }),
    ]);
  });

  it('is listed but not editable in a read-only session', async () => {
    await renderEditor({ ...heldByAnother(), data: withAnnotations() });
    await screen.findByTestId('banner.read-only');
    expect(items()).toHaveLength(2);
    expect(screen.queryByTestId('annotations.add-paragraph')).toBeNull();
    expect(screen.queryByTestId('annotation.applause.edit')).toBeNull();
    expect(screen.queryByTestId('annotation.applause.remove')).toBeNull();
  });
});
