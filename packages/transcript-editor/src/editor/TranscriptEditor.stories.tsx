import { createApiClient } from '@reviewdesk/api-client';
import { ReviewdeskProvider } from '@reviewdesk/ui';
import { JOURNAL_DB, openJournal } from '@reviewdesk/ui/review-session';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import '../styles/index.css';
import { HttpResponse, http } from 'msw';
import { changesFrom, type JournaledTranscript } from '../session/journal-changes.js';
import type { Transcript } from '../session/types.js';
import { jfkPeaks, jfkTranscript, longTranscript, PEAKS_URL, TASK_ID, withPredefinedTexts } from '../test/fixtures.js';
import { createMockTranscriptApi, heldByAnother, type MockTranscriptOptions } from '../test/mock-api.js';
import { TranscriptEditor } from './TranscriptEditor.js';

/**
 * The whole review screen against the editor's calls mocked by MSW (src/test/mock-api.ts keeps the
 * transcript's version like the server does). The media is fixtures/audio/jfk.mp3 (and the video
 * fixtures/video/jfk.mp4), served by Storybook; the waveform's peaks come from the stand-in.
 */
const AUDIO_URL = '/fixtures/transcript-editor/jfk.mp3';
const VIDEO_URL = '/fixtures/transcript-editor/jfk.mp4';

/** The 40,000-word recording's own task. */
const LONG_TASK_ID = '5f1e2d3c-4b5a-4697-8877-66554433a240';

const api = (options: MockTranscriptOptions = {}) =>
  createMockTranscriptApi({ ...options, data: { urlResult: AUDIO_URL, ...options.data } });

// The stories render their own provider from the package's public dependency (the global
// decorator's provider comes from ui's sources, another module instance with another context).
const storyClient = createApiClient({ baseUrl: '/', getAccessToken: () => 'storybook-token' });

// Each story run is its own reviewer, so no story restores another one's journal.
const freshUser = () => `story-${Math.random().toString(36).slice(2)}`;

const meta = {
  title: 'transcript-editor/TranscriptEditor',
  component: TranscriptEditor,
  args: {
    taskId: TASK_ID,
    onSaveStateChange: fn(),
    onFinishReview: fn(),
    onCheckoutLost: fn(),
    onError: fn(),
  },
  render: (args, { globals }) => (
    <ReviewdeskProvider
      client={storyClient}
      locale={String(globals.locale ?? 'en')}
      theme={globals.skin === 'dark' ? 'dark' : 'light'}
      preferencesStorage={null}
    >
      <div style={{ height: '100vh' }}>
        <TranscriptEditor {...args} userId={args.userId ?? freshUser()} />
      </div>
    </ReviewdeskProvider>
  ),
  globals: { locale: 'en' },
  beforeEach: ({ msw }) => {
    msw.use(...api().handlers);
  },
} satisfies Meta<typeof TranscriptEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

const ready = (canvasElement: HTMLElement) =>
  waitFor(() => expect(canvasElement.querySelector('[data-phase="ready"]')).not.toBeNull(), { timeout: 10_000 });

/** The demo recording ready for review: waveform, paragraphs, low-confidence words, save state. */
export const Review: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ready(canvasElement);
    await expect(canvas.getByTestId('save.state')).toHaveTextContent('All changes saved');
    await expect(canvas.getByRole('button', { name: 'contry' })).toHaveClass('rd-transcript-word--low');
    await waitFor(() => expect(canvas.getByTestId('transcript.waveform').querySelector('div > div')).not.toBeNull());
  },
};

/** A word is corrected: saved 500 ms later with the version it started from; its time is kept. */
export const CorrectAWord: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await ready(canvasElement);
    await userEvent.click(canvas.getByTestId('paragraph.1.edit'));
    const box = canvas.getByRole('textbox');
    await userEvent.clear(box);
    await userEvent.type(box, 'ask not what your country can do for you ask what you can do for your country{Enter}');
    await waitFor(() => expect(canvas.getByTestId('save.state')).toHaveTextContent('All changes saved'), {
      timeout: 5000,
    });
    await expect(args.onSaveStateChange).toHaveBeenCalledWith('saving');
    await expect(canvas.getByTestId('toolbar.undo')).toBeEnabled();
  },
};

