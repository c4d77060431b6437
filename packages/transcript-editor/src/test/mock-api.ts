/**
 * A stateful MSW stand-in for the transcript editor's calls, following the contract's rules: a save
 * must carry the version it was edited from and stores version + 1; a stale version is refused
 * with SaveDocumentChangesFailed (8) and the stored transcript. Used by unit tests (msw/node) and
 * stories (msw in the browser) — never by the package itself.
 */
import { HttpResponse, type HttpResponseResolver, http } from 'msw';
import type { CheckoutResult, TaskSpeaker, Transcript, TranscriptData, ViewerInitResult } from '../session/types.js';
import { jfkPeaks, PEAKS_URL, TASK_ID, transcriptData, transcriptInit } from './fixtures.js';

export interface MockTranscriptOptions {
  init?: Partial<ViewerInitResult>;
  data?: Partial<TranscriptData>;
  /** Delay of every answer in ms (stories show the loading state with a long one). */
  delay?: number;
  /** Checkout answers this refusal code (3 CheckedOutByOtherUser, 29 AssignedToOtherUser). */
  checkoutRefusal?: number;
  /** The next save answers with a network failure (status 503) this many times. */
  failSaves?: number;
  /** Transcript/MediaUrlAndTranscript answers 500. */
  failLoad?: boolean;
  /** What the server stores of a saved transcript (as the real one re-times edited words). */
  store?: (sent: Transcript) => Transcript;
}

export interface MockTranscriptState {
  transcript: Transcript;
  version: number;
  saves: Array<{ transcript: Transcript; version: number | null | undefined; speakers: TaskSpeaker[] }>;
  calls: string[];
  checkout: CheckoutResult | null;
  finished: boolean;
  cancelled: boolean;
  failSaves: number;
  /** Bodies of Transcript/Export and Transcript/ExportMultiple, in order, with the call's name. */
  exports: Array<{ call: 'Export' | 'ExportMultiple'; body: Record<string, unknown> }>;
  /** Simulates another reviewer saving: the stored version moves on. */
  bumpVersion(): void;
}

/** Another reviewer (Maria Silva) holds the task for ten more minutes: checking out is refused (3). */
export const heldByAnother = (): MockTranscriptOptions => ({
  checkoutRefusal: 3,
  init: {
    isCheckedOut: true,
    checkout: {
      taskId: TASK_ID,
      checkedOutBy: 'maria',
      checkedOutByUserName: 'Maria Silva',
      until: new Date(Date.now() + 600_000).toISOString(),
      checkoutExpireMinutes: 15,
    },
  },
});

/**
 * The task a call is about: its path's `:taskId`, the `TaskId` of its query, or the `taskId` of
 * its JSON body. Undefined for calls that name none.
 */
async function taskOf(request: Request, params: Record<string, unknown>): Promise<string | undefined> {
  if (typeof params.taskId === 'string') return params.taskId;
  const query = new URL(request.url).searchParams;
  const fromQuery = query.get('TaskId') ?? query.get('taskId');
  if (fromQuery) return fromQuery;
  if (request.method === 'GET') return undefined;
  try {
    const body = (await request.clone().json()) as { taskId?: unknown };
    return typeof body.taskId === 'string' ? body.taskId : undefined;
  } catch {
    return undefined;
  }
}

