import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CheckoutCountdown } from './CheckoutCountdown';
import { ReviewPhaseState, type ReviewPhaseTextKey } from './ReviewPhaseState';

const meta = {
  title: 'ui/Review session chrome',
  component: CheckoutCountdown,
  args: { until: null },
} satisfies Meta<typeof CheckoutCountdown>;

export default meta;
type Story = StoryObj<typeof meta>;

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** A checkout with time to spare: shown quietly, not announced. */
export const Countdown: Story = {
  globals: { locale: 'en' },
  render: () => <CheckoutCountdown until={inMinutes(15)} />,
  play: async ({ canvasElement }) => {
    const countdown = within(canvasElement).getByTestId('checkout.countdown');
    await expect(countdown).toHaveTextContent(/Checked out for 1[45]:\d\d/);
    await expect(countdown).not.toHaveAttribute('data-warning');
    await expect(within(canvasElement).getByTestId('checkout.announcement')).toBeEmptyDOMElement();
  },
};

/** Under two minutes left: the countdown warns, and the minute mark it passed is announced. */
export const CountdownEnding: Story = {
  globals: { locale: 'de' },
  render: () => <CheckoutCountdown until={inMinutes(1)} />,
  play: async ({ canvasElement }) => {
    const countdown = within(canvasElement).getByTestId('checkout.countdown');
    await expect(countdown).toHaveTextContent(/Auscheckung endet in [01]:\d\d/);
    await expect(countdown).toHaveAttribute('data-warning', 'true');
    // The minute mark just passed is said once, politely (not every second).
    const said = within(canvasElement).getByTestId('checkout.announcement');
    await expect(said).toHaveAttribute('aria-live', 'polite');
    await expect(said).toHaveTextContent(/Auscheckung endet in [01]:\d\d/);
    await expect(countdown.querySelector('[aria-live="assertive"]')).toBeNull();
  },
};

const words: Record<ReviewPhaseTextKey, string> = {
  loading: 'Opening the recording…',
  processingTitle: 'Still being processed',
  processingBody: 'In the pipeline ({{status}}).',
  failedTitle: 'Processing failed',
  failedBody: 'Could not be processed ({{status}}).',
  errorTitle: 'The recording could not be opened',
};
const text = (key: ReviewPhaseTextKey, options?: { status: string }) =>
  words[key].replace('{{status}}', options?.status ?? '');
const retry = fn();

/** A task still in the pipeline: its status by name. */
export const Processing: Story = {
  globals: { locale: 'en' },
  render: () => <ReviewPhaseState phase="processing" status={30} onRetry={retry} text={text} testIdPrefix="review" />,
  play: async ({ canvasElement }) => {
    const state = within(canvasElement).getByTestId('review.processing');
    await expect(state).toHaveTextContent('Still being processed');
    await expect(within(state).getByRole('status')).toHaveTextContent(/In the pipeline \(\w+\)/);
  },
};

/** The task could not be opened: the server's words and a retry. */
export const LoadError: Story = {
  globals: { locale: 'en' },
  render: () => (
    <ReviewPhaseState phase="error" error="Gateway timeout" onRetry={retry} text={text} testIdPrefix="review" />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('The recording could not be opened');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Gateway timeout');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(retry).toHaveBeenCalled();
  },
};
