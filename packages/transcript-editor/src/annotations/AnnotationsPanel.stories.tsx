import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import '../styles/index.css';
import { TranscriptEditor } from '../editor/TranscriptEditor.js';
import type { Transcript } from '../session/types.js';
import { renderEditorStory, STORY_AUDIO_URL } from '../test/editor-story.js';
import { jfkTranscript, TASK_ID } from '../test/fixtures.js';
import { createMockTranscriptApi, heldByAnother, type MockTranscriptOptions } from '../test/mock-api.js';

/** The annotations beside the transcript, against the editor's calls mocked by MSW. */
const annotated = (): Transcript => ({
  ...jfkTranscript(),
  annotations: [
    { uniqueId: 'question', content: 'The famous question', start: 3.3, end: 9.15 },
    { uniqueId: 'greeting', content: 'Greeting to the audience', start: 0.3, end: 2.2 },
  ],
});

const api = (options: MockTranscriptOptions = {}) =>
  createMockTranscriptApi({ ...options, data: { urlResult: STORY_AUDIO_URL, ...options.data } });

const meta = {
  title: 'transcript-editor/Annotations',
  component: TranscriptEditor,
  args: { taskId: TASK_ID, onError: fn() },
  render: renderEditorStory(),
  globals: { locale: 'en' },
  beforeEach: ({ msw }) => {
    msw.use(...api({ data: { transcriptFullResult: annotated() } }).handlers);
  },
} satisfies Meta<typeof TranscriptEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

const ready = (canvasElement: HTMLElement) =>
  waitFor(() => expect(canvasElement.querySelector('[data-phase="ready"]')).not.toBeNull(), { timeout: 10_000 });

/** The story's file server cannot seek: the media element answers the position it was sent to. */
function followSeeks(canvasElement: HTMLElement) {
  const media = within(canvasElement).getByTestId('transcript.media') as HTMLMediaElement;
  const at = { position: 0 };
  Object.defineProperty(media, 'currentTime', {
    configurable: true,
    get: () => at.position,
    set: (seconds: number) => {
      at.position = seconds;
      media.dispatchEvent(new Event('timeupdate'));
    },
  });
  return at;
}

const listed = (canvasElement: HTMLElement) =>
  [...canvasElement.querySelectorAll('[data-annotation]')].map((item) => item.textContent);

/** A recording with none: the panel says so and offers to add one. */
export const Empty: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...api().handlers);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ready(canvasElement);
    await expect(canvas.getByTestId('annotations.empty')).toHaveTextContent('No annotations yet.');
    await expect(canvas.getByTestId('annotations.add-paragraph')).toBeEnabled();
  },
};

/** Several, in time order; Enter on one plays from its start and marks it as the one being played. */
export const Several: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ready(canvasElement);
    await expect(listed(canvasElement)).toEqual([
      expect.stringMatching(/^0:00–0:02 Greeting to the audience/),
      expect.stringMatching(/^0:03–0:09 The famous question/),
    ]);
    const at = followSeeks(canvasElement);
    canvas.getByTestId('annotation.question.seek').focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(at.position).toBe(3.3));
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-annotation="question"]')).toHaveAttribute('data-playing'),
    );
    await expect(canvasElement.querySelector('[data-annotation="greeting"]')).not.toHaveAttribute('data-playing');
  },
};

/** Adding over the paragraph, a refused range, an edit the waveform follows, and undo. */
export const Editing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ready(canvasElement);
    const at = followSeeks(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'not' }));
    await waitFor(() => expect(at.position).toBe(3.6));
    await userEvent.click(canvas.getByTestId('annotations.add-paragraph'));
    const content = await canvas.findByTestId('annotation.new.content');
    await waitFor(() => expect(content).toHaveFocus());
    await userEvent.type(content, 'Pause for effect{Enter}');
    await waitFor(() => expect(listed(canvasElement)).toHaveLength(3));

    await userEvent.click(canvas.getByRole('button', { name: 'Edit the annotation “Greeting to the audience”' }));
    const end = canvas.getByTestId('annotation.greeting.end');
    await userEvent.clear(end);
    await userEvent.type(end, '99');
    await expect(await canvas.findByText('The range must lie within the recording.')).toBeVisible();
    await userEvent.clear(end);
    await userEvent.type(end, '2.5');
    const text = canvas.getByTestId('annotation.greeting.content');
    await userEvent.clear(text);
    await userEvent.type(text, 'Opening words');
    await userEvent.click(canvas.getByTestId('annotation.greeting.save'));
    await waitFor(() => expect(listed(canvasElement)[0]).toMatch(/^0:00–0:02 Opening words/));
    const shadow = () =>
      canvas.getByTestId('transcript.waveform').querySelector('.rd-transcript-waveform__canvas > div')?.shadowRoot;
    await waitFor(
      () => expect(shadow()?.querySelector('[part~="annotation-greeting"]')).toHaveTextContent('Opening words'),
      { timeout: 10_000 },
    );
    await userEvent.click(canvas.getByTestId('toolbar.undo'));
    await waitFor(() => expect(listed(canvasElement)[0]).toMatch(/Greeting to the audience/));
    // Saved before the story ends: a save still out would land on the next story's stand-in.
    await waitFor(() => expect(canvas.getByTestId('save.state')).toHaveTextContent('All changes saved'), {
      timeout: 10_000,
    });
    // Left open: the story's last frame shows an annotation being edited.
    await userEvent.click(canvas.getByRole('button', { name: 'Edit the annotation “The famous question”' }));
    await expect(canvas.getByTestId('annotation.question.form')).toBeVisible();
  },
};

