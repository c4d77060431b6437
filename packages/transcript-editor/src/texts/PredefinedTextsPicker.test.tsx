import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { withPredefinedTexts } from '../test/fixtures.js';
import { editorTestServer } from '../test/render-editor.js';

vi.mock('wavesurfer.js', () => ({ default: { create: () => ({ destroy: () => undefined }) } }));

const renderEditor = editorTestServer();
const press = (init: KeyboardEventInit) =>
  act(() => {
    fireEvent.keyDown(document.activeElement ?? document.body, init);
  });
const word = (paragraph: number, name: string) =>
  within(screen.getByTestId(`paragraph.${paragraph}`)).getByRole('button', { name });
const wordsOf = (paragraph: number) =>
  [...screen.getByTestId(`paragraph.${paragraph}`).querySelectorAll('[data-word]')].map((w) => w.textContent);

describe('predefined texts', () => {
  it('are offered only when the workspace has some', async () => {
    await renderEditor();
    expect(screen.queryByTestId('toolbar.texts')).toBeNull();
    word(1, 'not').focus();
    await press({ key: 't', code: 'KeyT', altKey: true });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('go in after the selected word as one edit: saved, undone in one step, the focus on the text', async () => {
    const { api } = await renderEditor({ init: withPredefinedTexts() });
    const user = userEvent.setup();
    word(1, 'not').focus();
    // The toolbar's button leaves the focus on the word, where the text goes.
    await user.click(screen.getByTestId('toolbar.texts'));
    const dialog = await screen.findByRole('dialog', { name: 'Predefined texts' });
    expect(dialog.textContent).toContain('after the selected word');
    expect(
      within(dialog)
        .getAllByRole('button', { name: /^\[/ })
        .map((b) => b.textContent),
    ).toEqual(['[inaudible]', '[crosstalk]', '[applause]']);
    await user.click(within(dialog).getByRole('button', { name: '[crosstalk]' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(wordsOf(1).slice(0, 4)).toEqual(['ask', 'not', '[crosstalk]', 'what']);
    await waitFor(() => expect(document.activeElement).toBe(word(1, '[crosstalk]')));

    // The next one follows it, chosen from the keyboard alone.
    await press({ key: 't', code: 'KeyT', altKey: true });
    const again = await screen.findByRole('dialog');
    await waitFor(() => expect(again.contains(document.activeElement)).toBe(true));
    within(again).getByRole('button', { name: '[inaudible]' }).focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('[applause]');
    await user.keyboard('{Enter}');
    expect(wordsOf(1).slice(0, 5)).toEqual(['ask', 'not', '[crosstalk]', '[applause]', 'what']);

    await waitFor(() =>
      expect(api.state.transcript.transcripts[1]?.children.map((w) => w.text).slice(2, 4)).toEqual([
        '[crosstalk]',
        '[applause]',
      ]),
    );
    const saved = api.state.transcript.transcripts[1]?.children[2];
    expect(saved).toMatchObject({ offsetInSeconds: 4.1, confidence: null });
    await user.click(screen.getByTestId('toolbar.undo'));
    expect(wordsOf(1).slice(0, 4)).toEqual(['ask', 'not', '[crosstalk]', 'what']);
    await user.click(screen.getByTestId('toolbar.undo'));
    expect(wordsOf(1).slice(0, 3)).toEqual(['ask', 'not', 'what']);
  });

  it('go in at the caret while a paragraph is edited, replacing the selection, and are saved with it', async () => {
    const { api } = await renderEditor({ init: withPredefinedTexts() });
    const user = userEvent.setup();
    await user.click(screen.getByTestId('paragraph.0.edit'));
    const box = screen.getByRole('textbox') as HTMLTextAreaElement;
    // Select "my" in "and so my fellow americans".
    box.setSelectionRange(7, 9);
    await press({ key: 't', code: 'KeyT', altKey: true });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('at the cursor');
    await user.click(within(dialog).getByRole('button', { name: '[inaudible]' }));
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(box.value).toBe('and so [inaudible] fellow americans');
    expect(box.selectionStart).toBe('and so [inaudible]'.length);
    // Nothing is saved until the paragraph is done.
    // Nothing is saved until the paragraph is done.
    const savedFirst = () => api.state.saves.map((save) => save.transcript.transcripts[0]?.children[2]?.text);
    expect(savedFirst()).not.toContain('[inaudible]');
    await user.click(screen.getByTestId('paragraph.0.done'));
    expect(wordsOf(0)).toEqual(['and', 'so', '[inaudible]', 'fellow', 'americans']);
    await waitFor(() => expect(savedFirst()).toContain('[inaudible]'), { timeout: 3000 });
  });

  it('are listed in the keyboard help', async () => {
    await renderEditor({ init: withPredefinedTexts() });
    word(0, 'so').focus();
    await press({ key: '?' });
    const help = await screen.findByTestId('shortcuts.help');
    expect(help.textContent).toContain('Insert a predefined text');
    expect(help.textContent).toContain('Alt + T');
  });
});
