/**
 * The summary calls mocked with MSW for the panel's stories and unit tests: a request starts a
 * summary in Processing; after `processingPolls` reads it is Processed with the given text (the
 * extractive sentences of the demo recording by default), or fails when `fail` says so. Canceling
 * a summary in Processing ends it in CanceledByUser; an upload stores the text in Uploaded.
 */
import { HttpResponse, http } from 'msw';
import type { Summary, SummaryRequest, SummaryUpload } from './useTaskSummary.js';

export interface MockSummaryOptions {
  /** The summary there already is (none: the server answers 404). */
  existing?: Summary | null;
  available?: boolean;
  /** Reads of a new summary that still answer Processing. */
  processingPolls?: number;
  /** What the made summary says. */
  made?: Partial<Summary>;
  /** The request is refused with this message (400). */
  refuse?: string;
  costsInCredits?: number;
}

export const JFK_EXTRACTIVE =
  '[0:00] And so my fellow Americans ask not what your country can do for you.\n[0:07] Ask what you can do for your country.';

export function processedSummary(overrides: Partial<Summary> = {}): Summary {
  return {
    id: 'b3c1d7a0-6f0e-4b8a-9a55-1f6f7d1e0a01',
    state: 1,
    summaryStyle: 0,
    summaryLength: 0,
    includedFrames: 0,
    createTime: '2026-11-26T10:00:00.000Z',
    lastUpdateTime: '2026-11-26T10:00:02.000Z',
    failureMessage: null,
    progress: 100,
    disclaimer:
      'Extractive summary: 2 of 2 sentences quoted word for word from the transcript, chosen by TextRank. No language model is configured, so nothing is paraphrased.',
    summary: JFK_EXTRACTIVE,
    sensitiveContentPercent: null,
    method: 'extractive',
    modelName: 'TextRank (extractive)',
    creditsSpent: 1,
    keyFrames: [],
    ...overrides,
  };
}

export function createMockSummaryApi(options: MockSummaryOptions = {}) {
  const state = {
    summary: options.existing ?? null,
    requests: [] as SummaryRequest[],
    uploads: [] as SummaryUpload[],
    reads: 0,
  };
  const handlers = [
    http.get('*/api/v1/Index/IsSummarizable', () => HttpResponse.json(options.available ?? true)),
    http.get('*/api/v1/Index/GetSummaryCostsInfo/:taskId', () =>
      HttpResponse.json({ costsInCredits: options.costsInCredits ?? 1, upToDate: true, indexedDate: null }),
    ),
    http.get('*/api/v1/Index/GetVideoTextualSummary/:taskId', () => {
      if (!state.summary) {
        return HttpResponse.json({ message: 'No summary of this task has been requested.' }, { status: 404 });
      }
      if (state.summary.state === 0) {
        state.reads += 1;
        if (state.reads > (options.processingPolls ?? 1)) {
          state.summary = processedSummary({
            id: state.summary.id,
            summaryStyle: state.summary.summaryStyle,
            summaryLength: state.summary.summaryLength,
            includedFrames: state.summary.includedFrames,
            ...options.made,
          });
        } else {
          state.summary = { ...state.summary, progress: 20 * state.reads };
        }
      }
      return HttpResponse.json(state.summary);
    }),
    http.post('*/api/v1/Index/CreateOrUpdateVideoTextualSummary', async ({ request }) => {
      const body = (await request.json()) as SummaryRequest;
      state.requests.push(body);
      if (options.refuse) {
        return HttpResponse.json(
          { succeeded: false, status: 400, message: options.refuse, errors: [{ code: 19, message: options.refuse }] },
          { status: 400 },
        );
      }
      state.reads = 0;
      state.summary = {
        id: `c0ffee00-0000-4000-8000-${String(state.requests.length).padStart(12, '0')}`,
        state: 0,
        summaryStyle: body.style,
        summaryLength: body.length,
        includedFrames: body.includedFrames,
        createTime: new Date().toISOString(),
        lastUpdateTime: new Date().toISOString(),
        failureMessage: null,
        progress: 0,
        disclaimer: null,
        summary: null,
        sensitiveContentPercent: null,
        method: null,
        modelName: null,
        creditsSpent: 0,
        keyFrames: [],
      };
      return HttpResponse.json(state.summary);
    }),
    http.post('*/api/v1/Index/CancelVideoTextualSummary/:taskId', () => {
      if (state.summary?.state !== 0) {
        const message = 'The summary is no longer being made, so there is nothing to cancel.';
        return HttpResponse.json({ succeeded: false, status: 400, message, errors: [] }, { status: 400 });
      }
      state.summary = { ...state.summary, state: 4, progress: 100, failureMessage: 'Canceled by Rita Reviewer.' };
      return HttpResponse.json(state.summary);
    }),
    http.put('*/api/v1/Index/UploadVideoTextualSummary', async ({ request }) => {
      const body = (await request.json()) as SummaryUpload;
      state.uploads.push(body);
      state.summary = processedSummary({
        id: `a0a0ad00-0000-4000-8000-${String(state.uploads.length).padStart(12, '0')}`,
        state: 6,
        summary: body.summary.trim(),
        method: null,
        modelName: null,
        creditsSpent: 0,
        disclaimer: 'Uploaded by Rita Reviewer: not made from the transcript by Reviewdesk.',
      });
      return HttpResponse.json(state.summary);
    }),
  ];
  return { handlers, state };
}
