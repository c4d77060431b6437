// Server-rendered identity pages, one module per responsibility: sign-in (login-pages.ts), password
// reset (password-reset-pages.ts), the e-mailed confirmation links (confirmation-pages.ts); the
// provider's sign-out pages are in sign-out-pages.ts. Here: what they share (form bodies, the
// stylesheet, the sign-in throttle).
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { Mailer } from '../mail/mailer.js';
import { createSignInThrottle } from '../security/sign-in-throttle.js';
import { confirmationPages } from './confirmation-pages.js';
import { STYLESHEET, STYLESHEET_PATH } from './layout.js';
import { loginPages } from './login-pages.js';
import { passwordResetPages } from './password-reset-pages.js';
import { cookieKeys } from './server-secrets.js';

export { FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH } from './password-reset-pages.js';

interface PagesOptions {
  provider: Provider;
  db: Db;
  mailer: Mailer;
  config: ServerConfig;
}

export async function identityPages(app: FastifyInstance, options: PagesOptions): Promise<void> {
  const { provider, db, mailer, config } = options;

  // HTML forms post urlencoded bodies; parsed here only, the API takes JSON.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.get(STYLESHEET_PATH, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(STYLESHEET),
  );

  const throttle = await createSignInThrottle(app, db);
  const [deviceKey] = await cookieKeys(db);
  if (!deviceKey) throw new Error('The server has no cookie key.');
  await loginPages(app, { provider, db, config, throttle, deviceKey });
  await passwordResetPages(app, { db, mailer, config });
  await confirmationPages(app, { db, config });
}
