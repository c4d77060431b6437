/**
 * Resumable uploads of one import dialog (tus, spec §5: chunks of 99,614,720 bytes).
 *
 * - Survives a dropped connection: failures while online are retried with back-off; while the
 *   browser is offline the upload waits (status `offline`) and restarts as soon as the browser
 *   reports it is back online; tus asks the server for the offset (HEAD) and continues there.
 * - Survives a page reload: the upload URL is stored under the file's fingerprint (name, type,
 *   size, date, endpoint) in localStorage; picking the same file again resumes it.
 * - When the bytes are in, the upload becomes a task through SdTask/Process with its uploadId.
 *
 * One zustand store per dialog mount; `dispose()` aborts what is still running (without
 * deleting it on the server, so it stays resumable).
 */
import { type ApiClient, isApiError, UPLOAD_CHUNK_SIZE_BYTES } from '@reviewdesk/api-client';
import { type DetailedError, type HttpStack, Upload } from 'tus-js-client';

type UploadOptions = ConstructorParameters<typeof Upload>[1];
type UrlStorage = NonNullable<UploadOptions['urlStorage']>;
type FileReader = NonNullable<UploadOptions['fileReader']>;

import { createStore, type StoreApi } from 'zustand/vanilla';
import { checkFile, type FileProblem, type ImportRules } from '../model/fileChecks';

export type UploadStatus = 'ready' | 'invalid' | 'uploading' | 'paused' | 'offline' | 'creating' | 'done' | 'failed';

/** One file of the dialog and how its upload stands. */
export interface UploadEntry {
  id: string;
  file: File;
  status: UploadStatus;
  problem: FileProblem | null;
  bytesSent: number;
  /** Set when the task was created. */
  taskId?: string;
  /** What went wrong, as the server said it (English) or as the upload failed. */
  error?: string;
  /** The server's TaskErrorCode when it refused the task (shown in the person's language). */
  errorCode?: number;
}

/** What every file of one "Upload" click goes with. */
export interface UploadTarget {
  workspaceId: string;
  batchId: string | null;
  externalIds: Readonly<Record<string, string>>;
}

export interface UploadState {
  entries: readonly UploadEntry[];
  add(files: readonly File[], rules: ImportRules): void;
  /** Checks the files not sent yet again (the workspace's rules may arrive after the files). */
  recheck(rules: ImportRules): void;
  remove(id: string): void;
  start(target: UploadTarget): void;
  pause(id: string): void;
  resume(id: string): void;
  dispose(): void;
}

export type UploadStore = StoreApi<UploadState>;

