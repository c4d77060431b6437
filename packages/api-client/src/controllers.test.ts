// One typed call per controller of the contract: each asserts the method and URL that went out,
// and that the answer comes back as the contract's type (the fixtures are typed with `Schema<…>`,
// so a fixture that drifts from the contract fails `typecheck`).
import { describe, expect, expectTypeOf, it } from 'vitest';
import { apiOperations, enumCodeOf, type Schema } from './index.js';
import { API, replyJson, type Seen, testClient } from './testing/server.js';

const TASK_ID = '6f1c2a4e-58a4-4c1e-9a55-1d8f0e2b7c11';
const WORKSPACE_ID = '0b8e4f1a-2c3d-4e5f-8a9b-0c1d2e3f4a5b';
const TENANT_ID = '9d3f6b2e-1a4c-4f8e-b7d5-3c2a1e0f9b8d';
const USER_ID = '4c8a2f6e-9b1d-4e3a-8f7c-2d5b6a1e0c9f';
const NOW = '2026-11-21T10:00:00.000Z';
const api = testClient();

function expectRequest(seen: Seen[], method: string, url: string) {
  expect(seen).toHaveLength(1);
  expect(seen[0]?.method).toBe(method);
  expect(seen[0]?.url.href).toBe(url);
}

const emptyPage = { pageNumber: 1, totalPages: 1, totalCount: 1, hasPreviousPage: false, hasNextPage: false };

