/**
 * The transcript editor end to end on the demo recording (fixtures/audio/jfk.wav, imported and
 * recognised by the server as the demo seeds it): a manager opens it from its address, the
 * waveform comes from the server's peaks, the recording plays, a click on a word moves the media
 * there, the first sentence is corrected to the words spoken (pocketsphinx mishears its end) and
 * saved — the server re-aligns the typed words to the audio and the editor takes their times —,
 * the speaker is renamed, a word is replaced everywhere, all of it survives a reload, the review is
 * finished, and the SRT file of the export dialog carries the correction at its re-aligned time.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseSrt } from '../../apps/server/src/testing/subtitles';
import { importForReview, workspaceIdByName } from '../embed/support/tasks';
import { useBrowserSessions } from './support/browser';
import { demoAccount } from './support/demo';
import { settle, signInThroughLoginPage, toolbarAction } from './support/flows';

const current = useBrowserSessions();
/** The first sentence as spoken (fixtures/audio/jfk.txt); recognition hears "ah i" for its last word. */
const FIRST_SENTENCE = 'And so my fellow Americans,';
const CORRECTED = 'Americans,';
/**
 * Where "Americans" is spoken, and where the first sentence ends, in jfk.wav (seconds): read from
 * two engines that agree within 0.1 s (see apps/server/src/pipeline/media/alignment/retime.test.ts).
 */
const AMERICANS: [number, number] = [1.53, 2.5];
const FIRST_SENTENCE_END: [number, number] = [1.9, 2.5];
const SPEAKER = 'President Kennedy';
const REPLACED = 'country';
const REPLACEMENT = 'nation';

/** Seconds of the player's position ("0:01.9 of 0:11.0" → 1.9). */
const secondsOf = (position: string | null) => {
  const match = /^(\d+):(\d+(?:\.\d+)?) of/.exec(position ?? '');
  if (!match) throw new Error(`Unexpected position ${JSON.stringify(position)}`);
  return Number(match[1]) * 60 + Number(match[2]);
};