export interface UploadStoreOptions {
  api: ApiClient;
  /** The tus endpoint. @default `${api.baseUrl}/files/` */
  endpoint?: string;
  /** The bearer token for /files (the API's token). */
  getAccessToken?: () => string | undefined | null | Promise<string | undefined | null>;
  /** Called when a task was created from an upload. */
  onTaskCreated?: (entry: { taskId: string; fileName: string }) => void;
  /** Back-off between retries of a failed request (ms). */
  retryDelays?: number[];
  /** The HTTP layer of tus-js-client (tests replace it). @default XMLHttpRequest */
  httpStack?: HttpStack;
  /** How tus reads the file. @default the browser's Blob reader */
  fileReader?: FileReader;
  /** Where upload URLs are remembered for resuming after a reload. @default localStorage */
  urlStorage?: UrlStorage;
  /** Window whose `online` event restarts uploads. @default globalThis.window */
  window?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

const nextId = () => `upload-${globalThis.crypto.randomUUID()}`;

/** Network trouble (a request went out and no answer came back) — worth waiting for, not fatal. */
function isNetworkError(error: unknown): boolean {
  const detailed = error as Partial<DetailedError>;
  if (!detailed.originalRequest) return false; // reading the file failed, or similar: retrying will not help
  return (detailed.originalResponse?.getStatus?.() ?? 0) === 0;
}

function serverMessage(error: unknown): string {
  const detailed = error as Partial<DetailedError>;
  const body = detailed.originalResponse?.getBody?.();
  if (body) {
    try {
      const parsed = JSON.parse(body) as { message?: string };
      if (parsed.message) return parsed.message;
    } catch {
      return body;
    }
  }
  return error instanceof Error ? error.message : String(error);
}

export function createUploadStore(options: UploadStoreOptions): UploadStore {
  const endpoint = options.endpoint ?? `${options.api.baseUrl}/files/`;
  const uploads = new Map<string, Upload>();
  const targets = new Map<string, UploadTarget>();
  const win = options.window === undefined ? (globalThis.window ?? null) : options.window;

  return createStore<UploadState>()((set, get) => {
    const patch = (id: string, change: Partial<UploadEntry>) =>
      set((s) => ({ entries: s.entries.map((e) => (e.id === id ? { ...e, ...change } : e)) }));
    const entry = (id: string) => get().entries.find((e) => e.id === id);

    /** Uploads whose bytes are all in; going back online retries only their task creation. */
    const uploaded = new Map<string, string>();
    const onOnline = () => {
      for (const e of get().entries) {
        if (e.status !== 'offline') continue;
        const url = uploaded.get(e.id);
        if (url) void createTask(e.id, url);
        else uploads.get(e.id)?.start();
      }
    };
    win?.addEventListener('online', onOnline);

    async function createTask(id: string, uploadUrl: string) {
      const current = entry(id);
      const target = targets.get(id);
      if (!current || !target) return;
      patch(id, { status: 'creating', bytesSent: current.file.size });
      const uploadId = uploadUrl.split('/').filter(Boolean).pop() ?? '';
      try {
        const externalId = target.externalIds[id]?.trim();
        const { data } = await options.api.POST('/api/v{version}/SdTask/Process', {
          body: {
            workspaceId: target.workspaceId,
            uploadId,
            displayName: current.file.name,
            batchId: target.batchId,
            ...(externalId ? { externalId } : {}),
            isImportedViaWeb: true,
          },
        });
        patch(id, { status: 'done', taskId: data.taskId });
        options.onTaskCreated?.({ taskId: data.taskId, fileName: current.file.name });
      } catch (error) {
        // No answer (offline, connection reset): the bytes are safe on the server; try again online.
        if (!isApiError(error) && (error instanceof TypeError || globalThis.navigator?.onLine === false)) {
          patch(id, { status: 'offline' });
          return;
        }
        const refusal = isApiError(error)
          ? (error.result as { errors?: { code?: unknown; message?: string }[] } | undefined)?.errors?.[0]
          : undefined;
        const message = isApiError(error) ? (refusal?.message ?? error.message) : String(error);
        const code = typeof refusal?.code === 'number' && refusal.code > 0 ? refusal.code : undefined;
        patch(id, { status: 'failed', error: message, errorCode: code });
      }
    }

    function begin(id: string) {
      const current = entry(id);
      if (!current) return;
      const target = targets.get(id);
      if (!target) return;
      const upload = new Upload(current.file, {
        endpoint,
        chunkSize: UPLOAD_CHUNK_SIZE_BYTES,
        retryDelays: options.retryDelays ?? [0, 1_000, 3_000, 5_000, 10_000, 20_000],
        storeFingerprintForResuming: true,
        ...(options.httpStack ? { httpStack: options.httpStack } : {}),
        ...(options.urlStorage ? { urlStorage: options.urlStorage } : {}),
        ...(options.fileReader ? { fileReader: options.fileReader } : {}),
        removeFingerprintOnSuccess: true,
        metadata: {
          filename: current.file.name,
          filetype: current.file.type || 'application/octet-stream',
          workspaceId: target.workspaceId,
        },
        // While the browser is offline, stop retrying at once and wait for its `online` event
        // (see onOnline): retries would only burn the back-off. Online, network failures and 5xx
        // are retried; 409/423 (the server still writing the dropped request) too; other 4xx are final.
        onShouldRetry: (error) => {
          if (globalThis.navigator?.onLine === false) return false;
          const status = error.originalResponse?.getStatus() ?? 0;
          return status === 0 || status >= 500 || status === 409 || status === 423;
        },
        onBeforeRequest: async (request) => {
          const token = await options.getAccessToken?.();
          if (token) request.setHeader('Authorization', `Bearer ${token}`);
        },
        onProgress: (bytesSent) => {
          const e = entry(id);
          if (e && e.status !== 'paused') patch(id, { status: 'uploading', bytesSent });
        },
        onSuccess: () => {
          uploaded.set(id, upload.url ?? '');
          void createTask(id, upload.url ?? '');
        },
        onError: (error) => {
          // Offline, anything may fail first (the token's silent renewal is a fetch too): wait.
          const offline = globalThis.navigator?.onLine === false || error instanceof TypeError;
          if (offline || isNetworkError(error)) patch(id, { status: 'offline' });
          else patch(id, { status: 'failed', error: serverMessage(error) });
        },
      });
      uploads.set(id, upload);
      patch(id, { status: 'uploading', error: undefined, errorCode: undefined });
      void upload.findPreviousUploads().then((previous) => {
        const last = previous[0];
        if (last) upload.resumeFromPreviousUpload(last);
        upload.start();
      });
    }

    return {
      entries: [],
      add: (files, rules) =>
        set((s) => ({
          entries: [
            ...s.entries,
            ...files.map((file) => {
              const problem = checkFile(file, rules);
              return {
                id: nextId(),
                file,
                problem,
                status: problem ? 'invalid' : 'ready',
                bytesSent: 0,
              } as UploadEntry;
            }),
          ],
        })),
      recheck: (rules) =>
        set((s) => {
          let changed = false;
          const entries = s.entries.map((e) => {
            if (e.status !== 'ready' && e.status !== 'invalid') return e;
            const problem = checkFile(e.file, rules);
            const status = problem ? 'invalid' : 'ready';
            if (status === e.status && problem?.kind === e.problem?.kind) return e;
            changed = true;
            return { ...e, problem, status } as UploadEntry;
          });
          // Unchanged: hand back the same state, so nobody re-renders.
          return changed ? { entries } : s;
        }),
      remove: (id) => {
        void uploads.get(id)?.abort();
        uploads.delete(id);
        set((s) => ({ entries: s.entries.filter((e) => e.id !== id) }));
      },
      start: (target) => {
        for (const e of get().entries) {
          if (e.status !== 'ready' && e.status !== 'failed') continue;
          targets.set(e.id, target);
          begin(e.id);
        }
      },
      pause: (id) => {
        void uploads.get(id)?.abort();
        patch(id, { status: 'paused' });
      },
      resume: (id) => {
        const upload = uploads.get(id);
        if (!upload) return;
        patch(id, { status: 'uploading' });
        upload.start();
      },
      dispose: () => {
        win?.removeEventListener('online', onOnline);
        for (const upload of uploads.values()) void upload.abort();
        uploads.clear();
      },
    };
  });
}
