// What the monitor remembers between runs, in `<folder>/.reviewdesk/state.json`: per content hash,
// the upload under way (its URL, so a restart resumes it) and the task it became (so the same
// content is never imported twice, whatever its name). Written to a temporary file and renamed,
// so a crash never leaves half a state.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface FileRecord {
  /** The file's name when it was first seen. */
  name: string;
  uploadUrl?: string;
  taskId?: string;
  importedOn?: string;
}

export class MonitorState {
  private readonly path: string;
  private records: Record<string, FileRecord>;

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    this.path = join(dir, 'state.json');
    try {
      this.records = JSON.parse(readFileSync(this.path, 'utf8')) as Record<string, FileRecord>;
    } catch {
      this.records = {};
    }
  }

  get(sha256: string): FileRecord | undefined {
    return this.records[sha256];
  }

  set(sha256: string, record: FileRecord): void {
    this.records[sha256] = record;
    const temporary = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.records, null, 2));
    renameSync(temporary, this.path);
  }
}