/** Clicking a word moves the media there and marks it as the word being spoken. */
export const ClickToSeek: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ready(canvasElement);
    const word = canvas.getByRole('button', { name: 'fellow' });
    await userEvent.click(word);
    await waitFor(() => expect(word).toHaveClass('rd-transcript-word--current'));
    await waitFor(() => expect(canvas.getByTestId('player.position')).toHaveTextContent(/^0:01\.1 of/));
  },
};

/** Keyboard alone: the next low-confidence word, the next paragraph, faster playback, the help. */
export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ready(canvasElement);
    canvas.getByRole('button', { name: 'so' }).focus();
    // (Where playback lands is checked in the unit tests: the story's file server cannot seek.)
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(canvas.getByTestId('paragraph.1').contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Alt>}n{/Alt}');
    await waitFor(() => expect(canvas.getAllByRole('button', { name: 'your' })[0]).toHaveFocus());
    await userEvent.keyboard('{Alt>}s{/Alt}');
    await waitFor(() => expect(canvas.getByTestId('paragraph.1.speaker')).toHaveFocus());
    await userEvent.keyboard('{Alt>}[Period]{/Alt}');
    await waitFor(() => expect(canvas.getByTestId('player.rate')).toHaveValue('1.25'));
    // "?" in a field is text; on a word it opens the help.
    canvas.getByRole('button', { name: 'so' }).focus();
    await userEvent.keyboard('?');
    const help = await within(canvasElement.ownerDocument.body).findByTestId('shortcuts.help');
    await expect(help).toHaveTextContent('Next low-confidence word');
    await userEvent.keyboard('{Escape}');
  },
};

/** Search in the app (Control+F), replace one, then all: one undo step brings every word back. */
export const SearchAndReplace: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ready(canvasElement);
    canvas.getByTestId('toolbar.save').focus();
    await userEvent.keyboard('{Control>}f{/Control}');
    const find = await canvas.findByRole('textbox', { name: 'Find, search and replace' });
    await waitFor(() => expect(find).toHaveFocus());
    await userEvent.type(find, 'ask');
    await expect(canvas.getByTestId('search.count')).toHaveTextContent('1 of 2');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Replace with' }), 'tell');
    await userEvent.click(canvas.getByTestId('search.replace-all'));
    await expect(canvas.getAllByRole('button', { name: 'tell' })).toHaveLength(2);
    await expect(canvas.getByTestId('search.count')).toHaveTextContent('No results');
    await userEvent.click(canvas.getByTestId('toolbar.undo'));
    await expect(canvas.getAllByRole('button', { name: 'ask' })).toHaveLength(2);
  },
};

const saved = (canvasElement: HTMLElement) =>
  waitFor(() => expect(within(canvasElement).getByTestId('save.state')).toHaveTextContent('All changes saved'), {
    timeout: 5000,
  });

/**
 * A whole review by keys, checked for what a screen reader gets at each step (names, focus, the
 * live regions' texts); scripts/screen-reader-pass.mjs walks the same review under Orca. Play is
 * said (the focus stays on a word); a paragraph reached by Alt+↓ is named by its number, speaker
 * and times; leaving the text box and closing the search give the focus back where it was;
 * search results are counted politely with the paragraph they are in, replaced ones and a
 * speaker's new name are said; a glyph button's keys are its description once; finishing puts the
 * focus on what comes next inside a region named "Review finished".
 */
