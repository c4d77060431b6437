import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { editorTestServer } from '../test/render-editor.js';
import { AUTO_PAUSE_IDLE_MS } from './auto-pause.js';

vi.mock('wavesurfer.js', () => ({ default: { create: () => ({ destroy: () => undefined }) } }));

const renderEditor = editorTestServer();

/** The media element plays and pauses as a browser's does, events included. */
function playableMedia() {
  const media = screen.getByTestId('transcript.media') as HTMLAudioElement;
  let paused = true;
  Object.defineProperty(media, 'paused', { configurable: true, get: () => paused });
  const play = vi.spyOn(media, 'play').mockImplementation(async () => {
    paused = false;
    media.dispatchEvent(new Event('play'));
  });
  const pause = vi.spyOn(media, 'pause').mockImplementation(() => {
    paused = true;
    media.dispatchEvent(new Event('pause'));
  });
  return { media, play, pause, isPaused: () => paused };
}

afterEach(() => localStorage.clear());

describe('auto-pause while typing (the setting)', () => {
  it('is off by default: typing leaves playback alone', async () => {
    await renderEditor();
    const user = userEvent.setup();
    expect((screen.getByRole('switch', { name: 'Pause while typing' }) as HTMLInputElement).checked).toBe(false);
    const { media, isPaused } = playableMedia();
    await media.play();
    await user.click(screen.getByTestId('paragraph.0.edit'));
    await user.type(screen.getByRole('textbox'), ' okay');
    expect(isPaused()).toBe(false);
  });

  it('on, kept with the preferences: typing in a paragraph pauses, a second without typing resumes', async () => {
    await renderEditor();
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Pause while typing' }));
    expect(JSON.parse(localStorage.getItem('reviewdesk:preferences:anonymous') ?? '{}')).toMatchObject({
      autoPause: true,
    });
    const { media, play, isPaused } = playableMedia();
    await media.play();
    await user.click(screen.getByTestId('paragraph.1.edit'));
    const typedAt = Date.now();
    await user.type(screen.getByRole('textbox'), ' yes');
    expect(isPaused()).toBe(true);
    expect(play).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(isPaused()).toBe(false), { timeout: 3000 });
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(AUTO_PAUSE_IDLE_MS);
    expect(play).toHaveBeenCalledTimes(2);
  });
});
