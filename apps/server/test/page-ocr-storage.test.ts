// A page's recognised words are kept as the pipeline threads wrote them (task_pages.ocr is json, not
// jsonb): the text in the database is the text the threads made, byte for byte, and the pages stored
// before the change read the same after the migration converted them.
import { type Kysely, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import * as pageOcrJson from '../src/db/migrations/0027_page_ocr_json.js';
import { TASK_STATUS } from '../src/domain/tasks/flags.js';
import { databaseKinds, demoEmail, useTestServer } from './support/harness.js';
import { processTaskNow } from './support/processed-task.js';
import { INVOICES_WS, importInvoice, setTaskStatus } from './support/task-import.js';

for (const kind of databaseKinds()) {
  describe(`recognised words as stored (${kind})`, () => {
    const t = useTestServer(kind);
    let admin: string;
    let taskId: string;

    beforeAll(async () => {
      admin = await t.tokenFor(demoEmail('Administrator'));
      taskId = await importInvoice(t, admin);
      const task = await processTaskNow(t, taskId);
      expect(task.status, task.last_error ?? '').toBe(TASK_STATUS.ToReview);
    }, 120_000);

    const storedPage = async () => {
      const { rows } = await sql<{ type: string; text: string }>`
        select pg_typeof(ocr)::text as type, ocr::text as text from task_pages
        where task_id = ${taskId} and page_number = 1`.execute(t.server.database.db);
      return rows[0] as { type: string; text: string };
    };
    const viewerAnswer = async () => {
      const res = await t.call('GET', '/api/v1/Document/PageAndOCR', {
        token: admin,
        query: { TaskId: taskId, WorkspaceId: INVOICES_WS, PageNumber: '1' },
      });
      expect(res.status).toBe(200);
      return (res.body as { ocr: { entities: unknown[] } }).ocr;
    };

    it('keeps the JSON the recognition wrote, not a form the database rebuilt', async () => {
      const stored = await storedPage();
      expect(stored.type).toBe('json');
      // jsonb would give it back re-spaced ("key": value) with its keys re-ordered; the threads'
      // JSON.stringify writes it compact, in the order of the contract's shape.
      expect(stored.text).toBe(JSON.stringify(JSON.parse(stored.text)));
      expect(stored.text.startsWith('{"')).toBe(true);
      expect((await viewerAnswer()).entities.length).toBeGreaterThan(20);
    });

    it('reads the pages stored as jsonb before the migration the same after it', async () => {
      // The migration runs on the schema, not on the typed tables.
      const db = t.server.database.db as unknown as Kysely<unknown>;
      const written = await viewerAnswer();
      await pageOcrJson.down(db);
      try {
        expect((await storedPage()).type).toBe('jsonb');
        expect(await viewerAnswer()).toEqual(written);
      } finally {
        await pageOcrJson.up(db);
      }
      expect((await storedPage()).type).toBe('json');
      expect(await viewerAnswer()).toEqual(written);
      // Recognition writes over a converted page as over any other.
      await setTaskStatus(t, taskId, TASK_STATUS.QueuedForRecognizing);
      const again = await processTaskNow(t, taskId);
      expect(again.status, again.last_error ?? '').toBe(TASK_STATUS.ToReview);
      expect((await storedPage()).text).toBe(JSON.stringify(JSON.parse((await storedPage()).text)));
      // The same words and boxes; only the recognition's own elapsed time is new.
      expect({ ...(await viewerAnswer()), elapsedTime: 0 }).toEqual({ ...written, elapsedTime: 0 });
    });
  });
}