export const ScreenReaderReview: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await ready(canvasElement);
    const said = canvas.getByTestId('editor.announcement');
    await expect(said).toHaveAttribute('aria-live', 'polite');
    // The save state is told only where a save ends: nothing yet, the transcript was only opened.
    const saveSaid = canvas.getByTestId('save.announcement');
    await expect(saveSaid).toHaveAttribute('aria-live', 'polite');
    await expect(saveSaid).toHaveTextContent('');
    // A glyph button is named for what it does and described by its keys alone, once: the
    // tooltip its focus shows is for the eye and does not describe it again.
    const bold = canvas.getByTestId('toolbar.bold');
    bold.focus();
    await expect(bold).toHaveAccessibleDescription('Control+B');
    await expect(bold).toHaveAccessibleName('Bold');
    const tooltip = await waitFor(() => {
      const shown = canvasElement.ownerDocument.querySelector('.rd-tooltip');
      if (!shown) throw new Error('no tooltip yet');
      return shown;
    });
    await expect(tooltip).toHaveAttribute('aria-hidden', 'true');
    await expect(bold).toHaveAccessibleDescription('Control+B');

    canvas.getByRole('button', { name: 'so' }).focus();
    await userEvent.keyboard('{Alt>}k{/Alt}');
    await waitFor(() => expect(said).toHaveTextContent(/^Playing from 0:0\d\.\d$/));
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() =>
      expect(canvasElement.ownerDocument.activeElement).toHaveAccessibleName(
        /^Paragraph 2 of 2, John F\. Kennedy, 0:0\d\.\d to 0:\d\d\.\d$/,
      ),
    );

    // Correct the paragraph's words: Enter leaves the text box, the focus back on "Edit the words".
    await userEvent.tab();
    // The button is drawn anew when the text box goes: found again each time.
    const edit = () => canvas.getByTestId('paragraph.1.edit');
    await expect(edit()).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const box = await canvas.findByRole('textbox', { name: /^Words of the paragraph from 0:0/ });
    await waitFor(() => expect(box).toHaveFocus());
    await userEvent.keyboard('{Control>}{End}{/Control} now{Enter}');
    await waitFor(() => expect(edit()).toHaveFocus());
    await saved(canvasElement);
    // One message for the edit, not "Unsaved changes", "Saving…" and then this.
    await waitFor(() => expect(saveSaid).toHaveTextContent('All changes saved'));

    // Search and replace all: counted, then the replacements said; Escape goes back to "Edit".
    await userEvent.keyboard('{Control>}f{/Control}');
    const find = await canvas.findByRole('textbox', { name: 'Find, search and replace' });
    await waitFor(() => expect(find).toHaveFocus());
    // The box says the search it is in (Orca does not always say the region on focus).
    await expect(find.closest('search')).toHaveAccessibleName('Search and replace');
    await userEvent.keyboard('ask');
    const count = canvas.getByTestId('search.count');
    await waitFor(() => expect(count).toHaveTextContent('1 of 2'));
    await expect(count).toHaveAttribute('aria-live', 'polite');
    // A result says where it is; Enter says the next one as a new message.
    const heard = () => canvas.getByTestId('search.result');
    await expect(heard()).toHaveTextContent(/^1 of 2, paragraph 2, John F\. Kennedy$/);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(heard()).toHaveTextContent(/^2 of 2, paragraph 2, John F\. Kennedy$/));
    canvas.getByRole('textbox', { name: 'Replace with' }).focus();
    await userEvent.keyboard('tell');
    canvas.getByTestId('search.replace-all').focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(said).toHaveTextContent('Replaced 2 matches'));
    // "Replace all" is disabled with no results left: the focus is in the search box, not lost.
    await waitFor(() => expect(find).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(edit()).toHaveFocus());
    await saved(canvasElement);
    // One message for the edit, not "Unsaved changes", "Saving…" and then this.
    await waitFor(() => expect(saveSaid).toHaveTextContent('All changes saved'));

    // Rename the speaker in the dialog: said, and Escape gives the focus back to "Speakers".
    canvas.getByTestId('toolbar.speakers').focus();
    await userEvent.keyboard('{Enter}');
    const name = await page.findByTestId('speaker.spk-1.name');
    name.focus();
    await userEvent.keyboard('{Control>}a{/Control}President Kennedy{Enter}');
    await waitFor(() => expect(said).toHaveTextContent('John F. Kennedy is now President Kennedy'));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.getByTestId('toolbar.speakers')).toHaveFocus());
    await saved(canvasElement);

    // Finish: the editor's live region says so, and the focus goes to "Open the next task" (by
    // the title: Orca takes a focus after one left on a removed element silently) inside a
    // region named "Review finished".
    canvas.getByTestId('toolbar.finish').focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(said).toHaveTextContent('Review finished'), { timeout: 10_000 });
    const finished = await canvas.findByTestId('transcript.finished', {}, { timeout: 10_000 });
    await expect(canvas.getByRole('region', { name: 'Review finished' })).toBe(finished);
    const next = canvas.getByTestId('finished.next');
    await waitFor(() => expect(next).toHaveFocus());
    await expect(next).toHaveAccessibleName('Open the next task');
    await expect(finished).toContainElement(next);
    await userEvent.tab();
    await expect(canvas.getByTestId('export.open')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await page.findByRole('dialog', { name: 'Export the transcript' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
  },
};

/** A word far down a 40,000-word transcript: found in the data and brought into view. */
export const SearchLongRecording: Story = {
  // A task of its own: the story before it may still be saving its last edit and giving its
  // checkout back as it unmounts, and the stand-in answers only calls about its own task.
  args: { taskId: LONG_TASK_ID },
  beforeEach: ({ msw }) => {
    const transcript = longTranscript(40_000);
    const item = transcript.transcripts[1500]!;
    transcript.transcripts[1500] = {
      ...item,
      children: [{ ...item.children[0]!, text: 'apollo' }, ...item.children.slice(1)],
    };
    msw.use(...api({ init: { taskId: LONG_TASK_ID }, data: { transcriptFullResult: transcript } }).handlers);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ready(canvasElement);
    await userEvent.click(canvas.getByTestId('toolbar.search'));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Find, search and replace' }), 'apollo');
    // 40,000 words searched after each keystroke: on a busy machine that takes more than a second.
    await waitFor(() => expect(canvas.getByTestId('search.count')).toHaveTextContent('1 of 1'), { timeout: 5000 });
    await userEvent.keyboard('{Enter}');
    const row = await canvas.findByTestId('paragraph.1500', {}, { timeout: 5000 });
    await waitFor(
      () =>
        expect(within(row).getByRole('button', { name: 'apollo' })).toHaveClass('rd-transcript-word--match-current'),
      { timeout: 5000 },
    );
  },
};

/** Speakers: renamed everywhere at once from the speakers dialog; a new one given a paragraph. */
export const Speakers: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await ready(canvasElement);
    await userEvent.click(canvas.getByTestId('toolbar.speakers'));
    const name = await page.findByTestId('speaker.spk-1.name');
    await userEvent.clear(name);
    await userEvent.type(name, 'President Kennedy{Enter}');
    await userEvent.type(page.getByTestId('speakers.new-name'), 'Reporter{Enter}');
    await userEvent.keyboard('{Escape}');
    await expect(canvas.getByTestId('paragraph.1.speaker')).toHaveDisplayValue('President Kennedy');
    await userEvent.selectOptions(canvas.getByTestId('paragraph.0.speaker'), 'Reporter');
    await expect(canvas.getByTestId('paragraph.0.speaker')).toHaveDisplayValue('Reporter');
    await waitFor(() => expect(canvas.getByTestId('save.state')).toHaveTextContent('All changes saved'), {
      timeout: 5000,
    });
  },
};

