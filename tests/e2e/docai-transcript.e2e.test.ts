/**
 * DocAI in the transcript editor on the built app and the real server, with no language model
 * configured: ask about the demo recording (audio/jfk.wav) from the toolbar's DocAI panel, read the
 * sentence it cites with the time it is said, open it — the player lands on the sentence's first
 * word, which is marked as the one spoken.
 */
import { describe, expect, it } from 'vitest';
import { byTestId } from './pages/testid';
import { useBrowserSessions } from './support/browser';
import { openDemoRecording, settle, toolbarAction } from './support/flows';

const current = useBrowserSessions();

/** A word as the transcript shows it, compared without case or punctuation. */
const plain = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

describe('DocAI in the transcript editor', () => {
  it('answers from the recording and plays the cited sentence from where it is said', {
    timeout: 240_000,
  }, async () => {
    const s = current();
    const page = s.page;
    await openDemoRecording(s);
    await byTestId(page, 'paragraph.0').waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => {
      const media = document.querySelector('audio, video') as HTMLMediaElement | null;
      return media !== null && media.readyState >= 1 && media.duration > 5;
    });
    // Playback stands at the end, so landing on the passage is a move.
    await page.evaluate(() => {
      const media = document.querySelector('audio, video') as HTMLMediaElement;
      media.currentTime = media.duration - 0.2;
    });

    await toolbarAction(page.getByTestId('transcript-editor'), 'toolbar.docai', 'docai');
    const question = byTestId(page, 'docai.question');
    await question.waitFor();
    expect(await question.evaluate((input) => input === document.activeElement)).toBe(true);
    await question.fill('What can you do for your country?');
    await page.keyboard.press('Enter');
    const cited = byTestId(page, 'docai.reference.1.0');
    await cited.waitFor({ timeout: 30_000 });
    expect(await byTestId(page, 'docai.turn.1').innerText()).toMatch(/Passages quoted from the transcript/);
    const where = (await cited.locator('.rd-docai__where').innerText()).trim();
    const quoted = await cited.locator('q').innerText();
    expect(quoted.toLowerCase()).toContain('country');
    const [, minutes, seconds] = /^at (\d+):(\d\d)$/.exec(where) ?? [];
    expect(minutes, `citation place "${where}"`).toBeDefined();
    const said = Number(minutes) * 60 + Number(seconds);

    await cited.click();
    // The player lands within the second the citation names, on the passage's first word.
    await page.waitForFunction(
      (at) => {
        const media = document.querySelector('audio, video') as HTMLMediaElement | null;
        return media !== null && media.currentTime >= at && media.currentTime < at + 1;
      },
      said,
      { timeout: 10_000 },
    );
    const spoken = page.locator('.rd-transcript-word--current');
    await spoken.waitFor({ state: 'attached', timeout: 10_000 });
    expect(plain(await spoken.innerText())).toBe(plain(quoted.split(/\s+/)[0] ?? ''));
    await settle(s);
    await s.screenshot('docai-transcript-1-cited-sentence');
  });
});
