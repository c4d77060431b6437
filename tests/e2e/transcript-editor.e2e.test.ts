/**
 * The transcript editor end to end on the demo recording (fixtures/audio/jfk.wav, imported and
 * recognised by the server as the demo seeds it): a manager opens it from its address, the
 * waveform comes from the server's peaks, a click on a word moves the media there, a corrected
 * word is saved, survives a reload, the review is finished, and the SRT export carries the
 * correction.
 */
import { describe, expect, it } from 'vitest';
import { importForReview, workspaceIdByName } from '../embed/support/tasks';
import { useBrowserSessions } from './support/browser';
import { demoAccount } from './support/demo';
import { settle, signInThroughLoginPage } from './support/flows';

const current = useBrowserSessions();
const CORRECTION = 'Reviewdesk';

describe('transcript editor', () => {
  // The server recognises the recording first (pocketsphinx); on a busy two-core machine that
  // alone can take a minute.
  it('opens the demo recording, seeks, saves a corrected word over a reload, finishes, and exports it', {
    timeout: 300_000,
  }, async () => {
    const s = current();
    const { shell, token } = await signInThroughLoginPage(s, demoAccount('Manager'));
    await shell.chooseLanguage('en');
    const page = s.page;

    const workspaceId = await workspaceIdByName(s.baseUrl, await token(), 'Meeting recordings');
    const taskId = await importForReview(s.baseUrl, await token(), workspaceId, 'audio/jfk.wav');
    await page.goto(`/task/viewer/transcripts?taskId=${taskId}&workspaceId=${workspaceId}`);
    const editor = page.getByTestId('transcript-editor');
    await editor.waitFor({ timeout: 60_000 }).catch(async (error: unknown) => {
      await s.screenshot('transcript-editor-0-not-opened');
      throw new Error(`${String(error)}\n${await page.locator('body').innerText()}\n${s.problems.join('\n')}`);
    });
    const ready = page.locator('[data-testid="transcript-editor"][data-phase="ready"]');
    await ready.waitFor({ timeout: 60_000 }).catch(async (error: unknown) => {
      await s.screenshot('transcript-editor-0-not-ready');
      throw new Error(
        `${String(error)}\nphase ${await editor.getAttribute('data-phase')}: ${await editor.innerText()}`,
      );
    });
    expect(await page.getByTestId('viewer').count()).toBe(0);
    const first = editor.getByTestId('paragraph.0');
    await first.waitFor();
    // The waveform is drawn from the peaks (wavesurfer renders into its own shadow root).
    await editor.getByTestId('save.state').filter({ hasText: 'All changes saved' }).waitFor();
    await settle(s);
    await s.screenshot('transcript-editor-1-opened');
    const drawn = () =>
      editor
        .getByTestId('transcript.waveform')
        .evaluate((el) =>
          Boolean(el.querySelector('.rd-transcript-waveform__canvas > div')?.shadowRoot?.querySelector('canvas')),
        );
    await expect.poll(drawn).toBe(true);
    expect(await editor.getByText('The waveform is not ready yet.').count()).toBe(0);

    // A click on the third word moves the media to it and marks it as the current word.
    const third = first.locator('[data-word="0:2"]');
    await third.click();
    await expect.poll(() => page.locator('.rd-transcript-word--current').getAttribute('data-word')).toBe('0:2');
    const position = await editor.getByTestId('player.position').textContent();
    expect(position).toMatch(/^0:0\d\.\d of 0:1\d\.\d$/);

    // Correct the second word of the first paragraph.
    await first.getByTestId('paragraph.0.edit').click();
    const box = first.getByRole('textbox');
    const words = (await box.inputValue()).split(/\s+/).filter(Boolean);
    expect(words.length).toBeGreaterThan(2);
    words[1] = CORRECTION;
    await box.fill(words.join(' '));
    await box.press('Enter');
    await first.getByRole('button', { name: CORRECTION }).waitFor();
    // The word being spoken stays marked through the edit.
    await expect.poll(() => page.locator('.rd-transcript-word--current').getAttribute('data-word')).toBe('0:2');
    await editor.getByTestId('save.state').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 10_000 });
    await s.screenshot('transcript-editor-2-corrected');

    // Reload: the correction comes back from the server, nothing restored from the device is needed.
    await page.reload();
    await page.locator('[data-testid="transcript-editor"][data-phase="ready"]').waitFor({ timeout: 30_000 });
    await editor.getByTestId('paragraph.0').getByRole('button', { name: CORRECTION }).waitFor();
    expect(await editor.getByTestId('banner.restored').count()).toBe(0);

    // Finish the review.
    await editor.getByTestId('toolbar.finish').click();
    await editor.getByTestId('transcript.finished').waitFor({ timeout: 20_000 });
    await s.screenshot('transcript-editor-3-finished');

    // The SRT export carries the correction.
    const headers = { authorization: `Bearer ${await token()}`, accept: 'application/json' };
    const exported = await fetch(`${s.baseUrl}/api/v1/Transcript/Export/${taskId}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 30 }),
    });
    expect(exported.status).toBe(200);
    expect(await exported.text()).toContain(CORRECTION);
    expect(s.problems).toEqual([]);
  });
});
