/**
 * A real api client whose fetch answers from an in-memory table of tasks, so components run
 * their true calls (paths, bodies, React Query keys) without a server. Only the calls the list
 * makes are answered; anything else is a 501, as the real server answers unimplemented calls.
 */
import { type ApiClient, createApiClient, type Schema } from '@reviewdesk/api-client';

export const WORKSPACE_ID = '11111111-1111-4111-8111-111111111111';
export const TENANT_ID = '22222222-2222-4222-8222-222222222222';

export function makeTask(n: number, overrides: Partial<Schema<'TaskListItem'>> = {}): Schema<'TaskListItem'> {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    sequentialByWorkspaceId: n,
    tenantId: TENANT_ID,
    workspaceId: WORKSPACE_ID,
    displayName: `Invoice ${n}.pdf`,
    totalPages: 1,
    status: 60,
    createdOn: new Date(Date.UTC(2026, 10, 1, 12, n % 60)).toISOString(),
    isSplitSourceTask: false,
    assignmentUsers: [],
    canBeReviewed: true,
    canBeExported: true,
    canBeDeleted: true,
    canBeReprocessed: true,
    ...overrides,
  };
}

export interface FakeServer {
  api: ApiClient;
  tasks: Schema<'TaskListItem'>[];
  calls: { method: string; path: string; body: unknown }[];
}

const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });

export function createFakeServer(
  tasks: Schema<'TaskListItem'>[],
  workspace: { taskType?: Schema<'TaskType'> } = {},
): FakeServer {
  const server: FakeServer = { api: undefined as unknown as ApiClient, tasks, calls: [] };
  server.api = createApiClient({
    baseUrl: 'http://reviewdesk.test',
    getAccessToken: () => 'token',
    fetch: async (request) => {
      const url = new URL(request.url);
      const body =
        request.method === 'GET'
          ? undefined
          : await request
              .clone()
              .json()
              .catch(() => undefined);
      server.calls.push({ method: request.method, path: url.pathname, body });
      const path = url.pathname.replace(/^\/api\/v[^/]+/, '');
      if (path.startsWith('/SdTask/GetWithPagination/')) {
        const { pageNumber, pageSize } = body as { pageNumber: number; pageSize: number };
        // A fresh JSON body each time, as from the network: identity can only come from React Query.
        const items = server.tasks.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
        const totalPages = Math.ceil(server.tasks.length / pageSize);
        return json({
          items,
          pageNumber,
          totalPages,
          totalCount: server.tasks.length,
          hasPreviousPage: pageNumber > 1,
          hasNextPage: pageNumber < totalPages,
        });
      }
      if (path === '/Index/Search') {
        // The first task matches on its page 2, two words highlighted, with one more passage.
        const task = server.tasks[0];
        const search = url.searchParams.get('Search') ?? '';
        const items = task
          ? [
              {
                taskId: task.id,
                workspaceId: task.workspaceId,
                displayName: task.displayName,
                sequentialByWorkspaceId: task.sequentialByWorkspaceId,
                status: task.status,
                fromHistory: false,
                taskType: 'Invoice',
                createdOn: task.createdOn,
                rank: 0.5,
                matchCount: 2,
                matches: [
                  {
                    source: 'page',
                    pageNumber: 2,
                    startTimeSeconds: null,
                    text: `Total due ${search} now`,
                    highlights: [{ offset: 10, length: search.length }],
                    exactText: search,
                  },
                ],
              },
            ]
          : [];
        return json({
          items,
          pageNumber: 1,
          totalPages: 1,
          totalCount: items.length,
          hasPreviousPage: false,
          hasNextPage: false,
        });
      }
      if (path === '/SdTask/CountTotal') {
        return json({
          processingCount: 1,
          // Status ToReview only, as the real server counts it: narrower than the to-review tab.
          toReviewCount: server.tasks.filter((t) => t.status === 60).length,
          inReviewCount: 0,
          processedCount: 0,
          totalCount: server.tasks.length,
        });
      }
      if (path === '/SdWorkspace/GetWorkspaceCustomConfig') {
        return json({
          workspaceId: WORKSPACE_ID,
          taskType: workspace.taskType ?? 'Invoice',
          externalIdRequired: false,
          supportedFileTypes: ['.pdf', '.png'],
          forceSingleChunk: false,
          maxFileSizeBytes: 1_000_000,
          detectableFields: [],
        });
      }
      if (path.startsWith('/SdBatch/GetWithPagination/')) {
        return json({
          items: [],
          pageNumber: 1,
          totalPages: 0,
          totalCount: 0,
          hasPreviousPage: false,
          hasNextPage: false,
        });
      }
      if (path === '/SdWorkspace/ValidUsersForTaskAssignment') return json([]);
      if (path === '/SdTask/GetFolderMonitorUrl') return json('http://reviewdesk.test/downloads/folder-monitor.mjs');
      if (path === '/SdTask/Process') return json({ taskId: '99999999-9999-4999-8999-999999999999', externalId: null });
      if (path === '/SdTask/DeleteMany' || path === '/SdTask/RestartProcessingMany') {
        return json({
          succeeded: false,
          result: true,
          errors: [{ code: 16, message: "Task #2 'Invoice 2.pdf': in review by someone else." }],
        });
      }
      return json({ status: 501, message: 'Not implemented' }, 501);
    },
  });
  return server;
}
