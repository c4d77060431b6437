/**
 * A stateful MSW stand-in for the calls of the metrics and home screens, following the contract's
 * shapes: the person's workspaces, User/GetMetrics (narrowed by workspace), Index/Search over a
 * small corpus, the to-review counts, the tasks ready for review and the bookmarks (toggled for
 * real). Used by unit tests (msw/node) and stories (msw in the browser).
 */
import type { Schema } from '@reviewdesk/api-client';
import { delay, HttpResponse, http } from 'msw';
import { TENANT_ID } from './mock-api';

export const INVOICES_ID = '33333333-3333-4333-8333-333333333333';
export const RECORDINGS_ID = '44444444-4444-4444-8444-444444444444';
export const INVOICE_TASK = '55555555-5555-4555-8555-555555555555';
export const RECORDING_TASK = '66666666-6666-4666-8666-666666666666';

const membership = (
  workspaceId: string,
  workspaceName: string,
  taskType: Schema<'TaskType'>,
): Schema<'WorkspaceMembership'> => ({
  userId: '77777777-7777-4777-8777-777777777777',
  workspaceId,
  roleId: '88888888-8888-4888-8888-888888888888',
  userStatus: 10,
  tenantId: TENANT_ID,
  workspaceName,
  isDefault: workspaceId === INVOICES_ID,
  isConfigured: true,
  taskType,
  workspaceType: 10,
  templateType: 10,
});

export const WORKSPACES = [
  membership(INVOICES_ID, 'Faturas de fornecedores', 'Invoice'),
  membership(RECORDINGS_ID, 'Reuniões', 'Transcript'),
];

/** The passages Index/Search finds (a word of the query must be in the text). */
const CORPUS: Schema<'IndexSearchHit'>[] = [
  {
    taskId: INVOICE_TASK,
    workspaceId: INVOICES_ID,
    displayName: 'AmazonWebServices.pdf',
    sequentialByWorkspaceId: 12,
    status: 60,
    fromHistory: false,
    taskType: 'Invoice',
    createdOn: '2026-11-20T09:00:00Z',
    rank: 0.6,
    matchCount: 1,
    matches: [
      {
        source: 'page',
        pageNumber: 2,
        startTimeSeconds: null,
        text: 'Total due 123.45 EUR',
        highlights: [],
        exactText: null,
      },
    ],
  },
  {
    taskId: RECORDING_TASK,
    workspaceId: RECORDINGS_ID,
    displayName: 'Board meeting.wav',
    sequentialByWorkspaceId: 3,
    status: 60,
    fromHistory: false,
    taskType: 'Transcript',
    createdOn: '2026-11-21T09:00:00Z',
    rank: 0.4,
    matchCount: 2,
    matches: [
      {
        source: 'transcript',
        pageNumber: null,
        startTimeSeconds: 75,
        text: 'the hosting costs were approved',
        highlights: [],
        exactText: null,
        speakerName: 'Ana',
      },
    ],
  },
];

function searchCorpus(words: string): Schema<'IndexSearchHit'>[] {
  const terms = words.toLowerCase().split(/\s+/).filter(Boolean);
  return CORPUS.flatMap((hit) => {
    const match = hit.matches[0];
    if (!match) return [];
    const text = match.text.toLowerCase();
    const highlights = terms.flatMap((term) => {
      const offset = text.indexOf(term);
      return offset < 0 ? [] : [{ offset, length: term.length }];
    });
    if (highlights.length === 0) return [];
    // Like the server: the first matched word as it is written in the passage.
    const first = highlights[0] as { offset: number; length: number };
    const exactText = match.text.slice(first.offset, first.offset + first.length);
    return [{ ...hit, matches: [{ ...match, highlights, exactText }] }];
  });
}

export function makeMetrics(workspaceIds: readonly string[]): Schema<'UsageSummary'> {
  const both = workspaceIds.length === 0 || workspaceIds.length === 2;
  const invoices = both || workspaceIds.includes(INVOICES_ID);
  return {
    workspaceCount: both ? 2 : 1,
    processedTasksCount: invoices ? 41 : 7,
    from: null,
    to: null,
    statusCounts: invoices
      ? [
          { status: 100, count: 41 },
          { status: 60, count: 12 },
          { status: 70, count: 3 },
        ]
      : [{ status: 60, count: 2 }],
    toReviewByWorkspace: WORKSPACES.filter((w) => both || workspaceIds.includes(w.workspaceId)).map((w) => ({
      workspaceId: w.workspaceId,
      displayName: w.workspaceName,
      count: w.workspaceId === INVOICES_ID ? 12 : 2,
    })),
    reviewedByUser: [
      { userId: 'u-1', userName: 'Ana Reviewer', count: 30 },
      { userId: 'u-2', userName: 'Rui Manager', count: 11 },
    ],
    averageTimeByStatus: [
      { status: 60, averageMilliseconds: 5_400_000 },
      { status: 70, averageMilliseconds: 420_000 },
    ],
  };
}

