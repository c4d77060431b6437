// Type tests: the contract decides what compiles. Each `@ts-expect-error` must meet an error,
// otherwise tsc reports the directive as unused and the suite fails.
import { type QueryClient, useMutation, useQuery } from '@tanstack/react-query';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type ApiCallError,
  type ApiData,
  createApiClient,
  type EnumTextKey,
  type FileDownload,
  type Schema,
} from './index.js';

const api = createApiClient({ baseUrl: 'https://api.example.com', getAccessToken: () => 'token' });
const id = '6f1c2a4e-58a4-4c1e-9a55-1d8f0e2b7c11';

describe('paths', () => {
  it('accept contract paths for their own method only', () => {
    void api.GET('/api/v{version}/SdTask/{id}', { params: { path: { id } } });
    // @ts-expect-error a path the contract does not have
    void api.GET('/api/v{version}/SdTask/Nope/{id}', { params: { path: { id } } });
    // @ts-expect-error a concrete URL is not a contract path
    void api.GET('/api/v1/SdTask/123');
    // @ts-expect-error Process is a POST
    void api.GET('/api/v{version}/SdTask/Process');
    // @ts-expect-error a path the contract does not have, by method argument
    void api.request('get', '/api/v{version}/Nope');
    // @ts-expect-error an operationId the contract does not have
    void api.call('SdTask_Nope');
  });
});

describe('bodies', () => {
  it('must match the request schema', () => {
    void api.POST('/api/v{version}/Chatbot/GetMessage', { body: { query: 'hi', workspace_id: id } });
    // @ts-expect-error query must be a string
    void api.POST('/api/v{version}/Chatbot/GetMessage', { body: { query: 42, workspace_id: id } });
    // @ts-expect-error workspace_id is required
    void api.POST('/api/v{version}/Chatbot/GetMessage', { body: { query: 'hi' } });
    // @ts-expect-error the body is required
    void api.POST('/api/v{version}/Chatbot/GetMessage', {});
    void api.POST('/api/v{version}/Viewer/Checkout', {
      // @ts-expect-error taskId is a string
      body: { taskId: 7 },
    });
    void api.PUT('/api/v{version}/SdTask/UpdateDisplayName/{taskId}', {
      params: { path: { taskId: id } },
      // @ts-expect-error displayName must be a string
      body: { displayName: 1 },
    });
  });
});

describe('parameters', () => {
  it('require every path argument but the version', () => {
    void api.GET('/api/v{version}/SdTask/{id}', { params: { path: { id } } });
    // @ts-expect-error the init with the id is missing
    void api.GET('/api/v{version}/SdTask/{id}');
    // @ts-expect-error the id is missing
    void api.GET('/api/v{version}/SdTask/{id}', { params: { path: {} } });
    // @ts-expect-error the id is a string
    void api.GET('/api/v{version}/SdTask/{id}', { params: { path: { id: 42 } } });
    // @ts-expect-error the id may not be null
    void api.GET('/api/v{version}/SdTask/{id}', { params: { path: { id: null } } });
  });

  it('require required query arguments', () => {
    const path = '/api/v{version}/SdTask/GetWithPagination/{workspaceId}' as const;
    const body = { pageNumber: 1, pageSize: 20 };
    void api.POST(path, { params: { path: { workspaceId: id }, query: { inBatchesOnly: true } }, body });
    // @ts-expect-error inBatchesOnly is required
    void api.POST(path, { params: { path: { workspaceId: id } }, body });
    // @ts-expect-error inBatchesOnly may not be null
    void api.POST(path, { params: { path: { workspaceId: id }, query: { inBatchesOnly: null } }, body });
    // Nullable query arguments take null.
    void api.GET('/api/v{version}/Document/PageAndOCR', {
      params: { query: { TaskId: null, ExternalId: 'ext-1', WorkspaceId: id, PageNumber: 1 } },
    });
  });

  it('make the version optional, typed by the contract', () => {
    void api.GET('/api/v{version}/HealthCheck');
    void api.GET('/api/v{version}/HealthCheck', { params: { path: { version: '1.0' } } });
    // @ts-expect-error HealthCheck only exists in version 1.0
    void api.GET('/api/v{version}/HealthCheck', { params: { path: { version: '1' } } });
  });
});

