// reviewdesk-folder-monitor: watches a folder and imports every new file as a task of a workspace.
// Settings come from the command line or the environment (the secret preferably from the
// environment, so it does not show in the process list); see README.md.
import { parseArgs } from 'node:util';
import { ReviewdeskClient } from './client.js';
import { FolderMonitor } from './monitor.js';
import { Wake } from './wake.js';

const USAGE = `Usage: reviewdesk-folder-monitor --server <https://…> --workspace <workspace id> --folder <path>
  [--client-id <id>] [--interval <seconds, default 5>] [--recursive] [--once]
Environment: REVIEWDESK_SERVER, REVIEWDESK_WORKSPACE, REVIEWDESK_FOLDER, REVIEWDESK_CLIENT_ID,
REVIEWDESK_INTERVAL, REVIEWDESK_RECURSIVE=1, REVIEWDESK_CLIENT_SECRET (the tenant API secret; required).`;

const { values } = parseArgs({
  options: {
    server: { type: 'string' },
    workspace: { type: 'string' },
    folder: { type: 'string' },
    'client-id': { type: 'string' },
    interval: { type: 'string' },
    recursive: { type: 'boolean' },
    once: { type: 'boolean' },
    help: { type: 'boolean' },
  },
});
const env = process.env;
const server = values.server ?? env.REVIEWDESK_SERVER;
const workspaceId = values.workspace ?? env.REVIEWDESK_WORKSPACE;
const folder = values.folder ?? env.REVIEWDESK_FOLDER;
const clientId = values['client-id'] ?? env.REVIEWDESK_CLIENT_ID;
const clientSecret = env.REVIEWDESK_CLIENT_SECRET;
const intervalMs = Math.max(1, Number(values.interval ?? env.REVIEWDESK_INTERVAL ?? 5)) * 1000;
const recursive = values.recursive ?? env.REVIEWDESK_RECURSIVE === '1';
/** A file seen but still settling is looked at again this soon (it is taken once it held still). */
const SETTLING_MS = 1000;

if (values.help || !server || !workspaceId || !folder || !clientId || !clientSecret) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}

const monitor = new FolderMonitor({
  folder,
  workspaceId,
  client: new ReviewdeskClient({ server, clientId, clientSecret }),
  recursive,
  log: (line) => console.log(`${new Date().toISOString()} ${line}`),
});

const wake = new Wake(folder, recursive);
let stopped = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    stopped = true;
    wake.close();
  });
console.log(
  `Watching ${folder}${recursive ? ' and its sub-folders' : ''} for workspace ${workspaceId} on ${server} (${
    wake.watching ? 'on every change, and ' : ''
  }every ${intervalMs / 1000} s; Ctrl+C stops)`,
);
// Two scans at least: a file is taken once it held still between two of them.
do {
  try {
    await monitor.scan();
  } catch (error) {
    console.error(`${new Date().toISOString()} scan failed: ${(error as Error).message}`);
  }
  if (values.once && (await monitor.scan()).length >= 0) break;
  await wake.next(monitor.pending > 0 ? Math.min(SETTLING_MS, intervalMs) : intervalMs);
} while (!stopped);
wake.close();
