import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError, isApiError, type Schema, SERVER_SIDE_ERROR_MESSAGE, UNEXPECTED_ERROR_MESSAGE } from './index.js';
import { record, testClient } from './testing/server.js';

const TASK_ID = '6f1c2a4e-58a4-4c1e-9a55-1d8f0e2b7c11';
const WORKSPACE_ID = '0b8e4f1a-2c3d-4e5f-8a9b-0c1d2e3f4a5b';

/** Runs a call that must fail and returns its error. */
async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (reason: unknown) => reason,
  );
  expect(isApiError(error)).toBe(true);
  return error as ApiError;
}

const getTask = () => testClient().GET('/api/v{version}/SdTask/{id}', { params: { path: { id: TASK_ID } } });

const errorBody: Schema<'ErrorResponse'> = {
  status: 500,
  message: 'Database unavailable',
  errors: [{ code: 0, message: 'timeout' }],
};

describe('answers other than 200, 204 (and 206 for files)', () => {
  it('throw ApiError with status, response text, headers and the parsed result', async () => {
    record(() => HttpResponse.json(errorBody, { status: 500, headers: { 'X-Trace': 'abc' } }));
    const error = await failure(getTask());
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(error.status).toBe(500);
    expect(error.response).toBe(JSON.stringify(errorBody));
    expect(error.headers['x-trace']).toBe('abc');
    expect(error.headers['content-type']).toContain('application/json');
    expect(error.result).toEqual(errorBody);
    expect(error.operationId).toBe('SdTask_GetById');
  });

  it('keep a body that is not JSON as text', async () => {
    record(() => new HttpResponse('<h1>Bad gateway</h1>', { status: 502, headers: { 'Content-Type': 'text/html' } }));
    const error = await failure(getTask());
    expect(error.status).toBe(502);
    expect(error.response).toBe('<h1>Bad gateway</h1>');
    expect(error.result).toBe('<h1>Bad gateway</h1>');
  });

  it('give a null result for an empty body', async () => {
    record(() => new HttpResponse(null, { status: 404 }));
    const error = await failure(getTask());
    expect(error.message).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(error.status).toBe(404);
    expect(error.response).toBe('');
    expect(error.result).toBeNull();
  });

  it('include other 2xx statuses, which the specification does not count as success', async () => {
    record(() => HttpResponse.json({}, { status: 201 }));
    expect((await failure(getTask())).status).toBe(201);
  });

  it('include 206 for a call that is not a file call', async () => {
    record(() => HttpResponse.json({}, { status: 206 }));
    expect((await failure(getTask())).status).toBe(206);
  });

  it('accept 206 for a file call', async () => {
    record(() => new HttpResponse(new Blob(['%PDF']), { status: 206, headers: { 'Content-Type': 'application/pdf' } }));
    const { data, response } = await testClient().GET('/api/v{version}/Document/PageDocument', {
      params: { query: { TaskId: TASK_ID, WorkspaceId: WORKSPACE_ID, PageNumber: 1 } },
    });
    expect(response.status).toBe(206);
    expect(data.contentType).toBe('application/pdf');
    expect(await data.blob.text()).toBe('%PDF');
  });

  it('accept 204 as success without data', async () => {
    record(() => new HttpResponse(null, { status: 204 }));
    const { data, response } = await testClient().DELETE('/api/v{version}/SdTask/DeleteTask/{id}', {
      params: { path: { id: TASK_ID } },
    });
    expect(response.status).toBe(204);
    expect(data).toBeUndefined();
  });
});

describe('Import and Process', () => {
  const structured: Schema<'ErrorResponse'> = {
    status: 400,
    message: 'The task could not be created.',
    errors: [{ code: 13, message: 'MaximumFileSize' }],
  };

  it('raise "A server side error occurred." with the structured body on 400 (Process)', async () => {
    record(() => HttpResponse.json(structured, { status: 400 }));
    const error = await failure(
      testClient().POST('/api/v{version}/SdTask/Process', {
        body: { workspaceId: WORKSPACE_ID, url: 'https://files.example.com/a.pdf' },
      }),
    );
    expect(error.message).toBe(SERVER_SIDE_ERROR_MESSAGE);
    expect(error.status).toBe(400);
    expect(error.result).toEqual(structured);
    expect(error.operationId).toBe('SdTask_Process');
  });

  it('raise "A server side error occurred." with the structured body on 400 (Import)', async () => {
    record(() => HttpResponse.json(structured, { status: 400 }));
    const error = await failure(
      testClient().POST('/api/v{version}/SdTask/Import', {
        body: { workspaceId: WORKSPACE_ID, file: new Blob(['%PDF'], { type: 'application/pdf' }) },
      }),
    );
    expect(error.message).toBe(SERVER_SIDE_ERROR_MESSAGE);
    expect(error.result).toEqual(structured);
  });

  it('keep the general message for their other failures', async () => {
    record(() => HttpResponse.json(structured, { status: 500 }));
    const error = await failure(
      testClient().POST('/api/v{version}/SdTask/Process', { body: { workspaceId: WORKSPACE_ID } }),
    );
    expect(error.message).toBe(UNEXPECTED_ERROR_MESSAGE);
  });

  it('is specific to them: a 400 elsewhere is unexpected', async () => {
    record(() => HttpResponse.json(structured, { status: 400 }));
    const error = await failure(
      testClient().PATCH('/api/v{version}/Tenant/ChangeTenant', { params: { query: { tenantId: WORKSPACE_ID } } }),
    );
    expect(error.message).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(error.result).toEqual(structured);
  });
});

describe('isApiError', () => {
  it('recognises errors of another copy of the package by name and status', () => {
    const foreign = Object.assign(new Error(UNEXPECTED_ERROR_MESSAGE), { name: 'ApiError', status: 500 });
    expect(isApiError(foreign)).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError({ name: 'ApiError', status: 500 })).toBe(false);
  });
});