/** The workspace's predefined texts: one goes in after the selected word, another at the caret. */
export const PredefinedTexts: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...api({ init: withPredefinedTexts() }).handlers);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await ready(canvasElement);
    canvas.getByRole('button', { name: 'not' }).focus();
    await userEvent.keyboard('{Alt>}t{/Alt}');
    const dialog = await page.findByRole('dialog', { name: 'Predefined texts' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.click(within(dialog).getByRole('button', { name: '[crosstalk]' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: '[crosstalk]' })).toHaveFocus());
    await userEvent.click(canvas.getByTestId('paragraph.0.edit'));
    const box = canvas.getByRole('textbox') as HTMLTextAreaElement;
    box.setSelectionRange(box.value.length, box.value.length);
    // Alt+T at the caret (the toolbar's button does the same when the row shows it).
    await userEvent.keyboard('{Alt>}t{/Alt}');
    await userEvent.click(within(await page.findByRole('dialog')).getByRole('button', { name: '[applause]' }));
    await waitFor(() => expect(box).toHaveValue('and so my fellow americans [applause]'));
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('button', { name: '[applause]' })).toBeVisible();
    await waitFor(() => expect(canvas.getByTestId('save.state')).toHaveTextContent('All changes saved'), {
      timeout: 5000,
    });
    await userEvent.click(canvas.getByTestId('toolbar.undo'));
    await expect(canvas.queryByRole('button', { name: '[applause]' })).toBeNull();
  },
};

/** The `pairs` of each request for the peaks (null: the stored resolution). */
const peaksAsked: (string | null)[] = [];

