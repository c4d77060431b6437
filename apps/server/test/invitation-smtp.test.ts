// An administrator invites a new person by e-mail; the invitation travels through a real SMTP server
// on the loopback interface, the person follows its link, chooses a password, signs in through the
// OpenID provider and reaches the API in the tenant they were invited to.
import { describe, expect, it } from 'vitest';
import { roleByName } from '../src/domain/roles.js';
import { Browser } from './support/browser.js';
import { ACME_ID, databaseKinds, demoEmail, useTestServer } from './support/harness.js';
import { signInFully } from './support/sign-in-flow.js';
import { useSmtpInbox } from './support/smtp-inbox.js';
import { INVOICES_WS } from './support/task-import.js';

const NEWCOMER = 'Nova.Pessoa@example.test';

describe.each(databaseKinds())('invitation by mail on %s', (kind) => {
  const inbox = useSmtpInbox();
  const t = useTestServer(kind, { listen: true, resetEachTest: true, smtpUrl: () => inbox.url });

  it('delivers the invitation over SMTP, and its link lets the person choose a password and sign in', async () => {
    inbox.clear();
    const invited = await t.call('POST', '/api/v1/Tenant/InviteUser', {
      token: await t.tokenFor(demoEmail('Administrator')),
      body: {
        users: [
          { email: NEWCOMER, name: 'Nova Pessoa', tenantRoleId: roleByName('Reviewer').id, workspaceId: INVOICES_WS },
        ],
      },
    });
    expect(invited.body).toMatchObject({ succeeded: true, result: true });
    const [mail] = await inbox.waitFor(NEWCOMER);
    expect(mail?.from).toBe('no-reply@reviewdesk.test');
    expect(mail?.subject).toContain('Acme');
    const link = /(http\S+ResetPassword\S+lang=en)/.exec(mail?.text ?? '')?.[1];
    expect(link, mail?.text).toBeDefined();

    const browser = new Browser();
    expect((await browser.fetch(link as string)).status).toBe(200);
    const chosen = await browser.postForm(`${t.config.origin}/Identity/Account/ResetPassword?lang=en`, {
      token: new URL(link as string).searchParams.get('token') as string,
      password: 'Welcome-aboard-7',
      confirm: 'Welcome-aboard-7',
    });
    expect(chosen.status).toBe(200);

    const { tokens } = await signInFully(t.config.origin, NEWCOMER, new Browser(), 'Welcome-aboard-7');
    const session = await fetch(`${t.config.origin}/api/v1/Tenant/GetCurrentSession`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(session.status).toBe(200);
    expect(await session.json()).toMatchObject({ tenant: { id: ACME_ID }, role: { name: 'Reviewer' } });
  });

  it("speaks the inviter's language when the newcomer has none, names the role in it, and adds English", async () => {
    inbox.clear();
    const admin = demoEmail('Administrator');
    await t.server.database.db.updateTable('users').set({ language: 'de' }).where('email', '=', admin).execute();
    const invited = await t.call('POST', '/api/v1/Tenant/InviteUser', {
      token: await t.tokenFor(admin),
      body: { users: [{ email: NEWCOMER, name: 'Nova Pessoa', tenantRoleId: roleByName('Reviewer').id }] },
    });
    expect(invited.body).toMatchObject({ succeeded: true });
    const [mail] = await inbox.waitFor(NEWCOMER);
    expect(mail?.subject).toMatch(/^Einladung zu Acme.* \/ Invitation to Acme/);
    const [german, english] = (mail?.text ?? '').split(/\n\n/).filter((p) => p.includes('Reviewdesk'));
    expect(german).toContain('als Prüfer');
    expect(english).toContain('as Reviewer');
    const link = /(http\S+ResetPassword\S+lang=de)/.exec(mail?.text ?? '')?.[1];
    expect(link, mail?.text).toBeDefined();
    expect(mail?.html).toContain(`<a href="${(link as string).replace(/&/g, '&#38;')}">`);
    // A newcomer chooses a first password: the page welcomes them in the mail's language.
    const form = await new Browser().fetch(link as string);
    expect(await form.text()).toContain('Willkommen! Wählen Sie Ihr Passwort');
  });
});