describe('transcript editor', () => {
  // The server recognises the recording first (pocketsphinx); on a busy two-core machine that
  // alone can take a minute.
  it('plays, corrects, renames a speaker, replaces all, keeps it over a reload, finishes, and exports SRT', {
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
    const position = editor.getByTestId('player.position');

    // Play: the position moves on and a word of the first sentence is marked as it is spoken.
    const toggle = editor.getByTestId('player.toggle');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => secondsOf(await position.textContent()), { timeout: 15_000 }).toBeGreaterThan(0.5);
    await expect
      .poll(() => page.locator('.rd-transcript-word--current').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');

    // A click on the third word moves the media to it and marks it as the current word.
    const third = first.locator('[data-word="0:2"]');
    await third.click();
    await expect.poll(() => page.locator('.rd-transcript-word--current').getAttribute('data-word')).toBe('0:2');
    expect(await position.textContent()).toMatch(/^0:0\d\.\d of 0:1\d\.\d$/);

    // Correct the first sentence to the words spoken.
    await first.getByTestId('paragraph.0.edit').click();
    const box = first.getByRole('textbox');
    expect((await box.inputValue()).split(/\s+/).filter(Boolean).length).toBeGreaterThan(2);
    await box.fill(FIRST_SENTENCE);
    await box.press('Enter');
    const corrected = first.getByRole('button', { name: CORRECTED });
    await corrected.waitFor();
    // The word being spoken stays marked through the edit.
    await expect.poll(() => page.locator('.rd-transcript-word--current').count()).toBe(1);
    await editor.getByTestId('save.state').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 30_000 });
    await s.screenshot('transcript-editor-2-corrected');
    // The server re-aligned the typed word to the audio and the editor took its time: a click on it
    // plays from where it is spoken.
    await expect
      .poll(
        async () => {
          await corrected.click();
          return secondsOf(await position.textContent());
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(AMERICANS[0]);
    expect(secondsOf(await position.textContent())).toBeLessThan(AMERICANS[1]);

    // Rename the speaker: every paragraph follows.
    await toolbarAction(editor, 'toolbar.speakers', 'speakers');
    const speakers = page.getByTestId('speakers.dialog');
    const name = speakers.locator('[data-testid^="speaker."][data-testid$=".name"]').first();
    await name.fill(SPEAKER);
    await name.press('Enter');
    await page.keyboard.press('Escape');
    await expect
      .poll(() => editor.getByTestId('paragraph.0.speaker').locator('option:checked').textContent())
      .toBe(SPEAKER);

    // Replace a word everywhere: one edit, every match gone.
    await toolbarAction(editor, 'toolbar.search', 'search');
    await editor.getByTestId('search.query').fill(REPLACED);
    const count = editor.getByTestId('search.count');
    // What is seen ("1 of 11"); a screen reader hears it with the result's paragraph and speaker.
    const seen = count.locator('[aria-hidden="true"]');
    await expect.poll(() => seen.textContent()).toMatch(/ of [1-9]/);
    const matches = Number(/ of (\d+)/.exec((await seen.textContent()) ?? '')?.[1]);
    await editor.getByTestId('search.replacement').fill(REPLACEMENT);
    await editor.getByTestId('search.replace-all').click();
    await expect.poll(() => count.textContent()).toBe('No results');
    await editor.getByTestId('search.close').click();
    const replacements = editor.getByRole('button', { name: REPLACEMENT, exact: true });
    expect(await replacements.count()).toBe(matches);
    await editor.getByTestId('save.state').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 30_000 });
    await s.screenshot('transcript-editor-3-replaced');

    // Reload: everything comes back from the server, nothing restored from the device is needed.
    await page.reload();
    await page.locator('[data-testid="transcript-editor"][data-phase="ready"]').waitFor({ timeout: 30_000 });
    await editor.getByTestId('paragraph.0').getByRole('button', { name: CORRECTED }).waitFor();
    expect(await editor.getByTestId('banner.restored').count()).toBe(0);
    expect(await editor.getByTestId('paragraph.0.speaker').locator('option:checked').textContent()).toBe(SPEAKER);
    expect(await editor.getByRole('button', { name: REPLACEMENT, exact: true }).count()).toBe(matches);
    expect(await editor.getByRole('button', { name: REPLACED, exact: true }).count()).toBe(0);

    // Finish the review.
    await editor.getByTestId('toolbar.finish').click();
    await editor.getByTestId('transcript.finished').waitFor({ timeout: 20_000 });
    await s.screenshot('transcript-editor-4-finished');

    // Export SubRip from the dialog: the corrected sentence's cue ends where it is spoken, with the
    // renamed speaker and the replacement.
    await editor.getByTestId('export.open').click();
    await page.getByTestId('export.format').selectOption('Srt');
    const download = page.waitForEvent('download');
    await page.getByTestId('export.download').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.srt$/);
    const srt = parseSrt(await readFile(await file.path(), 'utf8'));
    const cueText = (cue: { lines: string[] }) => cue.lines.join(' ');
    const opening = srt.find((cue) => cueText(cue).includes('fellow Americans,'));
    expect(opening, JSON.stringify(srt)).toBeDefined();
    expect(cueText(opening as { lines: string[] })).toContain(SPEAKER);
    expect(opening?.end).toBeGreaterThan(FIRST_SENTENCE_END[0]);
    expect(opening?.end).toBeLessThan(FIRST_SENTENCE_END[1]);
    expect(srt.some((cue) => cueText(cue).includes(REPLACEMENT))).toBe(true);
    expect(srt.some((cue) => new RegExp(`\\b${REPLACED}\\b`).test(cueText(cue)))).toBe(false);
    expect(s.problems).toEqual([]);
  });
});
