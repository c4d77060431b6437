import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { longTranscript } from '../test/fixtures.js';
import { editorTestServer } from '../test/render-editor.js';

vi.mock('wavesurfer.js', () => ({ default: { create: () => ({ destroy: () => undefined }) } }));

const renderEditor = editorTestServer();
/** The count as seen ("1 of 2"), without what only a screen reader hears. */
const count = () => {
  const output = screen.getByTestId('search.count');
  return output.querySelector('[aria-hidden="true"]')?.textContent ?? output.textContent;
};
/** What a screen reader hears of the count (the live region's text without what is hidden from it). */
const heard = () => screen.getByTestId('search.result').textContent;
const words = (paragraph: number) =>
  Array.from(screen.getByTestId(`paragraph.${paragraph}`).querySelectorAll('[data-word]')).map((w) => w.textContent);

describe('search and replace', () => {
  it('goes round the results, replaces one (it leaves the results), then all in one undo step', async () => {
    const { api } = await renderEditor();
    screen.getByTestId('toolbar.save').focus();
    await userEvent.keyboard('{Control>}f{/Control}');
    const find = await screen.findByRole('textbox', { name: 'Find, search and replace' });
    // The focus waits for the search to be painted, so a screen reader knows the region it is in.
    await waitFor(() => expect(document.activeElement).toBe(find));
    await userEvent.type(find, 'can');
    expect(count()).toBe('1 of 2');
    // Heard: where the result is too; a move is a new message, so the same text again (one
    // result, Enter) is said again.
    expect(heard()).toBe('1 of 2, paragraph 2, John F. Kennedy');
    expect(screen.getAllByRole('button', { name: 'can' })[0]?.getAttribute('aria-current')).toBe('true');
    const before = screen.getByTestId('search.result');
    await userEvent.keyboard('{Enter}');
    expect(count()).toBe('2 of 2');
    await waitFor(() => expect(heard()).toBe('2 of 2, paragraph 2, John F. Kennedy'));
    expect(screen.getByTestId('search.result')).not.toBe(before);
    await userEvent.keyboard('{Enter}');
    expect(count()).toBe('1 of 2');
    await waitFor(() => expect(heard()).toBe('1 of 2, paragraph 2, John F. Kennedy'));
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}');
    expect(count()).toBe('2 of 2');

    // "can" → "cannot" contains the query: the replaced spot still leaves the results.
    await userEvent.type(screen.getByRole('textbox', { name: 'Replace with' }), 'cannot');
    await userEvent.click(screen.getByTestId('search.replace'));
    expect(words(1)[12]).toBe('cannot');
    expect(count()).toBe('1 of 1');
    expect(words(1)[5]).toBe('can');
    // Enter on the only result: a text of its own, not "1 of 1, …" again (a screen reader drops
    // a live region text equal to the last one).
    await userEvent.type(find, '{Enter}');
    expect(count()).toBe('1 of 1');
    await waitFor(() => expect(heard()).toBe('The only result, paragraph 2, John F. Kennedy'));

    await userEvent.clear(find);
    await userEvent.type(find, 'ask');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Replace with' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Replace with' }), 'tell');
    await userEvent.click(screen.getByTestId('search.replace-all'));
    expect(words(1).filter((w) => w === 'tell')).toHaveLength(2);
    expect(count()).toBe('No results');
    await userEvent.click(screen.getByTestId('toolbar.undo'));
    expect(words(1).filter((w) => w === 'ask')).toHaveLength(2);
    expect(words(1)[12]).toBe('cannot');
    expect(count()).toBe('1 of 2');
    await userEvent.click(screen.getByTestId('toolbar.redo'));
    await waitFor(() => expect(api.state.saves.at(-1)?.transcript.transcripts[1]?.children[0]?.text).toBe('tell'), {
      timeout: 4000,
    });
    expect(api.state.saves.at(-1)?.transcript.transcripts[1]?.children[0]?.offsetInSeconds).toBe(3.3);

    await userEvent.click(find);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('search.panel')).toBeNull();
    expect(document.querySelector('.rd-transcript-word--match')).toBeNull();
  });

  it("gives a speaker's paragraphs to another one, one or all", async () => {
    const { api } = await renderEditor({ data: { transcriptFullResult: longTranscript(100) } });
    await userEvent.click(screen.getByTestId('toolbar.search'));
    await userEvent.click(screen.getByTestId('search.mode.speakers'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Paragraphs of, search and replace' }), 'Guest');
    expect(count()).toBe('1 of 2');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Give them to' }), 'Anchor');
    await userEvent.click(screen.getByTestId('search.replace'));
    expect(count()).toBe('1 of 1');
    await userEvent.click(screen.getByTestId('search.replace-all'));
    expect(count()).toBe('No results');
    await waitFor(() => expect(api.state.saves.length).toBeGreaterThan(0), { timeout: 4000 });
    await waitFor(() => expect(api.state.transcript.transcripts.every((p) => p.speakerId === 'spk-1')).toBe(true));
  });
});
