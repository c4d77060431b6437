import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { createMockDocAiApi, type MockDocAiOptions } from '../../../../.storybook/msw/docai';
import { DocAiChat } from './DocAiChat';

/**
 * The DocAI chat on its own, against DocAI's calls mocked by MSW, asked about a recording whose
 * sentence "The budget grows by ten percent next year." is said at 1:23; the place of a citation
 * and what opening it does are the host's (here: "at" and the seconds, and a spy).
 */
const BUDGET = {
  displayName: 'meeting.wav',
  text: 'The budget grows by ten percent next year.',
  pageNumber: null,
  startTimeSeconds: 83,
  boundingBox: null,
};

type MockHandlers = ReturnType<typeof createMockDocAiApi>['handlers'];

const withDocAi = (options: Partial<MockDocAiOptions> = {}) => ({
  beforeEach: ({ msw }: { msw: { use: (...handlers: MockHandlers) => void } }) => {
    msw.use(...createMockDocAiApi({ about: /budget/i, cited: BUDGET, ...options }).handlers);
  },
});

const meta = {
  title: 'ui/DocAI chat',
  component: DocAiChat,
  args: {
    taskId: '7d3f1c2e-0000-4000-8000-000000000001',
    workspaceId: '7d3f1c2e-0000-4000-8000-000000000002',
    subject: 'recording',
    citationPlace: (reference) =>
      reference.startTimeSeconds === null ? null : `at ${String(reference.startTimeSeconds)} s`,
    onOpenCitation: fn(),
  },
  globals: { locale: 'en' },
  ...withDocAi(),
} satisfies Meta<typeof DocAiChat>;
export default meta;
type Story = StoryObj<typeof meta>;

const ask = async (canvasElement: HTMLElement, question: string) => {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByTestId('docai.question'), question);
  await userEvent.click(canvas.getByTestId('docai.ask'));
  return canvas;
};

/** The passage is quoted with the place the host gives it; opening it is the host's. */
export const QuotedPassage: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = await ask(canvasElement, 'What about the budget?');
    const reference = await canvas.findByTestId('docai.reference.1.0');
    await expect(reference).toHaveTextContent(`at 83 s${BUDGET.text}`);
    await expect(canvas.getByText(/Passages quoted from the transcript/)).toBeVisible();
    await userEvent.click(reference);
    await expect(args.onOpenCitation).toHaveBeenCalledWith(expect.objectContaining({ startTimeSeconds: 83 }));
  },
};

/** A passage the host cannot open is shown, not offered as a link. */
export const PassageNotOpenable: Story = {
  args: { subject: 'document', citationPlace: () => null },
  play: async ({ canvasElement }) => {
    const canvas = await ask(canvasElement, 'budget?');
    await expect(await canvas.findByTestId('docai.reference.1.0')).toBeDisabled();
    await expect(canvas.getByText(/Passages quoted from the document/)).toBeVisible();
  },
};

export const WrittenByALanguageModel: Story = {
  ...withDocAi({ method: 'language-model', written: 'The budget grows by 10 % [1].' }),
  play: async ({ canvasElement }) => {
    const canvas = await ask(canvasElement, 'budget?');
    await expect(await canvas.findByText('The budget grows by 10 % [1].')).toBeVisible();
    await expect(canvas.getByText(/Written by a language model/)).toBeVisible();
  },
};

export const NothingMatches: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await ask(canvasElement, 'What colour is the sky?');
    await expect(await canvas.findByText(/Nothing said in this recording answers the question/)).toBeVisible();
  },
};

export const AnswerFails: Story = {
  ...withDocAi({ fail: true }),
  play: async ({ canvasElement }) => {
    const canvas = await ask(canvasElement, 'budget?');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('DocAI could not answer. Try again.');
    // The question stays in the conversation, to be asked again.
    await expect(canvas.getByTestId('docai.turn.0')).toHaveTextContent('budget?');
  },
};

export const NotConfigured: Story = {
  ...withDocAi({ configured: false }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('DocAI is not available here.')).toBeVisible();
  },
};

export const Portuguese: Story = {
  globals: { locale: 'pt' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('docai.question')).toHaveAttribute(
      'placeholder',
      'p. ex. O que se diz sobre o orçamento?',
    );
  },
};

export const Dark: Story = {
  globals: { skin: 'dark' },
  play: async ({ canvasElement }) => {
    const canvas = await ask(canvasElement, 'budget?');
    await expect(await canvas.findByTestId('docai.reference.1.0')).toBeVisible();
  },
};
