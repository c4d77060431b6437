// A valid PDF whose text layer holds NUL characters (as copy-protected PDFs' do) is recognised like
// any other: its words are stored without the NUL that PostgreSQL refuses, and the task reaches
// ToReview instead of failing with a database error as its reason.
import { describe, expect, it } from 'vitest';
import { databaseKinds, demoEmail, useTestServer } from './support/harness.js';
import { pdfWithNulText } from './support/nul-text-pdf.js';
import { processTaskNow } from './support/processed-task.js';
import { INVOICES_WS, importFile } from './support/task-import.js';

describe.each(databaseKinds())('text with NUL characters on %s', (kind) => {
  const t = useTestServer(kind);

  it('recognises a PDF whose text holds NUL and stores the text without it', async () => {
    const token = await t.tokenFor(demoEmail('Creator'));
    const imported = await importFile(
      t,
      token,
      { workspaceId: INVOICES_WS },
      { fileName: 'protected.pdf', content: pdfWithNulText(), contentType: 'application/pdf' },
    );
    expect(imported.status).toBe(200);
    const taskId = imported.body.result?.taskId as string;
    const task = await processTaskNow(t, taskId);
    expect(task.last_error).toBeNull();
    expect(task.status).toBe(60);
    const page = await t.server.database.db
      .selectFrom('task_pages')
      .select(['ocr'])
      .where('task_id', '=', taskId)
      .executeTakeFirstOrThrow();
    const words = (page.ocr as { entities: Array<{ text: string }> }).entities.map((w) => w.text);
    expect(words).toEqual(['Invoice', 'Total', '42.00']);
  });
});
