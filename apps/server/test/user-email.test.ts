// The account's e-mail address over the API, with the mail going through a real SMTP server on the
// loopback interface: a confirmation link arrives in the person's language, the public confirming
// calls accept its code once, and an address change takes effect only from the new mailbox.
import { describe, expect, it } from 'vitest';
import { ACME_ID, databaseKinds, demoEmail, GLOBEX_ADMIN, userIdOf, useTestServer } from './support/harness.js';
import { type ReceivedMail, useSmtpInbox } from './support/smtp-inbox.js';

const API = '/api/v1';
const REVIEWER_EMAIL = demoEmail('Reviewer');
const REVIEWER = userIdOf(REVIEWER_EMAIL);

/** The link of a mail and its query arguments. */
function linkOf(mail: ReceivedMail) {
  const href = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!href) throw new Error(`no link in ${mail.text}`);
  const url = new URL(href);
  return { url, ...Object.fromEntries(url.searchParams) } as { url: URL } & Record<string, string>;
}

describe.each(databaseKinds())('e-mail address calls on %s', (kind) => {
  const inbox = useSmtpInbox();
  const t = useTestServer(kind, { resetEachTest: true, smtpUrl: () => inbox.url });
  const as = (role: string) => t.tokenFor(demoEmail(role));
  const user = (id: string) =>
    t.server.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  async function sendVerification(headers: Record<string, string> = {}) {
    const response = await t.server.app.inject({
      method: 'POST',
      url: `${API}/User/SendVerificationEmail`,
      headers: { authorization: `Bearer ${await as('Reviewer')}`, ...headers },
    });
    return { status: response.statusCode, body: JSON.parse(response.body) };
  }

  describe('User_SendVerificationEmail and User_ConfirmEmail', () => {
    it('mails a link in the browser’s language whose code confirms the address once', async () => {
      inbox.clear();
      await t.server.database.db
        .updateTable('users')
        .set({ email_confirmed: false })
        .where('id', '=', REVIEWER)
        .execute();
      const sent = await sendVerification({ 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
      expect(sent).toEqual({ status: 200, body: { succeeded: true, errors: [] } });
      const [mail] = await inbox.waitFor(REVIEWER_EMAIL);
      expect(mail?.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse');
      expect(mail?.html).toContain('<a href="');
      const link = linkOf(mail as ReceivedMail);
      expect(link.url.origin).toBe(t.config.origin);
      expect(link.url.pathname).toBe('/confirm/email');
      expect(link.userId).toBe(REVIEWER);
      // Public: no token, the code authenticates.
      const confirmed = await t.call('POST', `${API}/User/ConfirmEmail`, {
        body: { userId: REVIEWER, code: link.code },
      });
      expect(confirmed.body).toEqual({ succeeded: true, errors: [] });
      expect((await user(REVIEWER)).email_confirmed).toBe(true);
      const again = await t.call('POST', `${API}/User/ConfirmEmail`, { body: { userId: REVIEWER, code: link.code } });
      expect(again.status).toBe(404);
    });

    it('refuses a code for another user, a made-up code and an address already confirmed', async () => {
      inbox.clear();
      await t.server.database.db
        .updateTable('users')
        .set({ email_confirmed: false })
        .where('id', '=', REVIEWER)
        .execute();
      await sendVerification();
      const link = linkOf((await inbox.waitFor(REVIEWER_EMAIL))[0] as ReceivedMail);
      const viewer = userIdOf(demoEmail('Viewer'));
      expect(
        (await t.call('POST', `${API}/User/ConfirmEmail`, { body: { userId: viewer, code: link.code } })).status,
      ).toBe(404);
      expect((await t.call('POST', `${API}/User/ConfirmEmail`, { body: { userId: REVIEWER, code: 'x' } })).status).toBe(
        404,
      );
      // Portuguese when nothing says otherwise.
      expect((await inbox.waitFor(REVIEWER_EMAIL))[0]?.subject).toBe('Confirme o seu endereço de e-mail');
      // The page of the link still confirms with the (unused) code.
      const page = await t.server.app.inject({ method: 'GET', url: `${link.url.pathname}${link.url.search}` });
      expect(page.statusCode).toBe(200);
      expect((await user(REVIEWER)).email_confirmed).toBe(true);
      expect((await sendVerification()).body).toMatchObject({ succeeded: false });
    });
  });

  describe('User_ChangeEmail and User_ConfirmChangeEmail', () => {
    const change = async (email: string, language?: string, role = 'Reviewer') =>
      t.call('PATCH', `${API}/User/ChangeEmail`, {
        token: await as(role),
        body: { email },
        ...(language ? { query: { language } } : {}),
      });

    it('moves the account only once the new mailbox confirms, and ends the old sessions', async () => {
      inbox.clear();
      const token = await as('Reviewer');
      const answer = await change('new.reviewer@example.test', 'fr');
      expect(answer.body).toEqual({ succeeded: true, errors: [] });
      const [mail] = await inbox.waitFor('new.reviewer@example.test');
      expect(mail?.subject).toBe('Confirmez votre nouvelle adresse e-mail');
      expect((await user(REVIEWER)).email).toBe(REVIEWER_EMAIL);
      const link = linkOf(mail as ReceivedMail);
      expect(link.url.pathname).toBe('/confirm/change-email');
      const wrong = await t.call('POST', `${API}/User/ConfirmChangeEmail`, {
        body: { userId: REVIEWER, email: 'other@example.test', code: link.code },
      });
      expect(wrong.status).toBe(404);
      // The wrong address used the code up: a fresh request and its link.
      await change('new.reviewer@example.test', 'fr');
      const fresh = linkOf((await inbox.waitFor('new.reviewer@example.test', 2))[1] as ReceivedMail);
      const confirmed = await t.call('POST', `${API}/User/ConfirmChangeEmail`, {
        body: { userId: REVIEWER, email: 'new.reviewer@example.test', code: fresh.code },
      });
      expect(confirmed.body).toEqual({ succeeded: true, errors: [] });
      expect(await user(REVIEWER)).toMatchObject({ email: 'new.reviewer@example.test', email_confirmed: true });
      expect((await t.call('GET', `${API}/User/GetToursSeen`, { token })).status).toBe(401);
    });

    it('writes the confirmation in each of the five cultures', async () => {
      inbox.clear();
      const subjects: string[] = [];
      for (const [index, language] of ['pt', 'en', 'de', 'fr', 'es'].entries()) {
        const to = `five-${index}@example.test`;
        expect((await change(to, language)).body).toMatchObject({ succeeded: true });
        subjects.push(((await inbox.waitFor(to))[0] as ReceivedMail).subject);
      }
      expect(subjects).toEqual([
        'Confirme o seu novo endereço de e-mail',
        'Confirm your new e-mail address',
        'Bestätigen Sie Ihre neue E-Mail-Adresse',
        'Confirmez votre nouvelle adresse e-mail',
        'Confirme su nueva dirección de correo electrónico',
      ]);
    });

    it('refuses an address in use (in any tenant), the current one, and sends nothing', async () => {
      inbox.clear();
      for (const email of [GLOBEX_ADMIN, demoEmail('Viewer').toUpperCase(), REVIEWER_EMAIL]) {
        const answer = await change(email);
        expect(answer.status).toBe(200);
        expect(answer.body).toMatchObject({ succeeded: false });
      }
      expect((await change('not-an-address')).status).toBe(400);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(inbox.received).toEqual([]);
    });

    it('reports an address taken between the request and the confirmation', async () => {
      inbox.clear();
      await change('contested@example.test');
      const link = linkOf((await inbox.waitFor('contested@example.test'))[0] as ReceivedMail);
      await t.server.database.db
        .updateTable('users')
        .set({ email: 'contested@example.test' })
        .where('id', '=', userIdOf(demoEmail('Viewer')))
        .execute();
      const answer = await t.call('POST', `${API}/User/ConfirmChangeEmail`, {
        body: { userId: REVIEWER, email: 'contested@example.test', code: link.code },
      });
      expect(answer.body).toMatchObject({ succeeded: false });
      expect((await user(REVIEWER)).email).toBe(REVIEWER_EMAIL);
    });

    it('answers 403 when User.Profile is blacklisted', async () => {
      await t.server.database.db
        .insertInto('ability_blacklist')
        .values({ tenant_id: ACME_ID, ability: 'User.Profile' })
        .execute();
      expect((await change('blocked@example.test')).status).toBe(403);
      expect((await sendVerification()).status).toBe(403);
    });
  });
});
