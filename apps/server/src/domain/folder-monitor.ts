// The folder monitor people download (tools/folder-monitor, built into one script): where it is
// served, and whether this server has it. It holds no secret — the user gives it their tenant API
// secret — so the download itself is public; the permission Task.DownloadFolderMonitor decides who
// is offered it.
import { existsSync } from 'node:fs';
import type { ServerConfig } from '../config.js';
import { invalid } from './errors.js';

export const FOLDER_MONITOR_PATH = '/downloads/reviewdesk-folder-monitor.mjs';

/** The download URL; a clear refusal when the program was not built on this server. */
export function folderMonitorUrl(config: Pick<ServerConfig, 'origin' | 'folderMonitorFile'>): string {
  if (!existsSync(config.folderMonitorFile)) {
    throw invalid(
      'The folder monitor is not built on this server: run `pnpm run build` (or `pnpm --filter @reviewdesk/folder-monitor run build`).',
    );
  }
  return `${config.origin}${FOLDER_MONITOR_PATH}`;
}
