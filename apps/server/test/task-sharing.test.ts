// Sharing a task with people by e-mail (SdTask/Share), its link (SdTaskShare/GetShareTaskUrl) and the
// share history (SdTaskShare/GetTaskShareHistoryDetails): per permission, across tenants, with the
// mail going out over a real SMTP server on the loopback interface.
import { describe, expect, it } from 'vitest';
import { demoId } from '../src/domain/demo-data.js';
import { roleByName } from '../src/domain/roles.js';
import { codeOf } from './support/answers.js';
import { ACME_ID, databaseKinds, demoEmail, GLOBEX_ADMIN, useTestServer } from './support/harness.js';
import { GLOBEX_WS, INVOICES, insertTasks } from './support/list-fixtures.js';
import { RECORDINGS_WS } from './support/review-tasks.js';
import { useSmtpInbox } from './support/smtp-inbox.js';

const API = '/api/v1';
const TRANSLATIONS_WS = demoId('workspace:Translations (English to Spanish)');
const OUTSIDER = 'Outside.Person@example.test';

describe.each(databaseKinds())('task sharing on %s', (kind) => {
  const inbox = useSmtpInbox();
  const t = useTestServer(kind, { resetEachTest: true, smtpUrl: () => inbox.url });

  const share = async (role: string, body: Record<string, unknown>, email = demoEmail(role)) =>
    t.call('POST', `${API}/SdTask/Share`, { token: await t.tokenFor(email), body });
  const history = async (taskId: string, email = demoEmail('Manager')) =>
    t.call('GET', `${API}/SdTaskShare/GetTaskShareHistoryDetails/${taskId}`, { token: await t.tokenFor(email) });

  it('mails a workspace member the link with the message, in their language, and keeps the share in the history', async () => {
    inbox.clear();
    const [taskId] = await insertTasks(t.server.database.db, [{ displayName: 'Invoice 77' }]);
    await t.server.database.db
      .updateTable('users')
      .set({ language: 'de' })
      .where('email', '=', demoEmail('Reviewer'))
      .execute();
    const res = await share('Viewer', {
      taskId,
      workspaceId: INVOICES,
      description: 'Please check the total.',
      users: [{ email: demoEmail('Reviewer') }],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ succeeded: true, errors: [], result: true });
    const [mail] = await inbox.waitFor(demoEmail('Reviewer'));
    expect(mail?.subject).toBe('Viewer Demo hat mit Ihnen geteilt: Invoice 77');
    expect(mail?.text).toContain('Please check the total.');
    const link = /(http\S+\/task\/viewer\?\S+)/.exec(mail?.text ?? '')?.[1] as string;
    const url = new URL(link);
    expect(url.searchParams.get('taskId')).toBe(taskId);
    expect(url.searchParams.get('tenantId')).toBe(ACME_ID);

    const records = await history(taskId as string);
    expect(records.status).toBe(200);
    expect(records.body).toEqual([
      expect.objectContaining({
        taskId,
        workspaceId: INVOICES,
        tenantId: ACME_ID,
        shareType: 10,
        shareStatus: 30,
        inputConfig: { recipientEmails: [demoEmail('Reviewer')], shareDescription: 'Please check the total.' },
      }),
    ]);
  });

  it('invites a person outside the tenant as a viewer: after switching tenant they open the task but cannot review it', async () => {
    inbox.clear();
    const [taskId] = await insertTasks(t.server.database.db, [{ displayName: 'Invoice 78' }]);
    // The administrator of Globex works in another tenant: the task is nothing to them yet.
    const globex = await t.tokenFor(GLOBEX_ADMIN);
    const before = await t.call('GET', `${API}/SdTaskShare/GetShareTaskUrl`, {
      token: globex,
      query: { taskId: taskId as string },
    });
    expect(before.status).toBe(404);

    const res = await share('Manager', { taskId, workspaceId: INVOICES, users: [{ email: GLOBEX_ADMIN }] });
    expect(res.body).toMatchObject({ succeeded: true });
    const mails = await inbox.waitFor(GLOBEX_ADMIN, 2);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Convite para Acme Documents / Invitation to Acme Documents',
      'Manager Demo partilhou consigo: Invoice 78',
    ]);

    // Still in Globex, the link's task is not found; in Acme it opens read-only.
    const stillGlobex = await t.call('GET', `${API}/Viewer/ViewerInit`, {
      token: globex,
      query: { taskId: taskId as string },
    });
    expect(stillGlobex.status).toBe(404);
    const switched = await t.call('PATCH', `${API}/Tenant/ChangeTenant`, {
      token: globex,
      query: { tenantId: ACME_ID },
    });
    expect(switched.status).toBe(200);
    const opened = await t.call('GET', `${API}/Viewer/ViewerInit`, {
      token: globex,
      query: { taskId: taskId as string },
    });
    expect(opened.status, opened.text).toBe(200);
    const review = await t.call('POST', `${API}/Viewer/Checkout`, { token: globex, body: { taskId } });
    expect(review.status).toBe(403);
  });

  it('lets a person invited with a role that reviews check the task out, and a new address become a viewer', async () => {
    inbox.clear();
    const [taskId] = await insertTasks(t.server.database.db, [{ displayName: 'Invoice 79' }]);
    const res = await share('Administrator', {
      taskId,
      workspaceId: INVOICES,
      users: [
        { email: GLOBEX_ADMIN, tenantRoleId: roleByName('Reviewer').id },
        { email: OUTSIDER, name: 'Out Sider' },
      ],
    });
    expect(res.body).toMatchObject({ succeeded: true });
    const globex = await t.tokenFor(GLOBEX_ADMIN);
    await t.call('PATCH', `${API}/Tenant/ChangeTenant`, { token: globex, query: { tenantId: ACME_ID } });
    const review = await t.call('POST', `${API}/Viewer/Checkout`, { token: globex, body: { taskId } });
    expect(review.status, review.text).toBe(200);
    expect(review.body).toMatchObject({ succeeded: true });

    // A new account gets the share in the sharer's language and a set-password invitation.
    const mails = await inbox.waitFor(OUTSIDER, 2);
    expect(mails.some((m) => m.text.includes('partilhou consigo a tarefa «Invoice 79»'))).toBe(true);
    expect(mails.some((m) => m.text.includes('ResetPassword'))).toBe(true);
    const members = await t.call('GET', `${API}/SdWorkspace/Users/${INVOICES}`, {
      token: await t.tokenFor(demoEmail('Administrator')),
    });
    expect(members.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: OUTSIDER, roleName: 'Viewer' }),
        expect.objectContaining({ email: GLOBEX_ADMIN, roleName: 'Reviewer' }),
      ]),
    );
  });

  it('gives a newcomer only a role the sharer may give: a manager invites a creator, not an administrator', async () => {
    inbox.clear();
    const [taskId] = await insertTasks(t.server.database.db, [{ displayName: 'Invoice 80' }]);
    const asAdministrator = await share('Manager', {
      taskId,
      workspaceId: INVOICES,
      users: [{ email: OUTSIDER, tenantRoleId: roleByName('Administrator').id }],
    });
    expect(asAdministrator.status).toBe(403);
    // Nothing is kept of the refused share: no member, no history, no mail.
    const members = async () =>
      (await t.call('GET', `${API}/SdWorkspace/Users/${INVOICES}`, { token: await t.tokenFor(demoEmail('Manager')) }))
        .body as Array<{ email: string; roleName: string }>;
    expect((await members()).filter((m) => m.email.toLowerCase() === OUTSIDER.toLowerCase())).toEqual([]);
    expect((await history(taskId as string)).body).toEqual([]);
    expect(inbox.received).toEqual([]);

    const asCreator = await share('Manager', {
      taskId,
      workspaceId: INVOICES,
      users: [{ email: OUTSIDER, tenantRoleId: roleByName('Creator').id }],
    });
    expect(asCreator.body).toMatchObject({ succeeded: true });
    expect(await members()).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: OUTSIDER, roleName: 'Creator' })]),
    );
  });

  it('refuses people outside the workspace to a role that cannot add users, and writes nothing', async () => {
    inbox.clear();
    const [taskId] = await insertTasks(t.server.database.db, [{}]);
    const res = await share('Reviewer', { taskId, workspaceId: INVOICES, users: [{ email: OUTSIDER }] });
    expect(res.status).toBe(403);
    expect((await history(taskId as string)).body).toEqual([]);
    expect(inbox.received).toEqual([]);
  });

  it('answers 401 without a token, and 404 for another tenant’s task on every call', async () => {
    const [taskId] = await insertTasks(t.server.database.db, [{}]);
    const none = await t.call('POST', `${API}/SdTask/Share`, {
      body: { taskId, workspaceId: INVOICES, users: [{ email: OUTSIDER }] },
    });
    expect(none.status).toBe(401);
    const globex = await t.tokenFor(GLOBEX_ADMIN);
    const shared = await t.call('POST', `${API}/SdTask/Share`, {
      token: globex,
      body: { taskId, workspaceId: INVOICES, users: [{ email: GLOBEX_ADMIN }] },
    });
    expect(shared.status).toBe(404);
    expect((await history(taskId as string, GLOBEX_ADMIN)).status).toBe(404);
    // And the other way round: an Acme manager does not reach a Globex task.
    const [globexTask] = await insertTasks(t.server.database.db, [{ workspaceId: GLOBEX_WS }]);
    expect((await history(globexTask as string)).status).toBe(404);
  });

  it('gives every role with Task.View the link, with the transcripts route for recordings', async () => {
    const [invoice, recording] = await insertTasks(t.server.database.db, [{}, { workspaceId: RECORDINGS_WS }]);
    for (const role of ['Developer', 'Administrator', 'Manager', 'Creator', 'Reviewer', 'Viewer']) {
      const res = await t.call('GET', `${API}/SdTaskShare/GetShareTaskUrl`, {
        token: await t.tokenFor(demoEmail(role)),
        query: { taskId: invoice as string },
      });
      expect(res.status, role).toBe(200);
      expect((res.body as { shareUrl: string }).shareUrl).toBe(
        `${t.config.origin}/task/viewer?taskId=${invoice}&workspaceId=${INVOICES}&tenantId=${ACME_ID}`,
      );
    }
    const media = await t.call('GET', `${API}/SdTaskShare/GetShareTaskUrl`, {
      token: await t.tokenFor(demoEmail('Viewer')),
      query: { taskId: recording as string },
    });
    expect((media.body as { shareUrl: string }).shareUrl).toContain('/task/viewer/transcripts?');
  });

  it('has no share for translation tasks, and refuses a description over 256 characters', async () => {
    const [translation, invoice] = await insertTasks(t.server.database.db, [{ workspaceId: TRANSLATIONS_WS }, {}]);
    const token = await t.tokenFor(demoEmail('Manager'));
    const url = await t.call('GET', `${API}/SdTaskShare/GetShareTaskUrl`, {
      token,
      query: { taskId: translation as string },
    });
    expect(url.status).toBe(400);
    const mailed = await share('Manager', {
      taskId: translation,
      workspaceId: TRANSLATIONS_WS,
      users: [{ email: demoEmail('Viewer') }],
    });
    expect(mailed.status).toBe(400);
    const long = await share('Manager', {
      taskId: invoice,
      workspaceId: INVOICES,
      description: 'x'.repeat(257),
      users: [{ email: demoEmail('Viewer') }],
    });
    expect(long.status).toBe(400);
    expect(codeOf(long.body)).toBeDefined();
    expect((await history(invoice as string)).body).toEqual([]);
  });
});
