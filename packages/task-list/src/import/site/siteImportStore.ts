/**
 * The files of a file-sharing site chosen in one import dialog, and how their import stands. The
 * server fetches each file itself: a task is created through SdTask/Process with the connection
 * and the item in its context (`driveServiceName`, `sharePointItemId`), so no byte passes through
 * the browser. Files go one after another — each is a download on the server — and a refusal
 * (too large, a type the content betrays) stays on its row with the server's error to show.
 *
 * One zustand store per dialog mount; `dispose()` stops starting further files.
 */
import type { ApiClient, Schema } from '@reviewdesk/api-client';
import { storageItemPath } from '@reviewdesk/ui';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { checkFileType, type FileProblem, type ImportRules } from '../../model/fileChecks';

export type SiteFileStatus = 'ready' | 'invalid' | 'importing' | 'done' | 'failed';

/** One chosen file of the site. */
export interface SiteFileEntry {
  /** The item's id on the connection (what the server downloads). */
  id: string;
  name: string;
  /** Its path on the site, `/Invoices/March.pdf`. */
  path: string;
  status: SiteFileStatus;
  /** Why the file cannot be imported, known before asking the server (its type). */
  problem: FileProblem | null;
  /** What the server answered when it refused the file (an ApiCallError), for a translated message. */
  error?: unknown;
  taskId?: string;
}

/** What every file of one "Import" click goes with. */
export interface SiteImportTarget {
  workspaceId: string;
  serviceName: string;
  batchId: string | null;
  /** External ids by item id, when the workspace requires them. */
  externalIds: Readonly<Record<string, string>>;
}

export interface SiteImportState {
  entries: readonly SiteFileEntry[];
  /** Adds files (items that are folders are left out; a file chosen already stays as it is). */
  choose(items: readonly Schema<'StorageItem'>[], rules: ImportRules): void;
  /** Takes files off the list (those not being imported or imported). */
  unchoose(ids: readonly string[]): void;
  /** Checks the files not sent yet again (the workspace's rules may arrive after the choice). */
  recheck(rules: ImportRules): void;
  /** Imports every file that is ready or failed; resolves when the last one has an answer. */
  start(target: SiteImportTarget): Promise<void>;
  dispose(): void;
}

export type SiteImportStore = StoreApi<SiteImportState>;

export interface SiteImportStoreOptions {
  api: ApiClient;
  /** Called when a task was created from a file of the site. */
  onTaskCreated?: (entry: { taskId: string; fileName: string }) => void;
}

const PENDING: readonly SiteFileStatus[] = ['ready', 'failed'];
const settled = (status: SiteFileStatus) => status === 'importing' || status === 'done';

export function createSiteImportStore(options: SiteImportStoreOptions): SiteImportStore {
  let disposed = false;
  return createStore<SiteImportState>()((set, get) => {
    const patch = (id: string, change: Partial<SiteFileEntry>) =>
      set((s) => ({ entries: s.entries.map((e) => (e.id === id ? { ...e, ...change } : e)) }));
    const checked = (entry: SiteFileEntry, rules: ImportRules): SiteFileEntry => {
      const problem = checkFileType(entry.name, rules);
      return { ...entry, problem, status: problem ? 'invalid' : 'ready', error: undefined };
    };

    async function importOne(entry: SiteFileEntry, target: SiteImportTarget) {
      patch(entry.id, { status: 'importing', error: undefined });
      const externalId = target.externalIds[entry.id]?.trim();
      try {
        const { data } = await options.api.POST('/api/v{version}/SdTask/Process', {
          body: {
            workspaceId: target.workspaceId,
            displayName: entry.name,
            batchId: target.batchId,
            ...(externalId ? { externalId } : {}),
            isImportedViaWeb: true,
            context: { driveServiceName: target.serviceName, sharePointItemId: entry.id },
          },
        });
        patch(entry.id, { status: 'done', taskId: data.taskId });
        options.onTaskCreated?.({ taskId: data.taskId, fileName: entry.name });
      } catch (error) {
        patch(entry.id, { status: 'failed', error });
      }
    }

    return {
      entries: [],
      choose(items, rules) {
        const known = new Set(get().entries.map((e) => e.id));
        const added = items
          .filter((item) => item.isFile && !known.has(item.id))
          .map((item) =>
            checked(
              { id: item.id, name: item.name, path: storageItemPath(item), status: 'ready', problem: null },
              rules,
            ),
          );
        if (added.length > 0) set((s) => ({ entries: [...s.entries, ...added] }));
      },
      unchoose(ids) {
        const gone = new Set(ids);
        set((s) => ({ entries: s.entries.filter((e) => !gone.has(e.id) || settled(e.status)) }));
      },
      recheck(rules) {
        set((s) => ({
          entries: s.entries.map((e) => (e.status === 'ready' || e.status === 'invalid' ? checked(e, rules) : e)),
        }));
      },
      async start(target) {
        const queue = get().entries.filter((e) => PENDING.includes(e.status));
        for (const entry of queue) {
          if (disposed) return;
          await importOne(entry, target);
        }
      },
      dispose() {
        disposed = true;
      },
    };
  });
}
