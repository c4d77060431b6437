// Builds the folder monitor (tools/folder-monitor) into one script as its `build` script does, for
// the server tests that offer it for download; the run's global setup builds it once.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../../src/config.js';

export const FOLDER_MONITOR_PACKAGE = join(repoRoot, 'tools', 'folder-monitor');

export function buildFolderMonitor(outfile: string): void {
  execFileSync(
    join(FOLDER_MONITOR_PACKAGE, 'node_modules', '.bin', 'esbuild'),
    [
      'src/cli.ts',
      '--bundle',
      '--platform=node',
      '--format=esm',
      '--target=node20',
      `--outfile=${outfile}`,
      '--log-level=warning',
    ],
    { cwd: FOLDER_MONITOR_PACKAGE },
  );
}
