/**
 * The transcript editor's editing tools on the demo recording (fixtures/audio/jfk.wav) against the
 * real server: a manager inserts one of the demo workspace's predefined texts after a word with
 * Alt+T (saved, there after a reload), turns on auto-pause (kept after the reload), and finds the
 * paragraphs as regions on the waveform, zoomed in and out; notes the first paragraph with an
 * annotation, listed beside the text and on the waveform, there after the reload.
 */
import { describe, expect, it } from 'vitest';
import { AppShell } from './pages/AppShell';
import { useBrowserSessions } from './support/browser';
import { openDemoRecording, settle } from './support/flows';

const current = useBrowserSessions();
/** One of the predefined texts the demo "Meeting recordings" workspace has. */
const TEXT = '[inaudible]';
/** What the manager notes on the first paragraph. */
const NOTE = 'Check the greeting';

describe('transcript editing tools', () => {
  it('inserts a predefined text, keeps the auto-pause setting, shows zoomable paragraph regions, keeps an annotation', {
    timeout: 300_000,
  }, async () => {
    const s = current();
    await openDemoRecording(s);
    const page = s.page;
    const editor = page.getByTestId('transcript-editor');
    await page.locator('[data-testid="transcript-editor"][data-phase="ready"]').waitFor({ timeout: 60_000 });
    await editor.getByTestId('save.state').filter({ hasText: 'All changes saved' }).waitFor();

    // Alt+T on the second word: the picker lists the workspace's texts; the one picked follows the word.
    const first = editor.getByTestId('paragraph.0');
    const second = first.locator('[data-word="0:1"]');
    const after = await second.textContent();
    await second.focus();
    await page.keyboard.press('Alt+KeyT');
    const picker = page.getByRole('dialog', { name: 'Predefined texts' });
    await picker.waitFor();
    expect(await picker.getByRole('button', { name: /^\[/ }).allTextContents()).toEqual([
      '[inaudible]',
      '[crosstalk]',
      '[laughter]',
      '[applause]',
    ]);
    await settle(s);
    await s.screenshot('transcript-tools-1-predefined-texts');
    await picker.getByRole('button', { name: TEXT }).click();
    await expect.poll(() => first.locator('[data-word="0:2"]').textContent()).toBe(TEXT);
    await editor.getByTestId('save.state').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 30_000 });

    // Auto-pause, off at first, turned on.
    const autoPause = editor.getByRole('switch', { name: 'Pause while typing' });
    expect(await autoPause.isChecked()).toBe(false);
    // The switch's own input is drawn by its label, which takes the click.
    await editor.getByText('Pause while typing').click();
    await expect.poll(() => autoPause.isChecked()).toBe(true);

    // The paragraphs on the waveform, and its zoom.
    const waveform = editor.getByTestId('transcript.waveform');
    const regions = () =>
      waveform.evaluate(
        (el) =>
          el.querySelector('.rd-transcript-waveform__canvas > div')?.shadowRoot?.querySelectorAll('[part~="region"]')
            .length ?? 0,
      );
    await expect.poll(regions, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await waveform.getAttribute('data-zoom')).toBe('0');
    await editor.getByTestId('waveform.zoom-in').click();
    await expect.poll(async () => Number(await waveform.getAttribute('data-zoom'))).toBeGreaterThan(0);
    await settle(s);
    await s.screenshot('transcript-tools-2-zoomed-regions');
    await editor.getByTestId('waveform.zoom-out').click();
    await expect.poll(() => waveform.getAttribute('data-zoom')).toBe('0');

    // An annotation over the paragraph being played, listed beside the text and drawn on the waveform.
    await editor.getByTestId('paragraph.0').locator('[data-word="0:1"]').click();
    await editor.getByTestId('annotations.add-paragraph').click();
    await editor.getByTestId('annotation.new.content').fill(NOTE);
    await page.keyboard.press('Enter');
    const notes = editor.getByTestId('annotations.list').getByRole('listitem');
    await expect
      .poll(() => notes.allTextContents())
      .toEqual([expect.stringMatching(new RegExp(`^0:0\\d–\\d:\\d\\d ${NOTE}`))]);
    const annotationRegions = () =>
      waveform.evaluate((el) =>
        [
          ...(el
            .querySelector('.rd-transcript-waveform__canvas > div')
            ?.shadowRoot?.querySelectorAll('[part~="region"][part*="annotation-"]') ?? []),
        ].map((region) => region.textContent),
      );
    await expect.poll(annotationRegions, { timeout: 15_000 }).toEqual([NOTE]);
    await editor.getByTestId('save.state').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 30_000 });
    await settle(s);
    await s.screenshot('transcript-tools-3-annotation');

    // After a reload the text and the annotation are the server's, the setting the device's.
    await page.reload();
    await page.locator('[data-testid="transcript-editor"][data-phase="ready"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => editor.getByTestId('paragraph.0').locator('[data-word="0:2"]').textContent()).toBe(TEXT);
    expect(await editor.getByTestId('paragraph.0').locator('[data-word="0:1"]').textContent()).toBe(after);
    expect(await editor.getByTestId('banner.restored').count()).toBe(0);
    expect(await editor.getByRole('switch', { name: 'Pause while typing' }).isChecked()).toBe(true);
    await expect.poll(() => notes.allTextContents()).toEqual([expect.stringContaining(NOTE)]);
    await expect.poll(annotationRegions, { timeout: 15_000 }).toEqual([NOTE]);

    // The toolbar at 1280 px: one row (every button seen shares one top), the tooltip of a glyph
    // button shown by keyboard focus, an action opened from the "More" menu; then the dark skin.
    await page.setViewportSize({ width: 1280, height: 800 });
    const toolbar = editor.getByRole('toolbar');
    const buttonTops = () =>
      toolbar
        .locator('button')
        .evaluateAll((buttons) =>
          buttons
            .filter((b) => b.checkVisibility({ visibilityProperty: true }))
            .map((b) => Math.round(b.getBoundingClientRect().top)),
        );
    await expect.poll(async () => new Set(await buttonTops()).size).toBe(1);
    expect((await buttonTops()).length).toBeGreaterThan(6);
    await editor.getByRole('button', { name: 'Bold' }).focus();
    // The tooltip is for the eye only (no tooltip role): the keys describe the button, said once.
    await expect.poll(() => page.locator('.rd-tooltip').textContent()).toBe('BoldControl+B');
    await settle(s);
    await s.screenshot('transcript-tools-4-toolbar-1280');
    await editor.getByTestId('toolbar.more').click();
    const shortcutsItem = page
      .getByRole('menu', { name: 'More' })
      .getByRole('menuitem', { name: /Keyboard shortcuts/ });
    expect(await shortcutsItem.getAttribute('aria-keyshortcuts')).toBe('?');
    await settle(s);
    await s.screenshot('transcript-tools-4b-toolbar-more-1280');
    await shortcutsItem.click();
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor({ state: 'detached' });
    await new AppShell(page).toggleSkin();
    await settle(s);
    await s.screenshot('transcript-tools-5-annotations-dark');
    expect(s.problems).toEqual([]);
  });
});
