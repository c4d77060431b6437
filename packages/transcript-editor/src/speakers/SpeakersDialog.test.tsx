import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { editorTestServer } from '../test/render-editor.js';

vi.mock('wavesurfer.js', () => ({ default: { create: () => ({ destroy: () => undefined }) } }));

const renderEditor = editorTestServer();
/**
 * Opens the speakers dialog and waits for its first focus: the dialog moves focus in on the next
 * animation frame, and typing before that would lose the keys that follow to its close button.
 */
const openSpeakers = async () => {
  await userEvent.click(screen.getByTestId('toolbar.speakers'));
  const dialog = await screen.findByTestId('speakers.dialog');
  await waitFor(() => expect(dialog.closest('[role="dialog"]')?.contains(document.activeElement)).toBe(true));
  return dialog;
};
const selected = (paragraph: number) => {
  const select = screen.getByTestId(`paragraph.${paragraph}.speaker`) as HTMLSelectElement;
  return select.selectedOptions[0]?.textContent;
};

describe('speakers', () => {
  it('renames everywhere at once, adds, assigns and removes; the server is told the difference', async () => {
    const { api } = await renderEditor({
      data: { predefinedSpeakers: [{ speakerId: 'ws-1', speakerName: 'Interpreter', isDefault: false }] },
    });
    const dialog = await openSpeakers();
    const name = within(dialog).getByTestId('speaker.spk-1.name');
    await userEvent.clear(name);
    await userEvent.type(name, 'JFK{Enter}');
    expect(selected(0)).toBe('JFK');
    expect(selected(1)).toBe('JFK');

    await userEvent.type(within(dialog).getByTestId('speakers.new-name'), 'Reporter{Enter}');
    const names = within(dialog).getAllByRole('textbox', { name: 'Name' }) as HTMLInputElement[];
    expect(names.map((input) => input.value)).toEqual(['JFK', 'Reporter']);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('speakers.dialog')).toBeNull());

    // A workspace speaker is offered on every paragraph and joins the task when chosen.
    await userEvent.selectOptions(screen.getByTestId('paragraph.0.speaker'), 'Interpreter');
    expect(selected(0)).toBe('Interpreter');
    await waitFor(() => expect(api.state.saves.length).toBeGreaterThan(0), { timeout: 4000 });
    await waitFor(() => expect(screen.getByTestId('save.state').textContent).toBe('All changes saved'));
    // Autosave may have sent the rename on its own: what all the saves said, in order.
    const sent = api.state.saves.flatMap((save) => save.speakers);
    expect(sent.map((s) => [s.speakerName, s.action])).toEqual([
      ['JFK', 30],
      ['Reporter', 20],
      ['Interpreter', 20],
    ]);
    expect(sent.find((s) => s.speakerName === 'Interpreter')?.source).toBe(30);

    // Added, then removed before the next save: nothing about it is sent.
    const before = api.state.saves.length;
    const again = await openSpeakers();
    await userEvent.type(within(again).getByTestId('speakers.new-name'), 'Guest{Enter}');
    const guest = within(again).getByRole('button', { name: 'Remove Guest' });
    await userEvent.click(guest);
    await userEvent.click(within(again).getByRole('button', { name: 'Remove Reporter' }));
    await waitFor(() => expect(api.state.saves.length).toBeGreaterThan(before), { timeout: 4000 });
    await waitFor(() => expect(screen.getByTestId('save.state').textContent).toBe('All changes saved'));
    const later = api.state.saves.slice(before).flatMap((save) => save.speakers);
    expect(later.map((s) => [s.speakerName, s.action])).toEqual([['Reporter', 40]]);
  });

  it('a speaker whose last paragraph goes to someone else leaves the task; undo brings them back', async () => {
    await renderEditor();
    const dialog = await openSpeakers();
    await userEvent.type(within(dialog).getByTestId('speakers.new-name'), 'Reporter{Enter}');
    await userEvent.keyboard('{Escape}');
    await userEvent.selectOptions(screen.getByTestId('paragraph.0.speaker'), 'Reporter');
    await userEvent.selectOptions(screen.getByTestId('paragraph.1.speaker'), 'Reporter');
    const options = () =>
      Array.from((screen.getByTestId('paragraph.0.speaker') as HTMLSelectElement).options).map((o) => o.textContent);
    expect(options()).toEqual(['No speaker', 'Reporter']);
    await userEvent.click(screen.getByTestId('toolbar.undo'));
    expect(options()).toEqual(['No speaker', 'John F. Kennedy', 'Reporter']);
    expect(selected(1)).toBe('John F. Kennedy');
  });
});