/** Someone else holds the recording: the annotations are listed, nothing offers to change them. */
export const ReadOnly: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...api({ ...heldByAnother(), data: { transcriptFullResult: annotated() } }).handlers);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ready(canvasElement);
    await canvas.findByTestId('banner.read-only');
    await expect(listed(canvasElement)).toHaveLength(2);
    await expect(canvas.queryByTestId('annotations.add-paragraph')).toBeNull();
    await expect(canvas.queryByTestId('annotation.question.edit')).toBeNull();
  },
};

/** A computed CSS colour (`rgb()`, `rgba()` or `color(srgb …)`) as sRGB channels 0–1 and alpha. */
function channels(css: string): [number, number, number, number] {
  const numbers = (css.match(/[\d.]+%?/g) ?? []).map((n) => (n.endsWith('%') ? Number.parseFloat(n) / 100 : Number(n)));
  if (css.startsWith('color(')) return [numbers[0] ?? 0, numbers[1] ?? 0, numbers[2] ?? 0, numbers[3] ?? 1];
  return [(numbers[0] ?? 0) / 255, (numbers[1] ?? 0) / 255, (numbers[2] ?? 0) / 255, numbers[3] ?? 1];
}
const over = (top: string, under: string) => {
  const [r, g, b, a] = channels(top);
  const [r0, g0, b0] = channels(under);
  return [r * a + r0 * (1 - a), g * a + g0 * (1 - a), b * a + b0 * (1 - a)];
};
/** WCAG contrast ratio of two opaque sRGB colours. */
function contrast(one: number[], other: number[]) {
  const luminance = (c: number[]) => {
    const [r, g, b] = c.map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as [
      number,
      number,
      number,
    ];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [high, low] = [luminance(one), luminance(other)].sort((a, b) => b - a) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/**
 * The annotations on the waveform in the skin's colours: each label reads at 4.5:1 or more on its
 * own surface, and the wash over the range keeps at least 80 % of the waveform's contrast (the
 * wash at 28 % kept half of it in the dark skin).
 */
const waveformLabels: Story['play'] = async ({ canvasElement }) => {
  await ready(canvasElement);
  const waveform = within(canvasElement).getByTestId('transcript.waveform');
  const host = () => waveform.querySelector('.rd-transcript-waveform__canvas > div');
  const labels = () => [...(host()?.shadowRoot?.querySelectorAll<HTMLElement>('[part="region-content"]') ?? [])];
  await waitFor(() => expect(labels().map((label) => label.textContent)).toHaveLength(2), { timeout: 10_000 });
  const style = getComputedStyle(waveform);
  const surface = style.backgroundColor;
  const wave = over(style.getPropertyValue('--rd-color-border-strong').trim(), surface);
  for (const label of labels()) {
    const own = getComputedStyle(label);
    // On its own surface (not on whatever the waveform draws under it).
    await expect(channels(own.backgroundColor)[3]).toBe(1);
    await expect(contrast(channels(own.color), over(own.backgroundColor, surface))).toBeGreaterThanOrEqual(4.5);
    const wash = over(getComputedStyle(label.parentElement as HTMLElement).backgroundColor, surface);
    const bare = contrast(wave, channels(surface));
    await expect(contrast(wave, wash) / bare).toBeGreaterThanOrEqual(0.8);
  }
};

/** The light skin's labels and wash on the waveform. */
export const OnTheWaveform: Story = { play: waveformLabels };

/** The dark skin: the list, and the labels and wash on the waveform. */
export const Dark: Story = {
  globals: { skin: 'dark' },
  play: async (context) => {
    await ready(context.canvasElement);
    await expect(listed(context.canvasElement)).toHaveLength(2);
    await waveformLabels(context);
  },
};

/** In Portuguese. */
export const Portuguese: Story = {
  globals: { locale: 'pt' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ready(canvasElement);
    await expect(canvas.getByTestId('annotations.add-paragraph')).toHaveTextContent('Anotar o parágrafo');
    await expect(canvas.getByTestId('annotation.question.seek')).toHaveAttribute(
      'title',
      'Reproduzir a anotação de 0:03 a 0:09: The famous question',
    );
  },
};
