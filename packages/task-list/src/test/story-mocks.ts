/**
 * MSW handlers for the task-list stories: a workspace with tasks in several states, its batches,
 * counts and rules. Stories only; unit tests use test/fakeApi.ts.
 */
import type { Schema } from '@reviewdesk/api-client';
import { createApiClient } from '@reviewdesk/api-client';
import type { Ability } from '@reviewdesk/ui';
import { delay, HttpResponse, http } from 'msw';

export const STORY_WORKSPACE = '11111111-1111-4111-8111-111111111111';

/** A client on Storybook's own origin, where MSW answers. */
export const storyApi = createApiClient({ baseUrl: '/', getAccessToken: () => 'storybook-token' });

export const storyAbilities: Ability[] = [
  'Task.ListView',
  'Task.View',
  'Task.Review',
  'Task.Delete',
  'Task.DeleteMany',
  'Task.ReprocessMany',
  'Task.Import',
  'Task.History',
  'Task.ListEvents',
  'Task.EditAssignments',
  'Task.CustomColumns',
  'Task.TracesDashboardView',
  'Viewer.View',
  'Workspace.AddUsers',
  'Batches.ListBatches',
  'Batches.CreateBatch',
  'Batches.Delete',
  // A manager's: invites newcomers as creators, reviewers or viewers, not above.
  'Tenant.UpdateUserRole.Creator',
  'Tenant.UpdateUserRole.Reviewer',
  'Tenant.UpdateUserRole.Viewer',
].map((p) => {
  // A per-role permission keeps its role in the action (`UpdateUserRole.Reviewer`).
  const [subject = '', ...action] = p.split('.');
  return { subject, action: action.join('.') };
});

/** The product's roles, as User/AllRoles answers (Developer is not given in a tenant). */
export const storyRoles: Schema<'Role'>[] = (
  ['Developer', 'Administrator', 'Manager', 'Creator', 'Reviewer', 'Viewer'] as const
).map((name, index) => ({
  id: `00000000-0000-4000-8000-0000000000${(index + 1) * 10}`,
  name,
  order: (index + 1) * 10,
  tenantSelectable: name !== 'Developer',
  hidden: false,
  superUser: index < 2,
}));

const names = [
  'Fatura 2026-0183.pdf',
  'Recibo farmácia.jpg',
  'Contrato arrendamento.pdf',
  'Reunião conselho.mp3',
  'Nota de encomenda 77.pdf',
  'Declaração IRS.pdf',
  'Invoice AWS November.pdf',
  'Extrato bancário.pdf',
];
const statuses = [60, 41, 100, 42, 70, 30, 60, 60];
const people = [
  { userId: 'u1', userName: 'Ana Silva', hasReviewed: false, isValid: true },
  { userId: 'u2', userName: 'Rui Costa', hasReviewed: false, isValid: true },
  { userId: 'u3', userName: 'Marta Sousa', hasReviewed: true, isValid: true },
  { userId: 'u4', userName: 'João Pereira', hasReviewed: false, isValid: true },
  { userId: 'u5', userName: 'Inês Almeida', hasReviewed: false, isValid: true },
];

export function storyTask(n: number): Schema<'TaskListItem'> {
  const i = (n - 1) % names.length;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    sequentialByWorkspaceId: n,
    tenantId: '22222222-2222-4222-8222-222222222222',
    workspaceId: STORY_WORKSPACE,
    displayName: n > names.length ? `${n} · ${names[i]}` : (names[i] ?? ''),
    externalId: n % 3 === 0 ? `EXT-${1000 + n}` : null,
    batchDisplayName: n % 2 === 0 ? 'Novembro' : null,
    totalPages: (n % 5) + 1,
    status: (statuses[i] ?? 60) as Schema<'TaskStatus'>,
    createdOn: new Date(Date.UTC(2026, 10, 20, 9, n)).toISOString(),
    isSplitSourceTask: false,
    assignmentOrderType: 20,
    assignmentUsers: people.slice(0, n % 6),
    detectedFields: { total: `${(n * 17.35).toFixed(2)} €` },
    canBeReviewed: true,
    canBeExported: true,
    canBeDeleted: true,
    canBeReprocessed: true,
  };
}

export const TASKS = Array.from({ length: 57 }, (_, i) => storyTask(i + 1));

