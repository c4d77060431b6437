import { describe, expect, it } from 'vitest';
import { ArgumentError, apiOperations } from './index.js';
import { API, record, testClient } from './testing/server.js';

const TASK_ID = '6f1c2a4e-58a4-4c1e-9a55-1d8f0e2b7c11';
const WORKSPACE_ID = '0b8e4f1a-2c3d-4e5f-8a9b-0c1d2e3f4a5b';
const page = { pageNumber: 1, pageSize: 20 };

// Arguments are checked against the generated metadata; these casts stand for callers whose
// values the type system could not see (plain JavaScript, `any` from elsewhere).
type Loose = never;

describe('required arguments', () => {
  it('a missing path argument throws before any request', async () => {
    const seen = record();
    await expect(testClient().GET('/api/v{version}/SdTask/{id}', { params: { path: {} } } as Loose)).rejects.toThrow(
      "The parameter 'id' must be defined.",
    );
    expect(seen).toHaveLength(0);
  });

  it('a null path argument throws "cannot be null"', async () => {
    const seen = record();
    await expect(
      testClient().GET('/api/v{version}/SdTask/{id}', { params: { path: { id: null } } } as Loose),
    ).rejects.toThrow("The parameter 'id' cannot be null.");
    expect(seen).toHaveLength(0);
  });

  it('a missing required query argument throws', async () => {
    const seen = record();
    const call = testClient().POST('/api/v{version}/SdTask/GetWithPagination/{workspaceId}', {
      params: { path: { workspaceId: WORKSPACE_ID } },
      body: page,
    } as Loose);
    await expect(call).rejects.toThrow("The parameter 'inBatchesOnly' must be defined.");
    await expect(call).rejects.toBeInstanceOf(ArgumentError);
    expect(seen).toHaveLength(0);
  });

  it('a null query argument marked x-nullable: false throws', async () => {
    const seen = record();
    const error = await testClient()
      .POST('/api/v{version}/SdTask/GetWithPagination/{workspaceId}', {
        params: { path: { workspaceId: WORKSPACE_ID }, query: { inBatchesOnly: null } },
        body: page,
      } as Loose)
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ArgumentError);
    expect((error as ArgumentError).message).toBe("The parameter 'inBatchesOnly' cannot be null.");
    expect((error as ArgumentError).parameter).toBe('inBatchesOnly');
    expect(seen).toHaveLength(0);
  });

  it('a missing query argument named in PascalCase is reported by its contract name', async () => {
    await expect(
      testClient().GET('/api/v{version}/Document/PageAndOCR', {
        params: { query: { TaskId: TASK_ID, PageNumber: 1 } },
      } as Loose),
    ).rejects.toThrow("The parameter 'WorkspaceId' must be defined.");
  });

  it('is checked by query and mutation functions too', async () => {
    const seen = record();
    const api = testClient();
    const options = api.queryOptions('get', '/api/v{version}/SdTask/{id}', { params: { path: {} } } as Loose);
    await expect(
      options.queryFn({ queryKey: options.queryKey, signal: new AbortController().signal } as Loose),
    ).rejects.toThrow("The parameter 'id' must be defined.");
    expect(seen).toHaveLength(0);
  });
});

describe('arguments that may be empty', () => {
  it('a null nullable query argument is sent empty, not left out', async () => {
    const seen = record();
    await testClient().GET('/api/v{version}/Document/PageAndOCR', {
      params: { query: { TaskId: TASK_ID, ExternalId: null, WorkspaceId: WORKSPACE_ID, PageNumber: 2 } },
    });
    expect(seen[0]?.url.searchParams.get('ExternalId')).toBe('');
    expect(seen[0]?.url.searchParams.get('TaskId')).toBe(TASK_ID);
    expect(seen[0]?.url.searchParams.get('PageNumber')).toBe('2');
  });

  it('a required argument that may be null must still be given, and null is sent empty', async () => {
    const seen = record();
    const api = testClient();
    await expect(
      api.GET('/api/v{version}/SdTask/GetNextTask/{workspaceId}', {
        params: { path: { workspaceId: WORKSPACE_ID }, query: {} },
      } as Loose),
    ).rejects.toThrow("The parameter 'batchId' must be defined.");
    await api.GET('/api/v{version}/SdTask/GetNextTask/{workspaceId}', {
      params: { path: { workspaceId: WORKSPACE_ID }, query: { batchId: null } },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url.search).toBe('?batchId=');
  });

  it('optional arguments left out are not sent', async () => {
    const seen = record();
    await testClient().GET('/api/v{version}/Document/PageAndOCR', {
      params: { query: { TaskId: TASK_ID, WorkspaceId: WORKSPACE_ID, PageNumber: 2 } },
    });
    expect(seen[0]?.url.searchParams.has('ExternalId')).toBe(false);
    expect(seen[0]?.url.searchParams.has('FromHistory')).toBe(false);
  });
});

describe('the API version', () => {
  it('defaults to "1"', async () => {
    const seen = record();
    await testClient().GET('/api/v{version}/SdTask/{id}', { params: { path: { id: TASK_ID } } });
    expect(seen[0]?.url.href).toBe(`${API}/api/v1/SdTask/${TASK_ID}`);
  });

  it('defaults to "1.0" for HealthCheck and GetUserAuthDetails', async () => {
    const seen = record();
    const api = testClient();
    await api.GET('/api/v{version}/HealthCheck');
    await api.GET('/api/v{version}/User/GetUserAuthDetails');
    expect(seen.map((s) => s.url.pathname)).toEqual(['/api/v1.0/HealthCheck', '/api/v1.0/User/GetUserAuthDetails']);
  });

  it('comes from the contract', () => {
    expect(apiOperations.HealthCheck_Get.defaults).toEqual({ version: '1.0' });
    expect(apiOperations.User_GetUserAuthDetails.defaults).toEqual({ version: '1.0' });
    expect(apiOperations.SdTask_GetById.defaults).toEqual({ version: '1' });
    expect(apiOperations.Bookmarks_Data.defaults).toEqual({});
  });

  it('can still be given', async () => {
    const seen = record();
    await testClient().GET('/api/v{version}/SdTask/{id}', { params: { path: { id: TASK_ID, version: '2' } } });
    expect(seen[0]?.url.pathname).toBe(`/api/v2/SdTask/${TASK_ID}`);
  });

  it('leaves the caller’s init untouched', async () => {
    record();
    const init = { params: { path: { id: TASK_ID } } };
    await testClient().GET('/api/v{version}/SdTask/{id}', init);
    expect(init).toEqual({ params: { path: { id: TASK_ID } } });
  });
});
