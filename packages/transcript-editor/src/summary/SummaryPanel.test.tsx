import { createApiClient } from '@reviewdesk/api-client';
import { ReviewdeskProvider } from '@reviewdesk/ui';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
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
    expect(await screen.findByTestId('summary.cost')).toHaveProperty('textContent', 'A summary costs 1 credit.');
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

  it('says "credit" for one and "credits" for more, in every culture', async () => {
    server.use(...createMockSummaryApi({ costsInCredits: 3 }).handlers);
    renderPanel();
    expect(await screen.findByTestId('summary.cost')).toHaveProperty('textContent', 'A summary costs 3 credits.');
    cleanup();
    server.use(...createMockSummaryApi({ costsInCredits: 1 }).handlers);
    renderPanel({}, 'de');
    expect(await screen.findByTestId('summary.cost')).toHaveProperty(
      'textContent',
      'Eine Zusammenfassung kostet 1 Credit.',
    );
  });

  it('cancels a summary being made and shows it canceled, then offers a new one', async () => {
    const api = createMockSummaryApi({ processingPolls: 1000 });
    server.use(...api.handlers);
    renderPanel();
    await userEvent.click(await screen.findByTestId('summary.request'));
    await waitFor(() => expect(screen.getByTestId('summary.state').dataset.state).toBe('processing'));
    expect(screen.queryByTestId('summary.request')).toBeNull();
    await userEvent.click(screen.getByTestId('summary.cancel'));
    await waitFor(() => expect(screen.getByTestId('summary.state').dataset.state).toBe('canceled-by-user'));
    expect(screen.getByText('The summary was canceled; nothing was charged.')).toBeTruthy();
    expect(screen.queryByTestId('summary.cancel')).toBeNull();
    expect(screen.getByTestId('summary.request').textContent).toBe('Summarise again');
  });

  it('shows a summary stopped from outside, and one made extractive because the language model failed', async () => {
    server.use(
      ...createMockSummaryApi({
        existing: processedSummary({ state: 5, summary: null, failureMessage: 'The task was deleted.' }),
      }).handlers,
    );
    renderPanel({}, 'fr');
    await waitFor(() => expect(screen.getByTestId('summary.state').dataset.state).toBe('canceled-externally'));
    expect(screen.getByText('Le résumé a été arrêté car la tâche a changé ou a été supprimée.')).toBeTruthy();
    cleanup();
    server.use(
      ...createMockSummaryApi({
        existing: processedSummary({
          failureMessage: 'The language model could not write the summary: HTTP 503: no capacity',
        }),
      }).handlers,
    );
    renderPanel();
    const method = await screen.findByTestId('summary.method');
    expect(method.dataset.method).toBe('extractive-fallback');
    expect(method.textContent).toMatch(/^Extractive summary instead: the language model failed/);
    expect(screen.getByText(/HTTP 503: no capacity/)).toBeTruthy();
    expect(screen.getByTestId('summary.line.1').textContent).toContain('Ask what you can do for your country.');
  });

  it('saves a summary the person wrote (Uploaded), its times playable', async () => {
    const api = createMockSummaryApi();
    server.use(...api.handlers);
    const onSeek = vi.fn();
    renderPanel({ onSeek });
    await userEvent.click(await screen.findByTestId('summary.write'));
    const save = screen.getByTestId('summary.upload.save');
    expect(save).toHaveProperty('disabled', true);
    await userEvent.type(screen.getByLabelText('Your summary'), '[[0:07] The call to serve.{Enter}Written by hand.');
    await userEvent.click(save);
    await waitFor(() => expect(screen.getByTestId('summary.state').dataset.state).toBe('uploaded'));
    expect(api.state.uploads).toEqual([{ taskId: TASK, summary: '[0:07] The call to serve.\nWritten by hand.' }]);
    expect(screen.getByTestId('summary.method').textContent).toBe(
      'Summary written by a person, not made from the transcript',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Play from 0:07' }));
    expect(onSeek).toHaveBeenCalledWith(7);
    expect(screen.getByTestId('summary.line.1').textContent).toBe('Written by hand.');
  });

  it('says so when summaries are not available', async () => {
    server.use(...createMockSummaryApi({ available: false }).handlers);
    renderPanel();
    expect(await screen.findByText('Summaries are not available here.')).toBeTruthy();
  });
});
