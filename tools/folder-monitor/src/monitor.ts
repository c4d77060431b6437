// Watches one folder: every new file becomes a task of the workspace, once. A file is taken when
// its size and modification time held still between two scans (it is no longer being written).
// Its content hash decides whether it is new: content imported before is not imported again,
// whatever its name. The upload is resumable: its URL is remembered before the first byte, so after
// a dropped connection or a restart the next scan asks the server how much arrived and continues
// there. The task's id derives from the workspace and the hash, so a run that stopped between
// creating the task and noting it finds the task on the server instead of making a second one.
// Then the file moves to processed/ (with a note of its task) or, when the server refuses it (type,
// size, workspace), to failed/ with the reason. Network trouble leaves the file where it is for
// the next scan. With `recursive`, files in sub-folders are taken too, and keep their sub-folder
// under processed/ and failed/ (`2026/March/a.pdf` → `processed/2026/March/a.pdf`).
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, dirname, extname, join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { RefusedError, type ReviewdeskClient } from './client.js';
import { MonitorState } from './state.js';

export const STATE_DIR = '.reviewdesk';
export const PROCESSED_DIR = 'processed';
export const FAILED_DIR = 'failed';

export interface MonitorOptions {
  folder: string;
  workspaceId: string;
  client: ReviewdeskClient;
  /** Also the files of sub-folders (not processed/, failed/ or hidden ones). */
  recursive?: boolean;
  log?: (line: string) => void;
}

export type Outcome =
  | { file: string; result: 'imported'; taskId: string }
  | { file: string; result: 'duplicate'; taskId: string }
  | { file: string; result: 'failed'; reason: string }
  | { file: string; result: 'retry'; reason: string };

/** Files that are still being written by common programs, or are not the user's. */
const IGNORED = /^(\.|~\$)|\.(part|partial|tmp|crdownload|download)$/i;

/** Whether a path relative to the watched folder is the monitor's own (its state, its sorted files). */
export function isOwnPath(path: string): boolean {
  const top = path.split(/[\\/]/)[0] ?? '';
  return top === STATE_DIR || top === PROCESSED_DIR || top === FAILED_DIR;
}

/** A uuid from the workspace and the content (the same file in the same workspace is the same task). */
export function taskIdOf(workspaceId: string, sha256: string): string {
  const hex = createHash('sha256').update(`${workspaceId}:${sha256}`).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/** `name` in `dir`, or `name (2).ext`, … when taken. */
function freeName(dir: string, name: string): string {
  const ext = extname(name);
  const stem = name.slice(0, name.length - ext.length);
  let candidate = name;
  for (let n = 2; existsSync(join(dir, candidate)); n++) candidate = `${stem} (${n})${ext}`;
  return candidate;
}

export class FolderMonitor {
  private readonly state: MonitorState;
  private readonly sizes = new Map<string, string>();
  private readonly log: (line: string) => void;

  constructor(private readonly options: MonitorOptions) {
    this.state = new MonitorState(join(options.folder, STATE_DIR));
    this.log = options.log ?? (() => undefined);
    mkdirSync(join(options.folder, PROCESSED_DIR), { recursive: true });
    mkdirSync(join(options.folder, FAILED_DIR), { recursive: true });
  }

  /** One look at the folder: handles every file that held still since the last look. */
  async scan(): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    const present = new Set<string>();
    for (const name of this.files()) {
      present.add(name);
      const stat = statSync(join(this.options.folder, name));
      const signature = `${stat.size}:${stat.mtimeMs}`;
      const before = this.sizes.get(name);
      this.sizes.set(name, signature);
      if (before !== signature) continue;
      const outcome = await this.take(name, stat.size);
      this.log(
        `${outcome.file}: ${outcome.result}${'taskId' in outcome ? ` (task ${outcome.taskId})` : ''}${'reason' in outcome ? ` - ${outcome.reason}` : ''}`,
      );
      if (outcome.result !== 'retry') this.sizes.delete(name);
      outcomes.push(outcome);
    }
    for (const name of this.sizes.keys()) if (!present.has(name)) this.sizes.delete(name);
    return outcomes;
  }

  /** Files seen but not yet taken (still settling, or waiting to be tried again). */
  get pending(): number {
    return this.sizes.size;
  }

  /** The candidate files, as paths relative to the folder (with `/` on every system). */
  private files(): string[] {
    const found: string[] = [];
    const visit = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (IGNORED.test(entry.name)) continue;
        const path = join(dir, entry.name);
        const rel = relative(this.options.folder, path).split(sep).join('/');
        if (entry.isFile()) found.push(rel);
        else if (entry.isDirectory() && this.options.recursive && !isOwnPath(rel)) visit(path);
      }
    };
    visit(this.options.folder);
    return found;
  }

  private async take(name: string, size: number): Promise<Outcome> {
    const path = join(this.options.folder, name);
    const sha256 = await sha256Of(path);
    const known = this.state.get(sha256);
    if (known?.taskId) {
      this.moveTo(PROCESSED_DIR, name, {
        taskId: known.taskId,
        sha256,
        note: `The same content was imported before as ${known.name}.`,
      });
      return { file: name, result: 'duplicate', taskId: known.taskId };
    }
    const { client, workspaceId } = this.options;
    const taskId = taskIdOf(workspaceId, sha256);
    try {
      let uploadUrl = known?.uploadUrl;
      let offset = uploadUrl ? await client.uploadOffset(uploadUrl) : null;
      if (!uploadUrl || offset === null) {
        uploadUrl = await client.createUpload(workspaceId, basename(name), size);
        offset = 0;
        this.state.set(sha256, { name, uploadUrl });
      }
      const file = await open(path, 'r');
      try {
        while (offset < size) {
          const chunk = Buffer.alloc(Math.min(client.chunkSize, size - offset));
          const { bytesRead } = await file.read(chunk, 0, chunk.length, offset);
          offset = await client.sendChunk(uploadUrl, offset, chunk.subarray(0, bytesRead));
        }
      } finally {
        await file.close();
      }
      const made = await client.createTask(workspaceId, uploadUrl, basename(name), taskId);
      this.state.set(sha256, { name, taskId, importedOn: new Date().toISOString() });
      this.moveTo(PROCESSED_DIR, name, { taskId, sha256, note: made ? 'Imported.' : 'Imported by an earlier run.' });
      return { file: name, result: 'imported', taskId };
    } catch (error) {
      if (error instanceof RefusedError) {
        // Refused for good; a new upload is needed should the same content come again.
        this.state.set(sha256, { name });
        this.moveTo(FAILED_DIR, name, { sha256, reason: error.message, code: error.code });
        return { file: name, result: 'failed', reason: error.message };
      }
      return { file: name, result: 'retry', reason: (error as Error).message };
    }
  }

  /** Moves the file into `dir` next to a note (`<name>.reviewdesk.json`) that says what happened. */
  private moveTo(dir: string, name: string, note: Record<string, unknown>) {
    const target = join(this.options.folder, dir, dirname(name));
    mkdirSync(target, { recursive: true });
    const moved = freeName(target, basename(name));
    renameSync(join(this.options.folder, name), join(target, moved));
    writeFileSync(
      join(target, `${moved}.reviewdesk.json`),
      `${JSON.stringify({ file: name, on: new Date().toISOString(), ...note }, null, 2)}\n`,
    );
  }
}