describe('one typed call per controller', () => {
  it('Bookmarks: GET /api/bookmarks/data (unversioned)', async () => {
    const answer: Schema<'BookmarkData'> = {
      suggestions: [{ id: 1, title: 'Help', link: 'https://help.example.com', isBookmarked: false }],
      bookmarks: [],
    };
    const seen = replyJson(answer);
    const { data } = await api.GET('/api/bookmarks/data');
    expectRequest(seen, 'GET', `${API}/api/bookmarks/data`);
    expectTypeOf(data).toEqualTypeOf<Schema<'BookmarkData'>>();
    expect(data).toEqual(answer);
  });

  it('Chatbot: POST /Chatbot/GetMessage', async () => {
    const answer: Schema<'ChatResponse'> = { thread_id: 't-1', message: { role: 20, content: 'Hello.' } };
    const seen = replyJson(answer);
    const body: Schema<'ChatRequest'> = { query: 'Summarise the call', workspace_id: WORKSPACE_ID, messages: [] };
    const { data } = await api.POST('/api/v{version}/Chatbot/GetMessage', { body });
    expectRequest(seen, 'POST', `${API}/api/v1/Chatbot/GetMessage`);
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual(body);
    expect(seen[0]?.contentType).toBe('application/json');
    expectTypeOf(data).toEqualTypeOf<Schema<'ChatResponse'>>();
    expect(data.message.content).toBe('Hello.');
  });

  it('Document: PUT /Document/SaveDocumentChanges', async () => {
    const answer: Schema<'ResultOfSaveDocumentChangesResponse'> = {
      succeeded: true,
      errors: [],
      result: { unsavedPages: [] },
    };
    const seen = replyJson(answer);
    const { data } = await api.PUT('/api/v{version}/Document/SaveDocumentChanges', {
      body: { taskId: TASK_ID, workspaceId: WORKSPACE_ID, changes: {} },
    });
    expectRequest(seen, 'PUT', `${API}/api/v1/Document/SaveDocumentChanges`);
    expectTypeOf(data).toEqualTypeOf<Schema<'ResultOfSaveDocumentChangesResponse'>>();
    expect(data.result?.unsavedPages).toEqual([]);
  });

  it('HealthCheck: GET /HealthCheck on version 1.0', async () => {
    const seen = replyJson(true);
    const { data } = await api.GET('/api/v{version}/HealthCheck');
    expectRequest(seen, 'GET', `${API}/api/v1.0/HealthCheck`);
    expectTypeOf(data).toEqualTypeOf<boolean>();
    expect(data).toBe(true);
  });

  it('Server: GET /Server/Capabilities (the documented addition to the specification)', async () => {
    const seen = replyJson({ operations: ['HealthCheck_Get', 'Server_GetCapabilities'] });
    const { data } = await api.GET('/api/v{version}/Server/Capabilities');
    expectRequest(seen, 'GET', `${API}/api/v1/Server/Capabilities`);
    expectTypeOf(data).toEqualTypeOf<Schema<'ServerCapabilities'>>();
    expect(data.operations).toContain('Server_GetCapabilities');
  });

  it('Index: GET /Index/GetSummaryCostsInfo/{taskId}', async () => {
    const answer: Schema<'SummaryCost'> = { costsInCredits: 12.5, upToDate: true, indexedDate: NOW };
    const seen = replyJson(answer);
    const { data } = await api.GET('/api/v{version}/Index/GetSummaryCostsInfo/{taskId}', {
      params: { path: { taskId: TASK_ID } },
    });
    expectRequest(seen, 'GET', `${API}/api/v1/Index/GetSummaryCostsInfo/${TASK_ID}`);
    expectTypeOf(data).toEqualTypeOf<Schema<'SummaryCost'>>();
    expect(data.costsInCredits).toBe(12.5);
  });

  it('License: GET /License/Get', async () => {
    const answer: Schema<'License'> = {
      id: 'lic-1',
      tenantId: TENANT_ID,
      isTrial: true,
      volume: 1000,
      currentVolume: 10,
      expired: false,
      expirationDate: NOW,
    };
    const seen = replyJson(answer);
    const { data } = await api.GET('/api/v{version}/License/Get');
    expectRequest(seen, 'GET', `${API}/api/v1/License/Get`);
    expectTypeOf(data).toEqualTypeOf<Schema<'License'>>();
    expect(data.isTrial).toBe(true);
  });

  it('Notification: GET /Notification/NotificationConfig/{workspaceId}', async () => {
    const answer: Schema<'NotificationConfig'> = {
      language: 'en',
      events: [{ eventType: enumCodeOf('NotificationEvent', 'TaskReadyToReview'), configs: [] }],
    };
    const seen = replyJson(answer);
    const { data } = await api.GET('/api/v{version}/Notification/NotificationConfig/{workspaceId}', {
      params: { path: { workspaceId: WORKSPACE_ID } },
    });
    expectRequest(seen, 'GET', `${API}/api/v1/Notification/NotificationConfig/${WORKSPACE_ID}`);
    expectTypeOf(data).toEqualTypeOf<Schema<'NotificationConfig'>>();
    expect(data.events[0]?.eventType).toBe(10);
  });

  it('Pipeline: GET /Pipeline/{workspaceId}', async () => {
    const answer: Schema<'Pipeline'> = {
      pipelineId: 'p-1',
      workspaceId: WORKSPACE_ID,
      preProcessingStepIds: ['split'],
      recognizerStepId: 'ocr',
      postProcessingStepIds: [],
      integrationStepIds: [],
    };
    const seen = replyJson(answer);
    const { data } = await api.GET('/api/v{version}/Pipeline/{workspaceId}', {
      params: { path: { workspaceId: WORKSPACE_ID } },
    });
    expectRequest(seen, 'GET', `${API}/api/v1/Pipeline/${WORKSPACE_ID}`);
    expectTypeOf(data).toEqualTypeOf<Schema<'Pipeline'>>();
    expect(data.recognizerStepId).toBe('ocr');
  });

  it('SdBatch: POST /SdBatch/GetWithPagination/{workspaceId}', async () => {
    const answer: Schema<'PageOfBatch'> = {
      ...emptyPage,
      items: [
        {
          batchId: 'b-1',
          workspaceId: WORKSPACE_ID,
          displayName: 'November invoices',
          createdOn: NOW,
          totalTasks: 3,
          totalTasksInHistory: 0,
          isOpen: true,
          batchType: enumCodeOf('BatchType', 'Default'),
        },
      ],
    };
    const seen = replyJson(answer);
    const { data } = await api.POST('/api/v{version}/SdBatch/GetWithPagination/{workspaceId}', {
      params: { path: { workspaceId: WORKSPACE_ID } },
      body: { pageNumber: 1, pageSize: 20 },
    });
    expectRequest(seen, 'POST', `${API}/api/v1/SdBatch/GetWithPagination/${WORKSPACE_ID}`);
    expectTypeOf(data).toEqualTypeOf<Schema<'PageOfBatch'>>();
    expect(data.items[0]?.displayName).toBe('November invoices');
  });

  it('SdTask: POST /SdTask/GetWithPagination/{workspaceId}?inBatchesOnly', async () => {
    const answer: Schema<'PageOfTaskListItem'> = {
      ...emptyPage,
      items: [
        {
          id: TASK_ID,
          sequentialByWorkspaceId: 42,
          tenantId: TENANT_ID,
          workspaceId: WORKSPACE_ID,
          displayName: 'invoice-42.pdf',
          totalPages: 2,
          status: enumCodeOf('TaskStatus', 'ToReview'),
          createdOn: NOW,
          isSplitSourceTask: false,
          canBeReviewed: true,
          canBeExported: true,
          canBeDeleted: true,
          canBeReprocessed: false,
        },
      ],
    };
    const seen = replyJson(answer);
    const { data } = await api.POST('/api/v{version}/SdTask/GetWithPagination/{workspaceId}', {
      params: { path: { workspaceId: WORKSPACE_ID }, query: { inBatchesOnly: false } },
      body: { pageNumber: 1, pageSize: 20, sort: [] },
    });
    expectRequest(seen, 'POST', `${API}/api/v1/SdTask/GetWithPagination/${WORKSPACE_ID}?inBatchesOnly=false`);
    expectTypeOf(data).toEqualTypeOf<Schema<'PageOfTaskListItem'>>();
    expect(data.items[0]?.status).toBe(60);
  });

  it('SdTask: POST /SdTask/Import sends multipart form data with the file', async () => {
    const answer: Schema<'WebTaskCreationResult'> = {
      succeeded: true,
      result: { taskId: TASK_ID, displayName: 'scan.pdf' },
      errors: [],
    };
    const seen = replyJson(answer);
    const { data } = await api.POST('/api/v{version}/SdTask/Import', {
      body: {
        workspaceId: WORKSPACE_ID,
        displayName: 'scan.pdf',
        metadata: { source: 'test' },
        file: new File(['%PDF-1.7'], 'scan.pdf', { type: 'application/pdf' }),
      },
    });
    expectRequest(seen, 'POST', `${API}/api/v1/SdTask/Import`);
    expect(seen[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.body).toContain('name="file"; filename="scan.pdf"');
    expect(seen[0]?.body).toContain('%PDF-1.7');
    expect(seen[0]?.body).toContain('{"source":"test"}');
    expectTypeOf(data).toEqualTypeOf<Schema<'WebTaskCreationResult'>>();
    expect(data.result?.taskId).toBe(TASK_ID);
  });

  it('SdTaskShare: GET /SdTaskShare/GetShareTaskUrl?taskId', async () => {
    const answer: Schema<'ShareTaskResponse'> = { shareUrl: 'https://share.example.com/s/abc' };
    const seen = replyJson(answer);
    const { data } = await api.GET('/api/v{version}/SdTaskShare/GetShareTaskUrl', {
      params: { query: { taskId: TASK_ID } },
    });
    expectRequest(seen, 'GET', `${API}/api/v1/SdTaskShare/GetShareTaskUrl?taskId=${TASK_ID}`);
    expectTypeOf(data).toEqualTypeOf<Schema<'ShareTaskResponse'>>();
    expect(data.shareUrl).toBe('https://share.example.com/s/abc');
  });

  it('SdWorkspace: GET /SdWorkspace/UserWorkspaces?workspaceType', async () => {
    const answer: Schema<'WorkspaceMembership'>[] = [
      {
        userId: USER_ID,
        workspaceId: WORKSPACE_ID,
        roleId: 'r-1',
        userStatus: enumCodeOf('UserStatus', 'Active'),
        tenantId: TENANT_ID,
        workspaceName: 'Invoices',
        isDefault: true,
        isConfigured: true,
        taskType: 'Invoice',
        workspaceType: enumCodeOf('WorkspaceType', 'Standard'),
        templateType: enumCodeOf('TemplateType', 'BuiltIn'),
      },
    ];
    const seen = replyJson(answer);
    const { data } = await api.GET('/api/v{version}/SdWorkspace/UserWorkspaces', {
      params: { query: { workspaceType: enumCodeOf('WorkspaceType', 'Standard') } },
    });
    expectRequest(seen, 'GET', `${API}/api/v1/SdWorkspace/UserWorkspaces?workspaceType=10`);
    expectTypeOf(data).toEqualTypeOf<Schema<'WorkspaceMembership'>[]>();
    expect(data[0]?.workspaceName).toBe('Invoices');
  });

  it('SharePoint: GET /SharePoint/Items/{serviceName}?directoryPath', async () => {
    const answer: Schema<'StorageItem'>[] = [
      { id: 'i-1', name: 'Contracts', isFile: false, isFolder: true, folderPath: '/Shared Documents' },
    ];
    const seen = replyJson(answer);
    const { data } = await api.GET('/api/v{version}/SharePoint/Items/{serviceName}', {
      params: { path: { serviceName: 'contoso' }, query: { directoryPath: '/Shared Documents' } },
    });
    expectRequest(seen, 'GET', `${API}/api/v1/SharePoint/Items/contoso?directoryPath=%2FShared%20Documents`);
    expectTypeOf(data).toEqualTypeOf<Schema<'StorageItem'>[]>();
    expect(data[0]?.isFolder).toBe(true);
  });

  it('TemplateBuilder: GET /TemplateBuilder/fields/{workspaceId}', async () => {
    const answer: Schema<'TemplateBuilderField'>[] = [
      {
        uniqueId: 'f-1',
        categoryKey: 'InvoiceTotal',
        displayName: 'Invoice total',
        fieldConfig: { type: enumCodeOf('FieldTypeCode', 'NumberCurrency'), isRequired: true },
        workspaceId: WORKSPACE_ID,
      },
    ];
    const seen = replyJson(answer);
    const { data } = await api.GET('/api/v{version}/TemplateBuilder/fields/{workspaceId}', {
      params: { path: { workspaceId: WORKSPACE_ID } },
    });
    expectRequest(seen, 'GET', `${API}/api/v1/TemplateBuilder/fields/${WORKSPACE_ID}`);
    expectTypeOf(data).toEqualTypeOf<Schema<'TemplateBuilderField'>[]>();
    expect(data[0]?.fieldConfig.type).toBe(101);
  });

  it('Tenant: GET /Tenant/GetCurrentSession', async () => {
    const role: Schema<'Role'> = {
      id: 'r-1',
      name: 'Manager',
      order: 30,
      tenantSelectable: true,
      hidden: false,
      superUser: false,
    };
    const answer: Schema<'TenantSession'> = {
      tenant: { id: TENANT_ID, code: 'acme', name: 'ACME' },
      userId: USER_ID,
      userName: 'ana',
      email: 'ana@example.com',
      role,
      impersonateRole: null,
      abilitiesRoleId: role.id,
      isTenantOwner: false,
      isDefault: true,
    };
    const seen = replyJson(answer);
    const { data } = await api.GET('/api/v{version}/Tenant/GetCurrentSession');
    expectRequest(seen, 'GET', `${API}/api/v1/Tenant/GetCurrentSession`);
    expectTypeOf(data).toEqualTypeOf<Schema<'TenantSession'>>();
    expect(data.tenant.code).toBe('acme');
  });

  it('Transcript: GET /Transcript/PredefinedSpeakers/{workspaceId}', async () => {
    const answer: Schema<'Speaker'>[] = [{ speakerId: 's-1', speakerName: 'Interviewer', isDefault: true }];
    const seen = replyJson(answer);
    const { data } = await api.GET('/api/v{version}/Transcript/PredefinedSpeakers/{workspaceId}', {
      params: { path: { workspaceId: WORKSPACE_ID } },
    });
    expectRequest(seen, 'GET', `${API}/api/v1/Transcript/PredefinedSpeakers/${WORKSPACE_ID}`);
    expectTypeOf(data).toEqualTypeOf<Schema<'Speaker'>[]>();
    expect(data[0]?.speakerName).toBe('Interviewer');
  });

  it('User: POST /User/GetCurrentUser', async () => {
    const answer: Schema<'CurrentUser'> = {
      email: 'ana@example.com',
      name: 'Ana',
      userName: 'ana',
      role: 'Reviewer',
      roleId: 'r-5',
      impersonateRoleId: null,
      contact: null,
      emailConfirmed: true,
      hasPassword: true,
      userId: USER_ID,
      profilePicture: null,
    };
    const seen = replyJson(answer);
    const { data } = await api.POST('/api/v{version}/User/GetCurrentUser');
    expectRequest(seen, 'POST', `${API}/api/v1/User/GetCurrentUser`);
    expectTypeOf(data).toEqualTypeOf<Schema<'CurrentUser'>>();
    expect(data.role).toBe('Reviewer');
  });

  it('Viewer: POST /Viewer/Checkout', async () => {
    const answer: Schema<'ResultOfCheckoutResult'> = {
      succeeded: true,
      errors: [],
      result: { taskId: TASK_ID, checkedOutBy: USER_ID, until: NOW, checkoutExpireMinutes: 15 },
    };
    const seen = replyJson(answer);
    const { data } = await api.POST('/api/v{version}/Viewer/Checkout', {
      body: { taskId: TASK_ID, workspaceId: WORKSPACE_ID },
    });
    expectRequest(seen, 'POST', `${API}/api/v1/Viewer/Checkout`);
    expectTypeOf(data).toEqualTypeOf<Schema<'ResultOfCheckoutResult'>>();
    expect(data.result?.checkoutExpireMinutes).toBe(15);
  });

  it('covers every controller of the contract', () => {
    const tested = [
      'Bookmarks',
      'Chatbot',
      'Document',
      'Health',
      'Index',
      'License',
      'Notification',
      'Pipeline',
      'SdBatch',
      'SdTask',
      'SdTaskShare',
      'SdWorkspace',
      'Server',
      'SharePoint',
      'TemplateBuilder',
      'Tenant',
      'Transcript',
      'User',
      'Viewer',
    ];
    const tags = new Set(Object.values(apiOperations).map((operation) => operation.tag));
    expect([...tags].sort()).toEqual([...tested].sort());
  });
});

describe('calls by operationId', () => {
  it('resolve the method and path from the contract', async () => {
    const seen = replyJson({ stub: true });
    await api.call('SdTask_GetById', { params: { path: { id: TASK_ID } } });
    expectRequest(seen, 'GET', `${API}/api/v1/SdTask/${TASK_ID}`);
  });

  it('type the answer like the path call', async () => {
    replyJson(true);
    const { data } = await api.call('HealthCheck_Get');
    expectTypeOf(data).toEqualTypeOf<boolean>();
  });

  it('reject an unknown operationId', async () => {
    await expect(api.call('Nope_Nope' as never)).rejects.toThrow("Unknown operation 'Nope_Nope'.");
  });
});