/** The waveform: paragraphs and an annotation as regions, the one being played marked; zoom by button and key. */
export const WaveformRegionsAndZoom: Story = {
  beforeEach: ({ msw }) => {
    const transcript: Transcript = {
      ...jfkTranscript(),
      annotations: [{ uniqueId: 'applause', content: 'Applause', start: 2.4, end: 3.2 }],
    };
    peaksAsked.length = 0;
    msw.use(
      http.get(PEAKS_URL, ({ request }) => {
        const pairs = new URL(request.url).searchParams.get('pairs');
        peaksAsked.push(pairs);
        // As the server does: at most that many pairs (here 11 s at a whole number of pairs a second).
        return HttpResponse.json(
          pairs ? jfkPeaks(11, Math.max(1, Math.min(100, Math.floor(Number(pairs) / 11)))) : jfkPeaks(),
        );
      }),
      ...api({ data: { transcriptFullResult: transcript } }).handlers,
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ready(canvasElement);
    // The first paint asks for an overview one pair per pixel, not the stored resolution.
    await waitFor(() => expect(peaksAsked).toHaveLength(1));
    await expect(Number(peaksAsked[0])).toBeGreaterThan(0);
    const shadow = () =>
      canvas.getByTestId('transcript.waveform').querySelector('.rd-transcript-waveform__canvas > div')?.shadowRoot;
    const region = (id: string) => shadow()?.querySelector<HTMLElement>(`[part~="${id}"]`) ?? null;
    await waitFor(() => expect(region('annotation-applause')).not.toBeNull(), { timeout: 10_000 });
    await expect(region('annotation-applause')).toHaveTextContent('Applause');
    await expect(region('annotation-applause')?.title).toBe('Annotation from 0:02.4 to 0:03.2: Applause');
    await expect(region('paragraph-0')).not.toBeNull();
    await expect(region('paragraph-1')).not.toBeNull();

    // The story's file server cannot seek: the media element answers the position it was sent to.
    const media = canvas.getByTestId('transcript.media') as HTMLMediaElement;
    let position = 0;
    Object.defineProperty(media, 'currentTime', {
      configurable: true,
      get: () => position,
      set: (seconds: number) => {
        position = seconds;
      },
    });
    // Playing a word of the second paragraph marks its region.
    await userEvent.click(canvas.getByRole('button', { name: 'not' }));
    await waitFor(() => expect(region('paragraph-1')?.style.backgroundColor).toContain('region-current'));
    await expect(region('paragraph-0')?.style.backgroundColor).not.toContain('region-current');
    // A click on the annotation plays from its start (wherever in it the click lands).
    await userEvent.click(region('annotation-applause') as HTMLElement);
    await waitFor(() => expect(position).toBe(2.4));

    const waveform = canvas.getByTestId('transcript.waveform');
    await expect(waveform.dataset.zoom).toBe('0');
    await expect(canvas.getByTestId('waveform.zoom-out')).toBeDisabled();
    await userEvent.click(canvas.getByTestId('waveform.zoom-in'));
    await waitFor(() => expect(Number(waveform.dataset.zoom)).toBeGreaterThan(0));
    // Zoomed past what the overview holds: the stored peaks are fetched, once.
    await waitFor(() => expect(peaksAsked).toEqual([peaksAsked[0], null]));
    const first = Number(waveform.dataset.zoom);
    canvas.getByRole('button', { name: 'so' }).focus();
    await userEvent.keyboard('{Alt>}[Equal]{/Alt}');
    await waitFor(() => expect(Number(waveform.dataset.zoom)).toBeGreaterThan(first));
    await userEvent.keyboard('{Alt>}[Minus]{/Alt}');
    await waitFor(() => expect(Number(waveform.dataset.zoom)).toBe(first));
    await userEvent.click(canvas.getByTestId('waveform.zoom-out'));
    await waitFor(() => expect(waveform.dataset.zoom).toBe('0'));
  },
};

/**
 * At every zoom level, scrolled from end to end, each paragraph's region starts and ends where its
 * times are on the strip (the media's time, as the cursor and a click on the strip use), to a pixel.
 */
export const WaveformRegionsFollowTimesWhenZoomed: Story = {
  beforeEach: ({ msw }) => {
    msw.use(
      http.get(PEAKS_URL, ({ request }) => {
        const pairs = new URL(request.url).searchParams.get('pairs');
        return HttpResponse.json(
          pairs ? jfkPeaks(11, Math.max(1, Math.min(100, Math.floor(Number(pairs) / 11)))) : jfkPeaks(),
        );
      }),
      ...api().handlers,
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ready(canvasElement);
    const waveform = canvas.getByTestId('transcript.waveform');
    const shadow = () => waveform.querySelector('.rd-transcript-waveform__canvas > div')?.shadowRoot;
    const region = (index: number) => shadow()?.querySelector<HTMLElement>(`[part~="paragraph-${index}"]`) ?? null;
    await waitFor(() => expect(region(1)).not.toBeNull(), { timeout: 10_000 });
    const media = canvas.getByTestId('transcript.media') as HTMLMediaElement;
    await waitFor(() => expect(media.duration).toBeGreaterThan(0));
    const paragraphs = jfkTranscript().transcripts;
    const scroller = () => shadow()?.querySelector<HTMLElement>('[part="scroll"]') as HTMLElement;
    /** Every paragraph whose region is on the strip now, with how far it is from its times (px). */
    const seen = new Set<number>();
    const check = async () => {
      const wrapper = shadow()?.querySelector<HTMLElement>('[part="wrapper"]') as HTMLElement;
      const box = wrapper.getBoundingClientRect();
      const perSecond = box.width / media.duration;
      for (const [index, paragraph] of paragraphs.entries()) {
        const shown = region(index);
        if (!shown) continue;
        seen.add(index);
        const { left, right } = shown.getBoundingClientRect();
        await expect(Math.abs(left - box.left - paragraph.start * perSecond)).toBeLessThanOrEqual(1);
        await expect(Math.abs(right - box.left - paragraph.end * perSecond)).toBeLessThanOrEqual(1);
      }
    };
    await check();
    const zoomIn = canvas.getByTestId('waveform.zoom-in');
    while (!(zoomIn as HTMLButtonElement).disabled) {
      const level = Number(waveform.dataset.zoom);
      await userEvent.click(zoomIn);
      await waitFor(() => expect(Number(waveform.dataset.zoom)).toBeGreaterThan(level));
      // The stored peaks may arrive and redraw the strip: wait for the drawn width of this level.
      await waitFor(() =>
        expect(shadow()?.querySelector<HTMLElement>('[part="wrapper"]')?.getBoundingClientRect().width).toBe(
          Math.ceil(11 * Number(waveform.dataset.zoom)),
        ),
      );
      // The zoomed strip is a named Tab stop whose arrow keys scroll it.
      await expect(scroller()).toHaveAttribute('tabindex', '0');
      await expect(scroller().getAttribute('aria-label')).toBe('Zoomed waveform: the arrow keys scroll it');
      scroller().scrollLeft = 0;
      scroller().focus();
      await userEvent.keyboard('{ArrowRight}');
      await waitFor(() => expect(scroller().scrollLeft).toBeGreaterThan(0));
      seen.clear();
      for (let left = 0; left <= scroller().scrollWidth; left += scroller().clientWidth / 2) {
        scroller().scrollLeft = left;
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        await check();
      }
      await expect([...seen].sort()).toEqual(paragraphs.map((_, index) => index));
    }
    // Back to the whole recording: nothing to scroll, no Tab stop.
    const zoomOut = canvas.getByTestId('waveform.zoom-out') as HTMLButtonElement;
    while (!zoomOut.disabled) await userEvent.click(zoomOut);
    await check();
    await expect(scroller()).not.toHaveAttribute('tabindex');
  },
};

/** Opening: the task and its transcript are on their way. */
export const Loading: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...api({ delay: 60_000 }).handlers);
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('transcript.loading')).toHaveTextContent(
      'Opening the recording',
    );
  },
};