const wait = (ms: number) => (ms ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

export function createMockTranscriptApi(options: MockTranscriptOptions = {}) {
  const init = transcriptInit(options.init);
  const data = transcriptData(options.data);
  const state: MockTranscriptState = {
    transcript: structuredClone(data.transcriptFullResult),
    version: data.version ?? 0,
    saves: [],
    calls: [],
    checkout: null,
    finished: false,
    cancelled: false,
    failSaves: options.failSaves ?? 0,
    exports: [],
    bumpVersion() {
      state.version += 1;
    },
  };
  const delay = options.delay ?? 0;
  const newCheckout = (): CheckoutResult => ({
    taskId: init.taskId,
    checkedOutBy: 'reviewer',
    checkedOutByUserName: 'Reviewer',
    checkoutExpireMinutes: 15,
    until: new Date(Date.now() + 15 * 60_000).toISOString(),
    status: 70,
  });

  /**
   * Answers only the calls about this stand-in's task: a call about another one (an editor of an
   * earlier story or test still saving and releasing its checkout as it unmounts) goes on to the
   * handlers of that task, never into this one's state.
   */
  const mine =
    (resolver: HttpResponseResolver): HttpResponseResolver =>
    async (info) => {
      const taskId = await taskOf(info.request, info.params);
      if (taskId !== undefined && taskId !== init.taskId) return undefined;
      return resolver(info);
    };

  const handlers = [
    http.get(
      '*/api/v1/Viewer/ViewerInit',
      mine(async () => {
        state.calls.push('ViewerInit');
        await wait(delay);
        return HttpResponse.json(init);
      }),
    ),
    http.get(
      '*/api/v1/Transcript/MediaUrlAndTranscript',
      mine(async () => {
        state.calls.push('MediaUrlAndTranscript');
        await wait(delay);
        if (options.failLoad) {
          return HttpResponse.json(
            { title: 'Internal error', status: 500, detail: 'The store is unavailable.' },
            { status: 500 },
          );
        }
        return HttpResponse.json({ ...data, transcriptFullResult: state.transcript, version: state.version });
      }),
    ),
    http.get(PEAKS_URL, () => HttpResponse.json(jfkPeaks())),
    http.post(
      '*/api/v1/Viewer/Checkout',
      mine(async () => {
        state.calls.push('Checkout');
        await wait(delay);
        if (options.checkoutRefusal) {
          return HttpResponse.json({
            succeeded: false,
            errors: [{ code: options.checkoutRefusal, message: 'Refused' }],
          });
        }
        state.checkout = newCheckout();
        return HttpResponse.json({ succeeded: true, errors: [], result: state.checkout });
      }),
    ),
    http.post(
      '*/api/v1/Viewer/Review/Renew/:taskId',
      mine(() => {
        state.calls.push('Renew');
        state.checkout = newCheckout();
        return HttpResponse.json({ succeeded: true, errors: [], result: state.checkout });
      }),
    ),
    http.post(
      '*/api/v1/Viewer/Review/Cancel/:taskId',
      mine(() => {
        state.calls.push('Cancel');
        state.cancelled = true;
        state.checkout = null;
        return HttpResponse.json({ succeeded: true, errors: [], result: true });
      }),
    ),
    http.patch(
      '*/api/v1/Viewer/Review/Finish/:taskId',
      mine(() => {
        state.calls.push('Finish');
        state.finished = true;
        return HttpResponse.json({
          succeeded: true,
          errors: [],
          result: { taskId: init.taskId, status: 90, reviewCompleted: true, nextTaskId: null },
        });
      }),
    ),
    http.post(
      '*/api/v1/Transcript/Export/:taskId',
      mine(async ({ request }) => {
        state.calls.push('Export');
        state.exports.push({ call: 'Export', body: (await request.json()) as Record<string, unknown> });
        // The file of what is stored: its words, one paragraph a line.
        const text = state.transcript.transcripts.map((p) => p.children.map((w) => w.text).join(' ')).join('\n');
        return new HttpResponse(text, {
          headers: {
            'content-type': 'application/octet-stream',
            'content-disposition': 'attachment; filename="Inaugural.srt"',
          },
        });
      }),
    ),
    http.post(
      '*/api/v1/Transcript/ExportMultiple',
      mine(async ({ request }) => {
        state.calls.push('ExportMultiple');
        state.exports.push({ call: 'ExportMultiple', body: (await request.json()) as Record<string, unknown> });
        return HttpResponse.json({ fileName: 'Recordings.zip', contentType: 'application/zip', content: btoa('PK') });
      }),
    ),
    http.post(
      '*/api/v1/Transcript/SaveTranscriptChanges',
      mine(async ({ request }) => {
        state.calls.push('Save');
        await wait(delay);
        if (state.failSaves > 0) {
          state.failSaves -= 1;
          return HttpResponse.json({ title: 'Unavailable', status: 503 }, { status: 503 });
        }
        const body = (await request.json()) as {
          transcript: Transcript;
          version?: number | null;
          speakers?: TaskSpeaker[];
        };
        state.saves.push({ transcript: body.transcript, version: body.version, speakers: body.speakers ?? [] });
        if (typeof body.version === 'number' && body.version !== state.version) {
          return HttpResponse.json({
            succeeded: false,
            errors: [
              {
                code: 8,
                message: `The transcript was changed by Maria Silva (version ${state.version}, yours ${body.version}).`,
              },
            ],
            result: { savedResult: false, transcript: { ...state.transcript, version: state.version } },
          });
        }
        state.version += 1;
        state.transcript = options.store ? options.store(body.transcript) : body.transcript;
        return HttpResponse.json({
          succeeded: true,
          errors: [],
          result: { savedResult: true, transcript: { ...state.transcript, version: state.version } },
        });
      }),
    ),
    http.get(
      '*/api/v1/SdTask/GetNextTask/:workspaceId',
      mine(() => {
        state.calls.push('GetNextTask');
        return new HttpResponse(null, { status: 204 });
      }),
    ),
  ];
  return { handlers, state, init, data };
}