describe('answers', () => {
  it('are the contract types, files are downloads, 204 is undefined', () => {
    expectTypeOf<ApiData<'/api/v{version}/SdTask/{id}', 'get'>>().toEqualTypeOf<Schema<'Task'>>();
    expectTypeOf<ApiData<'/api/v{version}/HealthCheck', 'get'>>().toEqualTypeOf<boolean>();
    expectTypeOf<ApiData<'/api/v{version}/Viewer/Export/{taskId}/{type}', 'post'>>().toEqualTypeOf<FileDownload>();
    expectTypeOf<ApiData<'/api/v{version}/User/DownloadPersonalData', 'post'>>().toEqualTypeOf<FileDownload>();
    expectTypeOf<ApiData<'/api/v{version}/SdTask/{id}', 'get', { parseAs: 'text' }>>().toEqualTypeOf<string>();
  });

  it('come from every way of calling', async () => {
    const byPath = await api.GET('/api/v{version}/SdTask/{id}', { params: { path: { id } } });
    const byRequest = await api.request('get', '/api/v{version}/SdTask/{id}', { params: { path: { id } } });
    const byId = await api.call('SdTask_GetById', { params: { path: { id } } });
    expectTypeOf(byPath.data).toEqualTypeOf<Schema<'Task'>>();
    expectTypeOf(byRequest.data).toEqualTypeOf<Schema<'Task'>>();
    expectTypeOf(byId.data).toEqualTypeOf<Schema<'Task'>>();
    expectTypeOf(byPath.response).toEqualTypeOf<Response>();
  });
});

describe('React Query', () => {
  it('queries are typed with the data and ApiError', () => {
    const task = useQuery(api.queryOptions('get', '/api/v{version}/SdTask/{id}', { params: { path: { id } } }));
    expectTypeOf(task.data).toEqualTypeOf<Schema<'Task'> | undefined>();
    expectTypeOf(task.error).toEqualTypeOf<ApiCallError | null>();
    const name = useQuery({
      ...api.queryOptions('get', '/api/v{version}/SdTask/{id}', { params: { path: { id } } }),
      select: (t) => t.displayName,
    });
    expectTypeOf(name.data).toEqualTypeOf<string | undefined>();
  });

  it('query options check paths and arguments like calls', () => {
    // @ts-expect-error a path the contract does not have
    api.queryOptions('get', '/api/v{version}/Nope');
    // @ts-expect-error the id is missing
    api.queryOptions('get', '/api/v{version}/SdTask/{id}', { params: { path: {} } });
    // @ts-expect-error the init with the id is missing
    api.queryOptions('get', '/api/v{version}/SdTask/{id}');
  });

  it('keys carry the data type for the query client', () => {
    const queryClient = {} as QueryClient;
    const key = api.queryKey('get', '/api/v{version}/SdTask/{id}', { params: { path: { id } } });
    expectTypeOf(key[0]).toEqualTypeOf<'get'>();
    expectTypeOf(key[1]).toEqualTypeOf<'/api/v{version}/SdTask/{id}'>();
    const { queryKey } = api.queryOptions('get', '/api/v{version}/HealthCheck');
    expectTypeOf(queryClient.getQueryData(queryKey)).toEqualTypeOf<boolean | undefined>();
  });

  it('mutations take the call’s init as variables', () => {
    const rename = useMutation(api.mutationOptions('put', '/api/v{version}/SdTask/UpdateDisplayName/{taskId}'));
    rename.mutate({ params: { path: { taskId: id } }, body: { displayName: 'New name' } });
    // @ts-expect-error displayName must be a string
    rename.mutate({ params: { path: { taskId: id } }, body: { displayName: 1 } });
    // @ts-expect-error the taskId is missing
    rename.mutate({ body: { displayName: 'New name' } });
    const process = useMutation(api.mutationOptions('post', '/api/v{version}/SdTask/Process'));
    expectTypeOf(process.data).toEqualTypeOf<Schema<'TaskCreationResult'> | undefined>();
    expectTypeOf(process.error).toEqualTypeOf<ApiCallError | null>();
  });
});

describe('enum text keys', () => {
  it('only name real members', () => {
    const key: EnumTextKey<'TaskStatus'> = 'taskStatus.ToReview';
    // @ts-expect-error not a TaskStatus member
    const wrong: EnumTextKey<'TaskStatus'> = 'taskStatus.Reviewing';
    void [key, wrong];
  });
});
