import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { ApiError, type FileDownload, type Schema, UNEXPECTED_ERROR_MESSAGE } from './index.js';
import { record, replyJson, testClient } from './testing/server.js';

const TASK_ID = '6f1c2a4e-58a4-4c1e-9a55-1d8f0e2b7c11';
const WORKSPACE_ID = '0b8e4f1a-2c3d-4e5f-8a9b-0c1d2e3f4a5b';
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
afterEach(() => queryClient.clear());

describe('query keys', () => {
  it('are [method, path, init] with the API version filled in', () => {
    const api = testClient();
    const options = api.queryOptions('get', '/api/v{version}/SdTask/{id}', { params: { path: { id: TASK_ID } } });
    expect(options.queryKey).toEqual([
      'get',
      '/api/v{version}/SdTask/{id}',
      { params: { path: { id: TASK_ID, version: '1' } } },
    ]);
  });

  it('are the same whether the version is given or not', () => {
    const api = testClient();
    const implicit = api.queryKey('get', '/api/v{version}/SdTask/{id}', { params: { path: { id: TASK_ID } } });
    const explicit = api.queryKey('get', '/api/v{version}/SdTask/{id}', {
      params: { path: { id: TASK_ID, version: '1' } },
    });
    expect(implicit).toEqual(explicit);
  });

  it('hold the body of POST queries, so two pages are two entries', () => {
    const api = testClient();
    const path = '/api/v{version}/SdTask/GetWithPagination/{workspaceId}' as const;
    const init = (pageNumber: number) => ({
      params: { path: { workspaceId: WORKSPACE_ID }, query: { inBatchesOnly: false } },
      body: { pageNumber, pageSize: 20 },
    });
    const [, , first] = api.queryKey('post', path, init(1));
    expect(first).toEqual({
      params: { path: { workspaceId: WORKSPACE_ID, version: '1' }, query: { inBatchesOnly: false } },
      body: { pageNumber: 1, pageSize: 20 },
    });
    expect(api.queryKey('post', path, init(1))).not.toEqual(api.queryKey('post', path, init(2)));
  });

  it('always have three elements, so [method, path] prefixes every call of a path', () => {
    const api = testClient();
    expect(api.queryKey('get', '/api/bookmarks/data')).toEqual(['get', '/api/bookmarks/data', {}]);
    expect(api.queryOptions('get', '/api/v{version}/HealthCheck').queryKey).toEqual([
      'get',
      '/api/v{version}/HealthCheck',
      { params: { path: { version: '1.0' } } },
    ]);
  });

  it('are typed with the data and error of the call', () => {
    const api = testClient();
    const { queryKey } = api.queryOptions('get', '/api/v{version}/SdTask/{id}', { params: { path: { id: TASK_ID } } });
    queryClient.setQueryData(queryKey, undefined);
    expectTypeOf(queryClient.getQueryData(queryKey)).toEqualTypeOf<Schema<'Task'> | undefined>();
  });
});

describe('query options', () => {
  it('fetch through the client, with the token', async () => {
    const task = { stub: 'task' } as unknown as Schema<'Task'>;
    const seen = replyJson(task);
    const api = testClient();
    const data = await queryClient.fetchQuery(
      api.queryOptions('get', '/api/v{version}/SdTask/{id}', { params: { path: { id: TASK_ID } } }),
    );
    expect(data).toEqual(task);
    expect(seen[0]?.url.pathname).toBe(`/api/v1/SdTask/${TASK_ID}`);
    expect(seen[0]?.authorization).toBe('Bearer token-123');
    expectTypeOf(data).toEqualTypeOf<Schema<'Task'>>();
  });

  it('fail with ApiError', async () => {
    record(() => HttpResponse.json({ status: 500, message: 'x', errors: [] }, { status: 500 }));
    const api = testClient();
    const error = await queryClient
      .fetchQuery(api.queryOptions('get', '/api/v{version}/Chatbot/IsConfigured'))
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(UNEXPECTED_ERROR_MESSAGE);
  });

  it('cache a 204 answer as null', async () => {
    record(() => new HttpResponse(null, { status: 204 }));
    const api = testClient();
    await expect(
      queryClient.fetchQuery(api.queryOptions('get', '/api/v{version}/Chatbot/IsConfigured')),
    ).resolves.toBeNull();
  });

  it('cache file calls as downloads', async () => {
    record(
      () =>
        new HttpResponse(new Blob(['%PDF']), {
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'inline; filename="page-1.pdf"' },
        }),
    );
    const api = testClient();
    const file = await queryClient.fetchQuery(
      api.queryOptions('get', '/api/v{version}/Document/PageDocument', {
        params: { query: { TaskId: TASK_ID, WorkspaceId: WORKSPACE_ID, PageNumber: 1 } },
      }),
    );
    expectTypeOf(file).toEqualTypeOf<FileDownload>();
    expect(file.fileName).toBe('page-1.pdf');
  });

  it('pass the caller’s options through', () => {
    const api = testClient();
    const options = api.queryOptions('get', '/api/v{version}/Chatbot/IsConfigured', undefined, {
      staleTime: 5000,
      select: (configured) => (configured ? 'yes' : 'no'),
    });
    expect(options.staleTime).toBe(5000);
    expect(options.select?.(true)).toBe('yes');
  });
});

describe('mutation options', () => {
  it('are keyed [method, path] and send the variables as the call’s init', async () => {
    const seen = replyJson({ succeeded: true, errors: [] });
    const api = testClient();
    const options = api.mutationOptions('put', '/api/v{version}/SdTask/UpdateDisplayName/{taskId}');
    expect(options.mutationKey).toEqual(['put', '/api/v{version}/SdTask/UpdateDisplayName/{taskId}']);
    const observer = new MutationObserver(queryClient, options);
    await observer.mutate({ params: { path: { taskId: TASK_ID } }, body: { displayName: 'Renamed' } });
    expect(seen[0]?.method).toBe('PUT');
    expect(seen[0]?.url.pathname).toBe(`/api/v1/SdTask/UpdateDisplayName/${TASK_ID}`);
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ displayName: 'Renamed' });
  });

  it('reject with ApiError', async () => {
    record(() => HttpResponse.json({ status: 403, message: 'no', errors: [] }, { status: 403 }));
    const api = testClient();
    const options = api.mutationOptions('post', '/api/v{version}/Chatbot/GetMessage');
    await expect(options.mutationFn({ body: { query: 'hi', messages: [] } } as never)).rejects.toMatchObject({
      status: 403,
      message: UNEXPECTED_ERROR_MESSAGE,
    });
  });
});
