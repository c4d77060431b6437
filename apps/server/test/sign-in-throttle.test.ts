// Failed sign-ins slow down, nobody is locked out, nothing tells which addresses have an account:
// the count per account name and per client lives in PostgreSQL (shared by every API process), the
// wait doubles past the allowance, and the owner's own device gets through a stranger's guessing.
import { describe, expect, it } from 'vitest';
import { buildServer } from '../src/app.js';
import { DEMO_PASSWORD } from '../src/domain/demo-data.js';
import { createPostgresStore } from '../src/security/rate-limit-store.js';
import { ACCOUNT_FAILURES, CLIENT_FAILURES, FAILURE_WINDOW_MS } from '../src/security/sign-in-throttle.js';
import { Browser } from './support/browser.js';
import { databaseKinds, demoEmail, useTestServer } from './support/harness.js';
import { freePort } from './support/postgres-cluster.js';
import { startSignIn } from './support/sign-in-flow.js';

describe.each(databaseKinds())('sign-in throttle on %s', (kind) => {
  const t = useTestServer(kind, { listen: true, resetEachTest: true });

  /** One login form post, from `client` (its address, through the proxy header the server trusts). */
  async function attempt(origin: string, browser: Browser, email: string, password: string, client = '203.0.113.7') {
    const { uid } = await startSignIn(browser, origin, { uiLocales: 'en' });
    const res = await browser.fetch(`${origin}/Identity/Account/Login?uid=${uid}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': client },
      body: new URLSearchParams({ uid, email, password, lang: 'en' }).toString(),
    });
    const text = await res.text();
    // What the page says, without what differs by request (form id, typed address).
    const said = text.replaceAll(uid, 'UID').replaceAll(email, 'EMAIL');
    return { status: res.status, said, retryAfter: res.headers.get('retry-after') };
  }

  async function fail(times: number, email: string, client?: string, browser = new Browser()) {
    for (let i = 0; i < times; i++) await attempt(t.config.origin, browser, email, 'wrong-guess', client);
  }

  it('answers an unknown and a throttled real account alike, and never locks the account itself', async () => {
    const real = demoEmail('Creator');
    const unknown = 'nobody.here@demo.reviewdesk.test';
    await fail(ACCOUNT_FAILURES + 1, real, '203.0.113.1');
    await fail(ACCOUNT_FAILURES + 1, unknown, '203.0.113.2');
    const onReal = await attempt(t.config.origin, new Browser(), real, DEMO_PASSWORD, '203.0.113.3');
    const onUnknown = await attempt(t.config.origin, new Browser(), unknown, DEMO_PASSWORD, '203.0.113.4');
    expect(onReal.status).toBe(429);
    expect(onReal.said).toContain('Too many sign-in attempts.');
    expect(onUnknown.status).toBe(onReal.status);
    expect(onUnknown.said.replace(/\d+ seconds/, 'N seconds')).toBe(onReal.said.replace(/\d+ seconds/, 'N seconds'));
    expect(Number(onReal.retryAfter)).toBeGreaterThan(FAILURE_WINDOW_MS / 1000 - 60);
    // No lock is written on the account.
    const user = await t.server.database.db
      .selectFrom('users')
      .select(['locked_until', 'failed_sign_ins'])
      .where('email', '=', real)
      .executeTakeFirstOrThrow();
    expect(user.locked_until).toBeNull();
  });

  it('lets the owner in from their own device while a stranger guesses their password', async () => {
    const email = demoEmail('Reviewer');
    const own = new Browser();
    expect((await attempt(t.config.origin, own, email, DEMO_PASSWORD, '198.51.100.10')).status).toBe(303);
    await fail(ACCOUNT_FAILURES + 3, email, '203.0.113.66');
    // Another browser is throttled with the right password too …
    expect((await attempt(t.config.origin, new Browser(), email, DEMO_PASSWORD, '198.51.100.11')).status).toBe(429);
    // … the owner's own device is not.
    const owner = await attempt(t.config.origin, own, email, DEMO_PASSWORD, '198.51.100.10');
    expect(owner.status).toBe(303);
  });

  it('throttles a client that sprays many addresses, and only that client', async () => {
    for (let i = 0; i <= CLIENT_FAILURES; i++) {
      await fail(1, `guess-${i}@demo.reviewdesk.test`, '203.0.113.99');
    }
    const sprayer = await attempt(t.config.origin, new Browser(), demoEmail('Manager'), DEMO_PASSWORD, '203.0.113.99');
    expect(sprayer.status).toBe(429);
    const someoneElse = await attempt(t.config.origin, new Browser(), demoEmail('Manager'), DEMO_PASSWORD, '192.0.2.5');
    expect(someoneElse.status).toBe(303);
    // The owner who signed in before from that browser gets through even from the sprayer's address.
    const own = new Browser();
    await attempt(t.config.origin, own, demoEmail('Viewer'), DEMO_PASSWORD, '192.0.2.6');
    expect((await attempt(t.config.origin, own, demoEmail('Viewer'), DEMO_PASSWORD, '203.0.113.99')).status).toBe(303);
  });

  it('shares the counts between API processes on the same database', async () => {
    const port = await freePort();
    const second = await buildServer(
      { ...t.config, port, origin: `http://127.0.0.1:${port}` },
      { database: t.server.database },
    );
    await second.app.listen({ port, host: '127.0.0.1' });
    try {
      const email = demoEmail('Manager');
      await fail(ACCOUNT_FAILURES + 1, email, '203.0.113.20');
      const there = await attempt(`http://127.0.0.1:${port}`, new Browser(), email, DEMO_PASSWORD, '203.0.113.21');
      expect(there.status).toBe(429);
    } finally {
      await second.app.close();
    }
  });

  it('doubles the wait with each failure past the allowance', async () => {
    const Store = createPostgresStore(t.server.database.db);
    const store = new Store({ exponentialBackoff: true });
    const hit = () =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        store.incr('test:backoff', (error, result) => (error || !result ? reject(error) : resolve(result)), 10_000, 2),
      );
    const ttls: number[] = [];
    for (let i = 0; i < 5; i++) ttls.push((await hit()).ttl);
    // Within the allowance the window runs out; past it the wait is 10 s, 20 s, 40 s.
    expect(ttls[0]).toBeLessThanOrEqual(10_000);
    expect(ttls[2]).toBeGreaterThan(9_000);
    expect(ttls[3]).toBeGreaterThan(19_000);
    expect(ttls[4]).toBeGreaterThan(39_000);
    expect(ttls[4]).toBeLessThanOrEqual(40_000);
  });
});
