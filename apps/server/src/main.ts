// Starts the reference server: `pnpm --filter @reviewdesk/server run start` (and `npm start`).
import { buildServer } from './app.js';
import { loadConfig } from './config.js';
import { annotateDemoRecordingOnceRecognised } from './domain/demo-annotations.js';
import { seedDemoTasks } from './domain/demo-tasks.js';
import { importDomainOf } from './domain/workspaces/import-email.js';
import { startMailReceiver } from './inbound-mail/smtp-receiver.js';

const config = loadConfig();
// Request logs (JSON, one line per request) are for operators who ask for them with LOG_REQUESTS=true;
// a person who just ran `npm start` gets the few lines below.
const server = await buildServer(config, { logger: process.env.LOG_REQUESTS === 'true' });
await server.app.listen({ port: config.port, host: config.host });
let mailImportOff = 'off (set MAIL_IMPORT_PORT to receive mail at the import addresses)';
const mailReceiver =
  config.mailImportPort === undefined
    ? undefined
    : await startMailReceiver(server.services, {
        port: config.mailImportPort,
        host: config.mailImportHost,
        maxMessageBytes: config.mailImportMaxMessageBytes,
        onMessage: ({ outcome }) => {
          if (outcome) server.workers?.wake();
        },
        onError: (error) => console.error('mail import:', error),
      }).catch((error: Error) => {
        // The demo's default port may be taken by another program: the demo runs on without it.
        if (!config.mailImportPortIsDemoDefault) throw error;
        mailImportOff = `off (port ${config.mailImportPort} is busy: ${error.message}; set MAIL_IMPORT_PORT to another)`;
        return undefined;
      });
const demoTasks = config.seedDemoTasks ? await seedDemoTasks(server.services) : 0;
if (demoTasks > 0) server.workers?.wake();
// The demo recording's notes are written once the workers have recognised it.
const stopDemoAnnotations = config.seedDemoTasks ? annotateDemoRecordingOnceRecognised(server.services) : () => {};
console.log(`
Reviewdesk is running on ${config.origin}
  database: ${server.database.kind}${config.seedDemoData ? ', with demo data' : ''}${demoTasks > 0 ? ` (${demoTasks} demo files imported for processing)` : ''}
  mail import: ${mailReceiver ? `SMTP on ${config.mailImportHost}:${mailReceiver.port} for *@${importDomainOf(config.origin)} (each workspace's address is in its settings)` : mailImportOff}
  processing: ${server.workers ? `${server.workers.ids.length} worker(s) in this process` : 'no workers in this process (WORKERS=0 or no stages)'}
  sign in as administrator@demo.reviewdesk.test, password Reviewdesk-demo-1 (README.md lists every demo account)
  stop with Ctrl+C
`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopDemoAnnotations();
    void Promise.all([mailReceiver?.close(), server.close()]).finally(() => process.exit(0));
  });
}