/** The transcript could not be loaded: the server's words and a way to try again. */
export const Failed: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...api({ failLoad: true }).handlers);
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('transcript.error')).toHaveTextContent('The recording could not be opened');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(args.onError).toHaveBeenCalled();
  },
};

/** Recognition has not finished: the editor says so and asks again by itself. */
export const Processing: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...api({ init: { status: 30 } }).handlers);
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('transcript.processing')).toHaveTextContent(
      'Still being processed',
    );
  },
};

/** Someone else is reviewing it: read-only, their name said, no editing controls. */
export const ReadOnly: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...api(heldByAnother()).handlers);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('banner.read-only')).toHaveTextContent('Maria Silva is reviewing');
    await expect(canvas.queryByTestId('paragraph.0.edit')).toBeNull();
    await expect(canvas.queryByTestId('toolbar.finish')).toBeNull();
  },
};

/** Someone else saved after the reviewer started: the save is refused and the choice is offered. */
export const Conflict: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ready(canvasElement);
    // Another reviewer's save lands (version 2) while this one edits version 1.
    await fetch('/api/v1/Transcript/SaveTranscriptChanges', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ taskId: TASK_ID, workspaceId: 'w', transcript: jfkTranscript(), version: 1 }),
    });
    await userEvent.click(canvas.getByTestId('paragraph.0.merge'));
    await expect(await canvas.findByTestId('banner.conflict', {}, { timeout: 5000 })).toHaveTextContent(
      'Someone else saved this transcript',
    );
    await expect(canvas.getByTestId('save.state')).toHaveTextContent('Conflict: changed by someone else');
  },
};

