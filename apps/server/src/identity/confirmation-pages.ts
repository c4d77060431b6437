// The public links that arrive by e-mail: /confirm/email, /confirm/change-email and /confirm/delete.
// A link that is not valid says only that: no success title above the error.
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { UsersRepository } from '../db/repositories/users.js';
import { peekAccountToken, redeemAccountToken } from '../domain/accounts.js';
import { confirmEmail, confirmEmailChange } from '../domain/users/email-addresses.js';
import { escapeHtml } from './html.js';
import { page } from './layout.js';
import { appLink, type Form, hidden, messagePage, type PageContext, pageContext, sendPage } from './page-kit.js';

export interface ConfirmationPagesOptions {
  db: Db;
  config: ServerConfig;
}

type Query = Record<string, string | undefined>;

export async function confirmationPages(app: FastifyInstance, options: ConfirmationPagesOptions): Promise<void> {
  const { db, config } = options;
  const users = new UsersRepository(db);
  const invalidLink = (context: PageContext) =>
    messagePage(context, context.t.linkInvalidTitle, 'error', context.t.linkInvalid, appLink(config, context.t));

  app.get('/confirm/email', async (request, reply) => {
    const context = pageContext(request, reply, config);
    const q = request.query as Query;
    const confirmed = q.code && q.userId ? await confirmEmail(db, q.userId, q.code) : false;
    if (!confirmed) return sendPage(reply, invalidLink(context), 400);
    const { t } = context;
    return sendPage(reply, messagePage(context, t.emailConfirmedTitle, 'notice', t.emailConfirmed, appLink(config, t)));
  });

  app.get('/confirm/change-email', async (request, reply) => {
    const context = pageContext(request, reply, config);
    const q = request.query as Query;
    const outcome = q.code && q.userId ? await confirmEmailChange(db, q.userId, q.code, q.email) : 'invalid';
    if (outcome !== 'changed') return sendPage(reply, invalidLink(context), 400);
    const { t } = context;
    return sendPage(reply, messagePage(context, t.emailChangedTitle, 'notice', t.emailChanged, appLink(config, t)));
  });

  app.get('/confirm/delete', async (request, reply) => {
    const context = pageContext(request, reply, config);
    const { language, t } = context;
    const q = request.query as Query;
    const row = q.code ? await peekAccountToken(db, q.code, 'delete-account') : undefined;
    if (!row || row.user_id !== q.userId) return sendPage(reply, invalidLink(context), 400);
    return sendPage(
      reply,
      page({
        language,
        title: t.deleteTitle,
        switchHref: context.switchHref,
        body: `<p>${escapeHtml(t.deleteQuestion)}</p><form method="post" action="/confirm/delete">
${hidden('userId', q.userId)}${hidden('code', q.code)}${hidden('lang', language)}<button type="submit">${escapeHtml(t.deleteButton)}</button></form>`,
      }),
    );
  });

  app.post('/confirm/delete', async (request, reply) => {
    const context = pageContext(request, reply, config);
    const form = (request.body ?? {}) as Form;
    const row = form.code ? await redeemAccountToken(db, form.code, 'delete-account', form.userId) : undefined;
    if (!row) return sendPage(reply, invalidLink(context), 400);
    await users.remove(row.user_id);
    return sendPage(reply, messagePage(context, context.t.deleteTitle, 'notice', context.t.deleted));
  });
}