const page = (items: unknown[], pageNumber: number, pageSize: number, total: number) => ({
  items,
  pageNumber,
  totalPages: Math.ceil(total / pageSize),
  totalCount: total,
  hasPreviousPage: pageNumber > 1,
  hasNextPage: pageNumber * pageSize < total,
});

export const listHandler = (tasks: Schema<'TaskListItem'>[]) =>
  http.post('*/SdTask/GetWithPagination/:workspaceId', async ({ request }) => {
    const body = (await request.json()) as { pageNumber: number; pageSize: number };
    const items = tasks.slice((body.pageNumber - 1) * body.pageSize, body.pageNumber * body.pageSize);
    return HttpResponse.json(page(items, body.pageNumber, body.pageSize, tasks.length));
  });

export const common = [
  http.get('*/SdTask/CountTotal', () =>
    HttpResponse.json({
      processingCount: 3,
      toReviewCount: 42,
      inReviewCount: 5,
      processedCount: 318,
      totalCount: 368,
    }),
  ),
  // A workspace without a file-sharing site (stories of one add their own answer).
  http.get('*/SdWorkspace/Configuration', () =>
    HttpResponse.json({ workspaceId: STORY_WORKSPACE, storageConfig: null }),
  ),
  http.get('*/SdWorkspace/GetWorkspaceCustomConfig', () =>
    HttpResponse.json({
      workspaceId: STORY_WORKSPACE,
      taskType: 10,
      externalIdRequired: false,
      supportedFileTypes: ['.pdf', '.png', '.jpg'],
      forceSingleChunk: false,
      maxFileSizeBytes: 20_971_520,
      detectableFields: [{ categoryKey: 'total', displayName: 'Total' }],
    }),
  ),
  http.post('*/SdBatch/GetWithPagination/:workspaceId', () =>
    HttpResponse.json(
      page(
        [
          {
            batchId: '33333333-3333-4333-8333-333333333333',
            workspaceId: STORY_WORKSPACE,
            displayName: 'Novembro',
            description: 'Faturas de novembro',
            createdOn: '2026-11-01T10:00:00Z',
            totalTasks: 28,
            totalTasksInHistory: 120,
            isOpen: true,
            status: 10,
            batchType: 10,
          },
          {
            batchId: '44444444-4444-4444-8444-444444444444',
            workspaceId: STORY_WORKSPACE,
            displayName: 'Outubro',
            description: null,
            createdOn: '2026-10-01T10:00:00Z',
            totalTasks: 0,
            totalTasksInHistory: 210,
            isOpen: false,
            status: 20,
            batchType: 10,
          },
        ],
        1,
        25,
        2,
      ),
    ),
  ),
  http.get('*/SdWorkspace/ValidUsersForTaskAssignment', () =>
    HttpResponse.json(people.map((p) => ({ userId: p.userId, name: p.userName, isValidForTaskAssignment: true }))),
  ),
  http.get('*/SdTask/Events/:taskId', () =>
    HttpResponse.json([
      {
        createdOn: '2026-11-20T09:01:00Z',
        eventDescription: 'Task created (web import)',
        eventSourceText: 'Ana Silva',
      },
      { createdOn: '2026-11-20T09:01:03Z', eventDescription: 'Pre-processing started', eventSourceText: 'Worker' },
      { createdOn: '2026-11-20T09:01:09Z', eventDescription: 'Text recognized (pdfminer)', eventSourceText: 'Worker' },
      { createdOn: '2026-11-20T09:01:10Z', eventDescription: 'Ready to review', eventSourceText: 'Worker' },
    ]),
  ),
  http.patch('*/SdTask/DeleteMany', () =>
    HttpResponse.json({
      succeeded: false,
      result: true,
      errors: [
        {
          code: 16,
          message:
            '1 of 3 selected tasks could not be deleted (deleted already, being processed or in review by someone else).',
        },
      ],
    }),
  ),
];

export const loadingList = http.post('*/SdTask/GetWithPagination/:workspaceId', async () => {
  await delay('infinite');
  return HttpResponse.json({});
});

export const failingList = http.post('*/SdTask/GetWithPagination/:workspaceId', () =>
  HttpResponse.json({ status: 500, message: 'Boom' }, { status: 500 }),
);
