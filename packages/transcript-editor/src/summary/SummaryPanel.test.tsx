import { createApiClient } from '@reviewdesk/api-client';
import { ReviewdeskProvider } from '@reviewdesk/ui';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockSummaryApi, processedSummary } from './mock-summary-api.js';
import { SummaryPanel } from './SummaryPanel.js';
import { summaryLines } from './summary-text.js';

const server = setupServer();
beforeAll(() => server.listen());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = createApiClient({
  baseUrl: 'https://api.reviewdesk.test',
  getAccessToken: () => 't',
  fetch: (r) => globalThis.fetch(r),
});
const TASK = '5f1e2d3c-4b5a-4697-8877-66554433a211';

function renderPanel(props: Partial<Parameters<typeof SummaryPanel>[0]> = {}, locale = 'en') {
  return render(
    <ReviewdeskProvider client={client} locale={locale}>
      <SummaryPanel taskId={TASK} pollMs={50} {...props} />
    </ReviewdeskProvider>,
  );
}

describe('summary lines', () => {
  it('reads the time marks of an extractive summary and leaves other lines as they are', () => {
    expect(summaryLines('[0:07] Ask what you can do.\n[1:02:03] Late.\nPlain text.\n')).toEqual([
      { time: 7, text: 'Ask what you can do.' },
      { time: 3723, text: 'Late.' },
      { time: null, text: 'Plain text.' },
    ]);
    expect(summaryLines(null)).toEqual([]);
  });
});

describe('<SummaryPanel>', () => {
  it('requests a summary with the style and length chosen, follows it while it is made and shows it', async () => {
    const api = createMockSummaryApi({ processingPolls: 2 });
    server.use(...api.handlers);
    const onSeek = vi.fn();
    renderPanel({ onSeek });
    expect(await screen.findByText('This recording has no summary yet.')).toBeTruthy();
    expect(await screen.findByTestId('summary.cost')).toHaveProperty('textContent', 'A summary costs 1 credits.');
    await userEvent.selectOptions(screen.getByTestId('summary.style'), '2');
    await userEvent.selectOptions(screen.getByTestId('summary.length'), '1');
    await userEvent.click(screen.getByTestId('summary.request'));
    await waitFor(() => expect(screen.getByTestId('summary.state').dataset.state).toBe('processing'));
    expect(api.state.requests).toEqual([{ taskId: TASK, style: 2, length: 1, includedFrames: 0 }]);
    await waitFor(() => expect(screen.getByTestId('summary.state').dataset.state).toBe('processed'), { timeout: 3000 });
    expect(screen.getByTestId('summary.method').textContent).toMatch(/Extractive summary/);
    const second = screen.getByTestId('summary.line.1');
    expect(second.textContent).toContain('Ask what you can do for your country.');
    await userEvent.click(within(second).getByRole('button', { name: 'Play from 0:07' }));
    expect(onSeek).toHaveBeenCalledWith(7);
    expect(screen.getByTestId('summary.request').textContent).toBe('Summarise again');
  });

  it('says a language model wrote it, shows key frames of a video and plays from a frame', async () => {
    const api = createMockSummaryApi({
      existing: processedSummary({
        method: 'language-model',
        modelName: 'tiny at http://llm',
        summary: 'The president asks citizens to serve their country.',
        includedFrames: 1,
        keyFrames: [{ timeSeconds: 4, url: 'https://files.reviewdesk.test/frame.jpg' }],
      }),
    });
    server.use(...api.handlers);
    const onSeek = vi.fn();
    renderPanel({ onSeek, isVideo: true });
    expect((await screen.findByTestId('summary.method')).textContent).toBe(
      'Written by a language model (tiny at http://llm); check it against the recording',
    );
    expect(screen.getByRole('img', { name: 'Key frame at 0:04' })).toBeTruthy();
    await userEvent.click(screen.getByTestId('summary.frame.0'));
    expect(onSeek).toHaveBeenCalledWith(4);
    expect(screen.getByRole('checkbox', { name: 'Include key frames of the video' })).toHaveProperty('checked', true);
  });

  it("shows why a summary failed and a refused request, in the reader's language", async () => {
    const api = createMockSummaryApi({
      existing: processedSummary({
        state: 3,
        summary: null,
        failureMessage: 'the language model took longer than 120 s.',
      }),
      refuse: 'The licence has 0 credits left.',
    });
    server.use(...api.handlers);
    renderPanel({}, 'pt');
    expect(await screen.findByText('O modelo de linguagem não respondeu a tempo.')).toBeTruthy();
    expect(screen.getByText('the language model took longer than 120 s.')).toBeTruthy();
    await userEvent.click(screen.getByTestId('summary.request'));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContainEqual(
        expect.stringMatching(/^Não foi possível pedir o resumo\. The licence has 0 credits left\.$/),
      ),
    );
  });

  it('says so when summaries are not available', async () => {
    server.use(...createMockSummaryApi({ available: false }).handlers);
    renderPanel();
    expect(await screen.findByText('Summaries are not available here.')).toBeTruthy();
  });
});
