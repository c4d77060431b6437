// The server with in-process workers (the API tests run without them): a task imported through the
// API is claimed, its stage reads the uploaded file from storage, and the task and its events show
// the result through the API. Closing the server stops the workers.
import { describe, expect, it } from 'vitest';
import { TASK_STATUS as S } from '../src/domain/tasks/flags.js';
import { stages as realStages } from '../src/pipeline/stages/index.js';
import type { Stage } from '../src/pipeline/worker/stage.js';
import { databaseKinds, demoEmail, type TestServer, useTestServer } from './support/harness.js';
import { importInvoice } from './support/task-import.js';

const API = '/api/v1';

/** Reads the task's original file and checks it is a PDF. */
const readsTheFile: Stage = {
  name: 'pre-processing',
  queued: S.QueuedForPreProcessing,
  inProgress: S.PreProcessingInProgress,
  succeeded: S.PreProcessingSuccessful,
  failed: S.PreProcessingFailed,
  async run({ db, storage, task }) {
    const blob = await db
      .selectFrom('blobs')
      .select('storage_key')
      .where('tenant_id', '=', task.tenant_id)
      .where('id', '=', task.blob_id as string)
      .executeTakeFirstOrThrow();
    const chunks: Buffer[] = [];
    for await (const chunk of storage.read(blob.storage_key)) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    if (!bytes.subarray(0, 5).equals(Buffer.from('%PDF-'))) throw new Error('not a PDF');
    return { next: S.ToReview, reason: `read ${bytes.length} bytes of PDF; ready for review` };
  },
};

async function statusAfterProcessing(t: TestServer, token: string, id: string, ms: number): Promise<number> {
  const until = Date.now() + ms;
  let status = 0;
  while (Date.now() < until) {
    status = ((await t.call('GET', `${API}/SdTask/${id}`, { token })).body as { status: number }).status;
    if (!PROCESSING.has(status)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return status;
}

/** Statuses a task passes through while the machine works on it. */
const PROCESSING = new Set([30, 31, 34, 40, 41, 43, 50, 51, 53]);

describe.each(databaseKinds())('server with workers on %s', (kind) => {
  const t = useTestServer(kind, { workers: { count: 2, stages: [readsTheFile] } });

  it('processes an imported task; the task and its events say so', async () => {
    expect(t.server.workers?.ids).toHaveLength(2);
    const creator = await t.tokenFor(demoEmail('Creator'));
    const id = await importInvoice(t, creator);
    expect(await statusAfterProcessing(t, creator, id, 20_000)).toBe(S.ToReview);
    const manager = await t.tokenFor(demoEmail('Manager'));
    const events = (await t.call('GET', `${API}/SdTask/Events/${id}`, { token: manager })).body as Array<{
      eventDescription: string;
      eventSourceText: string | null;
    }>;
    const texts = events.map((e) => e.eventDescription);
    expect(
      texts.some((d) => /^Pre-processing finished: read \d+ bytes of PDF; ready for review: status changed/.test(d)),
    ).toBe(true);
    // The import is the user's (Web); every step after it is the workers'.
    expect(events.find((e) => e.eventDescription.startsWith('Pre-processing started'))?.eventSourceText).toBe(
      'Processing',
    );
    expect(
      texts.some((d) => d.startsWith('Pre-processing started: status changed from QueuedForPreProcessing (30)')),
    ).toBe(true);
  });
});

describe.each(databaseKinds())('server with the real stages on %s', (kind) => {
  const t = useTestServer(kind, { workers: { count: 1, stages: realStages } });

  it('takes an imported invoice through pre-processing, recognition and post-processing to ToReview', async () => {
    const creator = await t.tokenFor(demoEmail('Creator'));
    const id = await importInvoice(t, creator);
    expect(await statusAfterProcessing(t, creator, id, 80_000)).toBe(S.ToReview);
    const manager = await t.tokenFor(demoEmail('Manager'));
    const events = (await t.call('GET', `${API}/SdTask/Events/${id}`, { token: manager })).body as Array<{
      eventDescription: string;
    }>;
    const finished = events
      .map((e) => /^(.+?) finished: /.exec(e.eventDescription)?.[1])
      .filter(Boolean)
      .reverse();
    // Each stage's own sentence, then the runtime's "Processing finished" as the task leaves the machine.
    expect(finished).toEqual(['Pre-processing', 'Recognition', 'Post-processing', 'Processing']);
  }, 90_000);
});
