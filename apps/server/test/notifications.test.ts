// Workspace notifications over the API: the settings per event and channel, and the mail they cause
// when a task really enters ToReview (imported and processed by the real stages) and when its review
// finishes — read from a real SMTP server on the loopback interface, in each recipient's language.
import { beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../src/domain/demo-data.js';
import { ACME_ID, databaseKinds, demoEmail, useTestServer } from './support/harness.js';
import { processTaskNow } from './support/processed-task.js';
import { recognizedInvoicePages } from './support/review-tasks.js';
import { type ReceivedMail, useSmtpInbox } from './support/smtp-inbox.js';
import { INVOICES_WS, importInvoice } from './support/task-import.js';

const API = '/api/v1';
const GLOBEX_WS = demoId('workspace:Interviews');
const CREATOR = demoEmail('Creator');
const REVIEWER = demoEmail('Reviewer');

const nobody = { notificationType: 10, notifyCreator: false, notifyReviewers: false, customRecipients: [] };

describe.each(databaseKinds())('notifications on %s', (kind) => {
  const inbox = useSmtpInbox();
  const t = useTestServer(kind, { resetEachTest: true, smtpUrl: () => inbox.url, notifyEveryMs: 150 });
  const as = (role: string) => t.tokenFor(demoEmail(role));
  const get = async (workspaceId = INVOICES_WS, role = 'Manager') =>
    t.call('GET', `${API}/Notification/NotificationConfig/${workspaceId}`, { token: await as(role) });
  const patch = async (body: object, workspaceId = INVOICES_WS, role = 'Manager') =>
    t.call('PATCH', `${API}/Notification/NotificationConfig/${workspaceId}`, { token: await as(role), body });

  describe('Notification_GetNotificationConfig / PatchNotificationConfig', () => {
    it('defaults every event to nobody and saves what is sent, keeping events not listed', async () => {
      const initial = await get();
      expect(initial.status).toBe(200);
      expect(initial.body).toEqual({
        language: 'pt',
        events: [
          { eventType: 10, configs: [nobody] },
          { eventType: 20, configs: [nobody] },
        ],
      });
      const first = await patch({
        language: 'en',
        events: [
          {
            eventType: 10,
            configs: [
              {
                notificationType: 10,
                notifyCreator: true,
                notifyReviewers: false,
                customRecipients: ['Ops@example.test', 'ops@example.test', 'lead@example.test'],
              },
            ],
          },
        ],
      });
      expect(first.body).toEqual({ succeeded: true, errors: [], result: true });
      await patch({
        language: 'de',
        events: [{ eventType: 20, configs: [{ ...nobody, notifyReviewers: true }] }],
      });
      expect((await get()).body).toEqual({
        language: 'de',
        events: [
          {
            eventType: 10,
            configs: [
              {
                notificationType: 10,
                notifyCreator: true,
                notifyReviewers: false,
                customRecipients: ['ops@example.test', 'lead@example.test'],
              },
            ],
          },
          { eventType: 20, configs: [{ ...nobody, notifyReviewers: true }] },
        ],
      });
    });

    it('refuses a foreign language, bad addresses and repeated events, changing nothing', async () => {
      const event = (customRecipients: string[]) => ({ eventType: 10, configs: [{ ...nobody, customRecipients }] });
      expect((await patch({ language: 'it', events: [] })).status).toBe(400);
      expect((await patch({ language: 'en', events: [event(['not an address'])] })).status).toBe(400);
      expect((await patch({ language: 'en', events: [event([]), event([])] })).status).toBe(400);
      const many = Array.from({ length: 51 }, (_, i) => `r${i}@example.test`);
      expect((await patch({ language: 'en', events: [event(many)] })).status).toBe(400);
      expect((await get()).body).toMatchObject({ language: 'pt' });
    });

    it('answers 403 to a Creator and a Reviewer, and 404 for another tenant’s workspace', async () => {
      expect((await get(INVOICES_WS, 'Creator')).status).toBe(403);
      expect((await patch({ language: 'en', events: [] }, INVOICES_WS, 'Reviewer')).status).toBe(403);
      expect((await get(GLOBEX_WS)).status).toBe(404);
      expect((await patch({ language: 'en', events: [] }, GLOBEX_WS, 'Administrator')).status).toBe(404);
      await t.server.database.db
        .insertInto('ability_blacklist')
        .values({ tenant_id: ACME_ID, ability: 'Workspace.Notifications' })
        .execute();
      expect((await get()).status).toBe(403);
    });
  });

  describe('sending', () => {
    beforeAll(async () => {
      // The real stages once, so the processing time is not charged to the test below.
      await recognizedInvoicePages(t, await t.tokenFor(demoEmail('Manager')));
    }, 120_000);

    it('mails the creator and further addresses when a task is ready, and the reviewers when its review ends', async () => {
      inbox.clear();
      const db = t.server.database.db;
      await db.updateTable('users').set({ language: 'de' }).where('email', '=', CREATOR).execute();
      await db.updateTable('users').set({ language: 'fr' }).where('email', '=', REVIEWER).execute();
      await patch({
        language: 'es',
        events: [
          {
            eventType: 10,
            configs: [
              { ...nobody, notifyCreator: true, customRecipients: ['ops@example.test', CREATOR.toUpperCase()] },
            ],
          },
          { eventType: 20, configs: [{ ...nobody, notifyReviewers: true }] },
        ],
      });

      const taskId = await importInvoice(t, await as('Creator'));
      const processed = await processTaskNow(t, taskId);
      expect(processed.status).toBe(60);
      const [toCreator] = await inbox.waitFor(CREATOR);
      const [toOps] = await inbox.waitFor('ops@example.test');
      expect(toCreator?.subject).toBe(`Bereit zur Prüfung: ${processed.display_name}`);
      expect(toCreator?.text).toContain(`${t.config.origin}/task/viewer?taskId=${taskId}&workspaceId=${INVOICES_WS}`);
      expect(toOps?.subject).toBe(`Lista para revisar: ${processed.display_name}`);
      // Once, however many times the notifier runs.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(inbox.received.filter((m) => m.rcptTo.includes(CREATOR))).toHaveLength(1);
      expect(inbox.received).toHaveLength(2);

      // Checkout and cancel: back to ToReview from InReview is no news.
      const reviewer = await as('Reviewer');
      expect((await t.call('POST', `${API}/Viewer/Checkout`, { token: reviewer, body: { taskId } })).status).toBe(200);
      await t.call('PATCH', `${API}/Viewer/Review/Cancel/${taskId}`, { token: reviewer });
      expect((await t.call('POST', `${API}/Viewer/Checkout`, { token: reviewer, body: { taskId } })).status).toBe(200);
      const finished = await t.call('PATCH', `${API}/Viewer/Review/Finish/${taskId}`, { token: reviewer });
      expect(finished.body).toMatchObject({ succeeded: true });

      // Reviewers of the workspace (members whose role may review), each in their own language.
      const [toReviewer] = await inbox.waitFor(REVIEWER);
      expect(toReviewer?.subject).toBe(`Terminée : ${processed.display_name}`);
      const viewerMails = inbox.received.filter((m: ReceivedMail) => m.rcptTo.includes(demoEmail('Viewer')));
      expect(viewerMails).toEqual([]);
      // The notifier marks a delivery sent once the mail server has answered, which can be a moment
      // after the mail reached the inbox.
      const sentDeliveries = async () =>
        (await db.selectFrom('notification_deliveries').selectAll().orderBy('event_id').execute()).map((d) => [
          d.event,
          d.sent_on !== null,
        ]);
      await expect.poll(sentDeliveries, { timeout: 10_000 }).toEqual([
        [10, true],
        [20, true],
      ]);
    }, 120_000);

    it('notifies nobody for a workspace without settings', async () => {
      inbox.clear();
      const taskId = await importInvoice(t, await as('Creator'));
      expect((await processTaskNow(t, taskId)).status).toBe(60);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(inbox.received).toEqual([]);
      expect(await t.server.database.db.selectFrom('notification_deliveries').selectAll().execute()).toEqual([]);
    }, 120_000);
  });
});