/** Edits left on this device by a closed tab (journaled as a whole transcript, as before changes were) come back and are saved. */
export const Restored: Story = {
  args: { userId: 'story-restored' },
  beforeEach: async () => {
    const journal = openJournal<Transcript>(TASK_ID, 'story-restored', JOURNAL_DB);
    const mine = jfkTranscript();
    mine.transcripts[1] = { ...mine.transcripts[1]!, speakerId: null };
    await journal.write({ transcript: { baseVersion: 1, result: mine } });
    journal.close();
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('banner.restored', {}, { timeout: 10_000 })).toHaveTextContent(
      'Your unsaved edits on this device were restored.',
    );
    await waitFor(() => expect(canvas.getByTestId('save.state')).toHaveTextContent('All changes saved'), {
      timeout: 5000,
    });
    await expect(canvas.getByTestId('paragraph.1.speaker')).toHaveValue('');
  },
};

/** Edits journaled as changes (the paragraphs written since the saved version) come back and are saved. */
export const RestoredChanges: Story = {
  args: { userId: 'story-restored-changes' },
  beforeEach: async () => {
    const journal = openJournal<JournaledTranscript>(TASK_ID, 'story-restored-changes', JOURNAL_DB);
    const base = jfkTranscript();
    const mine = { ...base, transcripts: base.transcripts.slice() };
    mine.transcripts[1] = { ...mine.transcripts[1]!, speakerId: null };
    await journal.write({ transcript: { baseVersion: 1, result: changesFrom(base, mine) } });
    journal.close();
  },
  play: async (context) => {
    await Restored.play?.(context);
    // The paragraphs kept from the saved version are the server's.
    await expect(within(context.canvasElement).getByTestId('paragraph.0.speaker')).toHaveValue('spk-1');
  },
};

/** A video task shows the video itself above the waveform. */
export const Video: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...api({ data: { isVideo: true, urlResult: VIDEO_URL } }).handlers);
  },
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
    await expect(canvasElement.querySelector('video')).not.toBeNull();
  },
};

/** A subtitles task: the list is named for its cues. */
export const Subtitles: Story = {
  beforeEach: ({ msw }) => {
    const init = createMockTranscriptApi().init;
    msw.use(...api({ init: { workspaceConfig: { ...init.workspaceConfig, taskType: 'Subtitles' } } }).handlers);
  },
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
    await expect(within(canvasElement).getByRole('region', { name: 'Subtitles' })).toBeVisible();
  },
};

/** Four hours of speech, 40,000 words: only the paragraphs in view are in the page. */
export const LongRecording: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...api({ data: { transcriptFullResult: longTranscript(40_000) } }).handlers);
  },
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
    await waitFor(() => expect(canvasElement.querySelectorAll('.rd-transcript-paragraph').length).toBeGreaterThan(2));
    await expect(canvasElement.querySelectorAll('.rd-transcript-paragraph').length).toBeLessThan(40);
  },
};

/** The dark skin. */
export const Dark: Story = {
  globals: { skin: 'dark' },
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
  },
};

/** In German. */
export const German: Story = {
  globals: { locale: 'de' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ready(canvasElement);
    await expect(canvas.getByTestId('save.state')).toHaveTextContent('Alle Änderungen gespeichert');
    await expect(canvas.getByTestId('toolbar.finish')).toHaveTextContent('Prüfung abschließen');
  },
};