export interface MockInsightOptions {
  /** Delay of every answer in ms. */
  delay?: number;
  /** GetMetrics answers this status (501: a server without it). */
  failMetrics?: number;
}

export interface MockInsightState {
  calls: string[];
  /** The Search parameter of every Index/Search call, in order. */
  searches: string[];
  /** The query string of every GetMetrics call, in order. */
  metricsQueries: string[];
  /** The workspaceIds of every GetReadyToReview call, in order. */
  readyWorkspaceIds: unknown[];
  bookmarked: Set<number>;
}

const BOOKMARKS: Omit<Schema<'BookmarkItem'>, 'isBookmarked'>[] = [
  { id: 1, title: 'Home', link: '/home', icon: 'home', target: 'home' },
  { id: 2, title: 'Task list', link: '/task/list', icon: 'list', target: 'taskList' },
  { id: 3, title: 'Metrics', link: '/metrics', icon: 'chart', target: 'metrics' },
];

export function createMockInsightApi(options: MockInsightOptions = {}) {
  const state: MockInsightState = {
    calls: [],
    searches: [],
    metricsQueries: [],
    readyWorkspaceIds: [],
    bookmarked: new Set([2]),
  };
  const answer = async (request: Request) => {
    state.calls.push(`${request.method} ${new URL(request.url).pathname.replace(/^\/api\/v[^/]+/, '')}`);
    if (options.delay) await delay(options.delay);
  };
  const bookmarkData = (): Schema<'BookmarkData'> => {
    const items = BOOKMARKS.map((b) => ({ ...b, isBookmarked: state.bookmarked.has(b.id) }));
    return { suggestions: items, bookmarks: items.filter((b) => b.isBookmarked) };
  };
  const handlers = [
    http.get('*/api/:version/SdWorkspace/UserWorkspaces', async ({ request }) => {
      await answer(request);
      return HttpResponse.json(WORKSPACES);
    }),
    http.get('*/api/:version/User/GetMetrics', async ({ request }) => {
      await answer(request);
      const url = new URL(request.url);
      state.metricsQueries.push(url.search);
      if (options.failMetrics) {
        return HttpResponse.json(
          { succeeded: false, errors: [{ code: 0, message: 'Not implemented.' }] },
          { status: options.failMetrics },
        );
      }
      return HttpResponse.json({
        ...makeMetrics(url.searchParams.getAll('workspaceIds')),
        from: url.searchParams.get('from'),
      });
    }),
    http.get('*/api/:version/Index/Search', async ({ request }) => {
      await answer(request);
      const words = new URL(request.url).searchParams.get('Search') ?? '';
      state.searches.push(words);
      const items = searchCorpus(words);
      return HttpResponse.json({
        items,
        pageNumber: 1,
        totalPages: items.length > 0 ? 1 : 0,
        totalCount: items.length,
        hasPreviousPage: false,
        hasNextPage: false,
      });
    }),
    http.post('*/api/:version/SdTask/GetTotalToReviewByWorkSpaceId', async ({ request }) => {
      await answer(request);
      const ids = (await request.json()) as string[];
      return HttpResponse.json(ids.map((id) => ({ workSpaceId: id, totalTasksToReview: id === INVOICES_ID ? 12 : 1 })));
    }),
    http.post('*/api/:version/SdTask/GetReadyToReview', async ({ request }) => {
      await answer(request);
      state.readyWorkspaceIds.push(((await request.clone().json()) as { workspaceIds?: unknown }).workspaceIds);
      const item = {
        id: INVOICE_TASK,
        sequentialByWorkspaceId: 12,
        batchId: null,
        tenantId: TENANT_ID,
        workspaceId: INVOICES_ID,
        displayName: 'AmazonWebServices.pdf',
        totalPages: 2,
        status: 60,
        createdOn: '2026-11-20T09:00:00Z',
        isSplitSourceTask: false,
        canBeReviewed: true,
        canBeExported: true,
        canBeDeleted: true,
        canBeReprocessed: true,
      };
      return HttpResponse.json({
        items: [item],
        pageNumber: 1,
        totalPages: 1,
        totalCount: 1,
        hasPreviousPage: false,
        hasNextPage: false,
      });
    }),
    http.get('*/api/bookmarks/data', async ({ request }) => {
      await answer(request);
      return HttpResponse.json(bookmarkData());
    }),
    http.post('*/api/bookmarks/update', async ({ request }) => {
      await answer(request);
      const { id } = (await request.json()) as { id: number };
      const page = BOOKMARKS.find((b) => b.id === id);
      if (!page)
        return HttpResponse.json(
          { succeeded: false, errors: [{ code: 0, message: 'No such page.' }] },
          { status: 404 },
        );
      if (state.bookmarked.has(id)) state.bookmarked.delete(id);
      else state.bookmarked.add(id);
      return HttpResponse.json({ ...page, isBookmarked: state.bookmarked.has(id) });
    }),
  ];
  return { handlers, state };
}
