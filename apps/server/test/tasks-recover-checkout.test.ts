// A deleted task loses its review checkout: once recovered, it is free for any reviewer at once,
// not held by whoever had it open when it was deleted.
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, demoEmail, useTestServer } from './support/harness.js';
import { API, FILLED_INVOICE, recognizedInvoicePages, reviewableInvoice } from './support/review-tasks.js';

const MANAGER = demoEmail('Manager');
const REVIEWER = demoEmail('Reviewer');

describe.each(databaseKinds())('recovering a deleted task on %s', (kind) => {
  const t = useTestServer(kind, { resetEachTest: true });
  beforeAll(async () => {
    await recognizedInvoicePages(t, await t.tokenFor(MANAGER));
  }, 120_000);

  const checkout = async (email: string, taskId: string) =>
    t.call('POST', `${API}/Viewer/Checkout`, { token: await t.tokenFor(email), body: { taskId } });
  const taskRow = (id: string) =>
    t.server.database.db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('clears the checkout on delete, so another reviewer can check the recovered task out at once', async () => {
    const manager = await t.tokenFor(MANAGER);
    const taskId = await reviewableInvoice(t, manager, [FILLED_INVOICE]);
    expect((await checkout(MANAGER, taskId)).body).toMatchObject({ succeeded: true });

    expect((await t.call('DELETE', `${API}/SdTask/DeleteTask/${taskId}`, { token: manager })).status).toBe(204);
    expect(await taskRow(taskId)).toMatchObject({ last_checked_out_by: null, last_checked_out_until: null });

    const recovered = await t.call('PATCH', `${API}/SdTask/Recover`, { token: manager, query: { taskId } });
    expect(recovered).toMatchObject({ status: 200, body: { succeeded: true } });
    expect(await taskRow(taskId)).toMatchObject({ status: 60, last_checked_out_by: null });

    const other = await checkout(REVIEWER, taskId);
    expect(other).toMatchObject({ status: 200, body: { succeeded: true } });
  });

  it('recovering a task deleted with a checkout still on it frees it too', async () => {
    const manager = await t.tokenFor(MANAGER);
    const taskId = await reviewableInvoice(t, manager, [FILLED_INVOICE]);
    expect((await checkout(MANAGER, taskId)).body).toMatchObject({ succeeded: true });
    // A task deleted before deletion cleared checkouts: Deleted, yet still held.
    await t.server.database.db.updateTable('tasks').set({ status: 20 }).where('id', '=', taskId).execute();

    await t.call('PATCH', `${API}/SdTask/Recover`, { token: manager, query: { taskId } });
    expect(await taskRow(taskId)).toMatchObject({
      status: 60,
      last_checked_out_by: null,
      last_checked_out_until: null,
    });
    expect((await checkout(REVIEWER, taskId)).body).toMatchObject({ succeeded: true });
  });
});
