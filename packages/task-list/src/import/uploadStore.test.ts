import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';
import { describe, expect, it } from 'vitest';
import { createFakeServer, WORKSPACE_ID } from '../test/fakeApi';
import { createUploadStore } from './uploadStore';

/**
 * An in-memory tus server behind tus-js-client's HttpStack seam: POST creates, HEAD tells the
 * offset, PATCH appends. `dropNextPatch` makes the next PATCH store half its bytes and then fail
 * like a lost connection (status 0), as the real server keeps what arrived.
 */
function fakeTus() {
  const uploads = new Map<string, { length: number; offset: number; auth?: string }>();
  const state = { dropNextPatch: false, requests: [] as string[] };
  const response = (status: number, headers: Record<string, string> = {}): HttpResponse => ({
    getStatus: () => status,
    getHeader: (name) => headers[name.toLowerCase()],
    getBody: () => '',
    getUnderlyingObject: () => null,
  });
  const stack: HttpStack = {
    getName: () => 'fake',
    createRequest(method, url): HttpRequest {
      const headers: Record<string, string> = {};
      let onProgress: (sent: number) => void = () => {};
      return {
        getMethod: () => method,
        getURL: () => url,
        setHeader: (name, value) => {
          headers[name.toLowerCase()] = value;
        },
        getHeader: (name) => headers[name.toLowerCase()],
        setProgressHandler: (handler) => {
          onProgress = handler;
        },
        abort: async () => {},
        getUnderlyingObject: () => null,
        async send(body) {
          state.requests.push(`${method} ${headers.authorization ?? '-'}`);
          const id = url.split('/').pop() ?? '';
          if (method === 'POST') {
            const newId = `u${uploads.size + 1}`;
            uploads.set(newId, { length: Number(headers['upload-length']), offset: 0, auth: headers.authorization });
            return response(201, { location: `http://reviewdesk.test/files/${newId}`, 'tus-resumable': '1.0.0' });
          }
          const upload = uploads.get(id);
          if (!upload) return response(404);
          if (method === 'HEAD') {
            return response(200, { 'upload-offset': String(upload.offset), 'upload-length': String(upload.length) });
          }
          const size = (body as Blob | undefined)?.size ?? 0;
          if (state.dropNextPatch) {
            state.dropNextPatch = false;
            upload.offset += Math.floor(size / 2);
            onProgress(Math.floor(size / 2));
            throw new Error('network down');
          }
          upload.offset += size;
          onProgress(size);
          return response(204, { 'upload-offset': String(upload.offset) });
        },
      };
    },
  };
  return { stack, state, uploads };
}

/** Reads Blobs by slicing (vitest resolves tus-js-client's Node build, whose reader wants Buffers). */
const blobReader = {
  async openFile(input: Blob) {
    return {
      size: input.size,
      slice: async (start: number, end: number) => ({ value: input.slice(start, end), done: end >= input.size }),
      close: () => {},
    };
  },
};

function memoryUrlStorage() {
  return {
    findAllUploads: async () => [],
    findUploadsByFingerprint: async () => [],
    removeUpload: async () => {},
    addUpload: async () => 'key',
  };
}

const rules = { maxFileSizeBytes: 1000, supportedFileTypes: ['.pdf'], externalIdRequired: false };
const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe('upload store', () => {
  it('checks files before uploading and says why one cannot go', () => {
    const server = createFakeServer([]);
    const store = createUploadStore({ api: server.api, window: null });
    store
      .getState()
      .add(
        [new File(['x'.repeat(2000)], 'big.pdf'), new File(['x'], 'notes.txt'), new File(['%PDF'], 'ok.pdf')],
        rules,
      );
    expect(store.getState().entries.map((e) => [e.file.name, e.status, e.problem?.kind ?? null])).toEqual([
      ['big.pdf', 'invalid', 'tooLarge'],
      ['notes.txt', 'invalid', 'wrongType'],
      ['ok.pdf', 'ready', null],
    ]);
  });

  it('checks files again when the workspace rules arrive after them', () => {
    const store = createUploadStore({ api: createFakeServer([]).api, window: null });
    store.getState().add([new File(['x'], 'notes.txt')], { ...rules, supportedFileTypes: [] });
    expect(store.getState().entries[0]?.status).toBe('ready');
    store.getState().recheck(rules);
    expect(store.getState().entries[0]).toMatchObject({ status: 'invalid', problem: { kind: 'wrongType' } });
    const before = store.getState();
    store.getState().recheck(rules);
    expect(store.getState()).toBe(before); // nothing changed: no new state, no re-render
  });

  it('waits out a dropped connection, resumes at the offset when back online, then creates the task', async () => {
    const server = createFakeServer([]);
    const tus = fakeTus();
    const events = new EventTarget();
    const created: string[] = [];
    const store = createUploadStore({
      api: server.api,
      httpStack: tus.stack,
      urlStorage: memoryUrlStorage(),
      fileReader: blobReader,
      retryDelays: [],
      getAccessToken: () => 'secret',
      window: events as unknown as Window,
      onTaskCreated: ({ fileName }) => created.push(fileName),
    });
    tus.state.dropNextPatch = true;
    store.getState().add([new File(['%PDF-1.7 0123456789'], 'scan.pdf', { type: 'application/pdf' })], rules);
    store.getState().start({ workspaceId: WORKSPACE_ID, batchId: null, externalIds: {} });

    await until(() => store.getState().entries[0]?.status === 'offline');
    expect(tus.uploads.get('u1')?.offset).toBeGreaterThan(0);

    events.dispatchEvent(new Event('online'));
    await until(() => store.getState().entries[0]?.status === 'done');
    expect(tus.uploads.get('u1')).toMatchObject({ offset: 19, length: 19, auth: 'Bearer secret' });
    // Resumed with HEAD (where does it stand?) and one more PATCH — not a second upload.
    expect(tus.state.requests.map((r) => r.split(' ')[0])).toEqual(['POST', 'PATCH', 'HEAD', 'PATCH']);
    const process = server.calls.find((c) => c.path.endsWith('/SdTask/Process'));
    expect(process?.body).toMatchObject({
      workspaceId: WORKSPACE_ID,
      uploadId: 'u1',
      displayName: 'scan.pdf',
      isImportedViaWeb: true,
    });
    expect(created).toEqual(['scan.pdf']);
    store.getState().dispose();
  });
});
