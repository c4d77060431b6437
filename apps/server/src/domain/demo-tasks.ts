// Demo tasks: a few real files from fixtures/ imported on the first start of the demo, so a person
// who ran `npm start` finds invoices and a recording processed and waiting for review. They go
// through the same import as any upload and the workers process them. Idempotent by external id.
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../config.js';
import { TasksRepository } from '../db/repositories/tasks.js';
import { blobStorageFor } from '../storage/blob-storage.js';
import { ingest } from '../storage/ingest.js';
import { DEMO_BATCHES, DEMO_DOMAIN, demoId } from './demo-data.js';
import type { Services } from './services.js';
import { loadSession } from './session.js';
import { createTask } from './tasks/import.js';

interface DemoTask {
  externalId: string;
  file: string;
  workspace: string;
  batch?: string;
}

const DEMO_TASKS: DemoTask[] = [
  { externalId: 'demo-invoice-aws', file: 'invoices/AmazonWebServices.pdf', workspace: 'Supplier invoices' },
  { externalId: 'demo-invoice-azure', file: 'invoices/AzureInterior.pdf', workspace: 'Supplier invoices' },
  {
    externalId: 'demo-invoice-quality',
    file: 'invoices/QualityHosting.pdf',
    workspace: 'Supplier invoices',
    batch: (DEMO_BATCHES[0] as { name: string }).name,
  },
  { externalId: 'demo-recording-jfk', file: 'audio/jfk.wav', workspace: 'Meeting recordings' },
  {
    externalId: 'demo-translation-crazy-ones',
    file: 'edge_cases/pdf/crazyones.pdf',
    workspace: 'Translations (English to Spanish)',
  },
];

/** Imports the demo files that are not there yet; returns how many were imported. */
export async function seedDemoTasks(services: Services): Promise<number> {
  const session = await loadSession(services.db, demoId(`user:manager@${DEMO_DOMAIN}`));
  const storage = blobStorageFor(services.config);
  const tasks = new TasksRepository(services.db, session.membership.tenant_id);
  let imported = 0;
  for (const task of DEMO_TASKS) {
    if ((await tasks.byExternalId(task.externalId, 1)).length > 0) continue;
    const path = join(repoRoot, 'fixtures', task.file);
    const stored = await ingest(storage, createReadStream(path), Number.MAX_SAFE_INTEGER);
    await createTask(
      services,
      session,
      {
        workspaceId: demoId(`workspace:${task.workspace}`),
        externalId: task.externalId,
        batchId: task.batch ? demoId(`batch:${task.batch}`) : null,
      },
      { ...stored, fileName: task.file.slice(task.file.lastIndexOf('/') + 1) },
    );
    imported++;
  }
  return imported;
}
