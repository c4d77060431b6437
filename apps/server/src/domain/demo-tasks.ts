// Demo tasks: a few real files from fixtures/ imported on the first start of the demo, so a person
// who ran `npm start` finds invoices and a recording processed and waiting for review, and
// delivery notes of one layout (written on the first start) waiting to be labelled in the template
// training workspace. They go through the same import as any upload and the workers process them.
// Idempotent by external id.
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { repoRoot } from '../config.js';
import { TasksRepository } from '../db/repositories/tasks.js';
import { blobStorageFor } from '../storage/blob-storage.js';
import { ingest } from '../storage/ingest.js';
import { DEMO_BATCHES, DEMO_DOMAIN, demoId } from './demo-data.js';
import { DEMO_DELIVERY_NOTE_SEEDS, deliveryNotePdf } from './demo-delivery-notes.js';
import type { Services } from './services.js';
import { loadSession } from './session.js';
import { createTask } from './tasks/import.js';

interface DemoTask {
  externalId: string;
  workspace: string;
  batch?: string;
  /** A file of fixtures/, or a delivery note written from this seed. */
  file?: string;
  deliveryNoteSeed?: number;
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
  ...DEMO_DELIVERY_NOTE_SEEDS.map((seed) => ({
    externalId: `demo-delivery-note-${seed}`,
    deliveryNoteSeed: seed,
    workspace: 'Delivery notes (training)',
  })),
];

/** The task's file as a stream and its name. */
async function demoFile(task: DemoTask): Promise<{ stream: Readable; fileName: string }> {
  if (task.deliveryNoteSeed !== undefined) {
    const note = await deliveryNotePdf(task.deliveryNoteSeed);
    return { stream: Readable.from([Buffer.from(note.bytes)]), fileName: note.fileName };
  }
  const file = task.file as string;
  return {
    stream: createReadStream(join(repoRoot, 'fixtures', file)),
    fileName: file.slice(file.lastIndexOf('/') + 1),
  };
}

/** Imports the demo files that are not there yet; returns how many were imported. */
export async function seedDemoTasks(services: Services): Promise<number> {
  const session = await loadSession(services.db, demoId(`user:manager@${DEMO_DOMAIN}`));
  const storage = blobStorageFor(services.config);
  const tasks = new TasksRepository(services.db, session.membership.tenant_id);
  let imported = 0;
  for (const task of DEMO_TASKS) {
    if ((await tasks.byExternalId(task.externalId, 1)).length > 0) continue;
    const { stream, fileName } = await demoFile(task);
    const stored = await ingest(storage, stream, Number.MAX_SAFE_INTEGER);
    await createTask(
      services,
      session,
      {
        workspaceId: demoId(`workspace:${task.workspace}`),
        externalId: task.externalId,
        batchId: task.batch ? demoId(`batch:${task.batch}`) : null,
      },
      { ...stored, fileName },
    );
    imported++;
  }
  return imported;
}
