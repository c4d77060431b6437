import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { editorTestServer } from '../test/render-editor.js';
import { SHORTCUTS } from './shortcuts.js';

vi.mock('wavesurfer.js', () => ({ default: { create: () => ({ destroy: () => undefined }) } }));

const renderEditor = editorTestServer();
const media = () => screen.getByTestId('transcript.media') as HTMLAudioElement;
const press = (init: KeyboardEventInit) =>
  act(() => {
    fireEvent.keyDown(document.activeElement ?? document.body, init);
  });
const word = (paragraph: number, name: string, nth = 0) =>
  within(screen.getByTestId(`paragraph.${paragraph}`)).getAllByRole('button', { name })[nth] as HTMLElement;

describe('keyboard shortcuts', () => {
  it('formats the word with the focus: Control+B, I, U and the toolbar buttons, which leave it the focus', async () => {
    const { api } = await renderEditor();
    const user = userEvent.setup();
    word(1, 'not').focus();
    await press({ key: 'b', code: 'KeyB', ctrlKey: true });
    expect(word(1, 'not').className).toContain('rd-transcript-word--bold');
    await press({ key: 'u', code: 'KeyU', ctrlKey: true });
    expect(word(1, 'not').className).toContain('rd-transcript-word--underline');
    await user.click(screen.getByTestId('toolbar.italic'));
    expect(document.activeElement).toBe(word(1, 'not'));
    expect(word(1, 'not').className).toContain('rd-transcript-word--italic');
    await user.click(screen.getByTestId('toolbar.bold'));
    expect(word(1, 'not').className).not.toContain('rd-transcript-word--bold');
    await waitFor(() => expect(api.state.saves.length).toBeGreaterThan(0), { timeout: 3000 });
    await waitFor(() =>
      expect(api.state.transcript.transcripts[1]?.children[1]).toMatchObject({
        text: 'not',
        bold: false,
        italic: true,
        underline: true,
      }),
    );
    // In the text box the keys are the browser's: nothing is formatted.
    await user.click(screen.getByTestId('paragraph.1.edit'));
    await press({ key: 'b', code: 'KeyB', ctrlKey: true });
    await press({ key: 'Escape', code: 'Escape' });
    expect(word(1, 'not').className).not.toContain('rd-transcript-word--bold');
  });

  it('plays, jumps 5 s and changes speed from the keyboard, also while typing in a paragraph', async () => {
    await renderEditor();
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    word(1, 'not').focus();
    await press({ key: 'k', code: 'KeyK', altKey: true });
    expect(play).toHaveBeenCalledTimes(1);
    media().currentTime = 3.6;
    await press({ key: 'l', code: 'KeyL', altKey: true });
    expect(media().currentTime).toBe(8.6);
    await press({ key: 'j', code: 'KeyJ', altKey: true });
    expect(media().currentTime).toBeCloseTo(3.6);
    await press({ key: '.', code: 'Period', altKey: true });
    await press({ key: '.', code: 'Period', altKey: true });
    expect(media().playbackRate).toBe(1.5);
    for (let i = 0; i < 8; i++) await press({ key: ',', code: 'Comma', altKey: true });
    expect(media().playbackRate).toBe(0.25);

    await userEvent.click(screen.getByTestId('paragraph.1.edit'));
    expect(document.activeElement?.tagName).toBe('TEXTAREA');
    await press({ key: '.', code: 'Period', altKey: true });
    expect(media().playbackRate).toBe(0.5);
    play.mockRestore();
  });

  it('says play, pause and a new speed in the live region: the focus stays in the text, on no player control', async () => {
    await renderEditor();
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    const said = screen.getByTestId('editor.announcement');
    expect(said.getAttribute('aria-live')).toBe('polite');
    word(1, 'not').focus();
    media().currentTime = 3.6;
    await press({ key: 'k', code: 'KeyK', altKey: true });
    expect(said.textContent).toBe('Playing from 0:03.6');
    Object.defineProperty(media(), 'paused', { value: false, configurable: true });
    media().currentTime = 4.2;
    await press({ key: 'k', code: 'KeyK', altKey: true });
    expect(pause).toHaveBeenCalledTimes(1);
    expect(said.textContent).toBe('Paused at 0:04.2');
    await press({ key: '.', code: 'Period', altKey: true });
    expect(said.textContent).toBe('Speed 1.25×');
    // The same message again is a new node, which a screen reader says again.
    const node = said.firstElementChild;
    await press({ key: 'k', code: 'KeyK', altKey: true });
    expect(said.textContent).toBe('Paused at 0:04.2');
    expect(said.firstElementChild).not.toBe(node);
    play.mockRestore();
    pause.mockRestore();
  });

  it('walks the low-confidence words and the paragraphs, seeking to each', async () => {
    await renderEditor();
    word(0, 'so').focus();
    await press({ key: 'n', code: 'KeyN', altKey: true });
    await waitFor(() => expect(document.activeElement).toBe(word(1, 'your')));
    expect(media().currentTime).toBe(4.6);
    await press({ key: 'n', code: 'KeyN', altKey: true });
    await waitFor(() => expect(document.activeElement).toBe(word(1, 'your', 1)));
    await press({ key: 'n', code: 'KeyN', altKey: true });
    await waitFor(() => expect(document.activeElement).toBe(word(1, 'contry')));
    // Past the last one it starts again from the top.
    await press({ key: 'n', code: 'KeyN', altKey: true });
    await waitFor(() => expect(document.activeElement).toBe(word(1, 'your')));

    await press({ key: 'ArrowUp', code: 'ArrowUp', altKey: true });
    await waitFor(() =>
      expect(document.activeElement?.closest('[data-paragraph]')?.getAttribute('data-paragraph')).toBe('0'),
    );
    expect(media().currentTime).toBe(0.3);
    await press({ key: 'ArrowDown', code: 'ArrowDown', altKey: true });
    await waitFor(() =>
      expect(document.activeElement?.closest('[data-paragraph]')?.getAttribute('data-paragraph')).toBe('1'),
    );
    expect(media().currentTime).toBe(3.3);

    await press({ key: 's', code: 'KeyS', altKey: true });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('paragraph.1.speaker')));
  });

  it("gives each paragraph's words one Tab stop and walks the words with the arrows, on across paragraphs", async () => {
    await renderEditor();
    expect(word(0, 'and').tabIndex).toBe(0);
    expect(word(0, 'so').tabIndex).toBe(-1);
    expect(word(1, 'ask').tabIndex).toBe(0);
    expect(word(1, 'contry').tabIndex).toBe(-1);
    const before = media().currentTime;
    word(0, 'fellow').focus();
    await press({ key: 'ArrowRight', code: 'ArrowRight' });
    await waitFor(() => expect(document.activeElement).toBe(word(0, 'americans')));
    await press({ key: 'ArrowRight', code: 'ArrowRight' });
    await waitFor(() => expect(document.activeElement).toBe(word(1, 'ask')));
    await press({ key: 'ArrowLeft', code: 'ArrowLeft' });
    await waitFor(() => expect(document.activeElement).toBe(word(0, 'americans')));
    // Moving the focus is not playing: Enter on the word does that.
    expect(media().currentTime).toBe(before);
    // Anywhere else the arrows stay the page's (the key is not taken).
    const speaker = screen.getByTestId('paragraph.1.speaker');
    expect(fireEvent.keyDown(speaker, { key: 'ArrowRight', code: 'ArrowRight' })).toBe(true);
    expect(document.activeElement).toBe(word(0, 'americans'));
  });

  it('undoes and redoes outside the text box, and lists every shortcut in the help', async () => {
    await renderEditor();
    await userEvent.click(screen.getByTestId('paragraph.0.merge'));
    expect(screen.queryByTestId('paragraph.1')).toBeNull();
    screen.getByTestId('toolbar.save').focus();
    await press({ key: 'z', code: 'KeyZ', ctrlKey: true });
    expect(await screen.findByTestId('paragraph.1')).toBeTruthy();
    await press({ key: 'y', code: 'KeyY', ctrlKey: true });
    await waitFor(() => expect(screen.queryByTestId('paragraph.1')).toBeNull());

    // "?" typed in a paragraph is text, not the help.
    await userEvent.click(screen.getByTestId('paragraph.0.edit'));
    await userEvent.type(screen.getByRole('textbox'), '?');
    expect(screen.queryByTestId('shortcuts.help')).toBeNull();
    await userEvent.keyboard('{Escape}');
    screen.getByTestId('toolbar.save').focus();
    await press({ key: '?' });
    const help = await screen.findByTestId('shortcuts.help');
    expect(within(help).getAllByRole('term')).toHaveLength(SHORTCUTS.length);
    expect(help.textContent).toContain('Next low-confidence word');
    expect(help.textContent).toContain('Alt + K');
  });
});
