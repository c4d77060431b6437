// Tenant API secrets: listed without their secret, shown once at creation, stored hashed, renewed
// with a new secret — and the client-credentials grant of the OpenID provider, driven over HTTP,
// accepts a secret until its expiration and refuses it after (and after a rotation).
import { describe, expect, it } from 'vitest';
import { ACME_ID, databaseKinds, demoEmail, GLOBEX_ADMIN, GLOBEX_ID, useTestServer } from './support/harness.js';

interface Credential {
  clientId: string;
  clientSecret: string | null;
  expiration: string;
  expired: boolean;
}

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(databaseKinds())('tenant API secrets on %s', (kind) => {
  const t = useTestServer(kind, { listen: true, resetEachTest: true });
  const as = (role: string) => t.tokenFor(demoEmail(role));

  async function create(expiration: string, token?: string) {
    return t.call('POST', '/api/v1/Tenant/Secrets/Create', {
      token: token ?? (await as('Administrator')),
      query: { expiration },
    });
  }

  /** POST /connect/token with HTTP Basic, as an integration would. */
  function grant(clientId: string, secret: string) {
    return fetch(`${t.config.origin}/connect/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'api' }),
    });
  }

  describe('Tenant_SecretsCreate', () => {
    it('shows the secret once, stores only its hash, and the grant accepts it', async () => {
      const res = await create(inHours(24));
      expect(res.status).toBe(200);
      const { result } = res.body as { succeeded: boolean; result: Credential };
      expect(res.body).toMatchObject({ succeeded: true, errors: [] });
      expect(result.clientSecret).toMatch(/^[\w-]{40,}$/);
      expect(result.expired).toBe(false);
      const row = await t.server.database.db
        .selectFrom('api_secrets')
        .selectAll()
        .where('client_id', '=', result.clientId)
        .executeTakeFirstOrThrow();
      expect(row.tenant_id).toBe(ACME_ID);
      expect(row.client_secret).not.toContain(result.clientSecret as string);
      expect(row.client_secret.startsWith('sha256$')).toBe(true);

      const token = await grant(result.clientId, result.clientSecret as string);
      expect(token.status).toBe(200);
      const { access_token } = (await token.json()) as { access_token: string };
      expect(await t.server.identity.verifyBearer(access_token)).toEqual({
        kind: 'client',
        clientId: result.clientId,
        tenantId: ACME_ID,
      });
      // The stored hash itself is not a secret that works.
      expect((await grant(result.clientId, row.client_secret)).status).toBe(401);
      expect((await grant(result.clientId, 'wrong-secret')).status).toBe(401);
    });

    it('stops the grant once the expiration has passed', async () => {
      const res = await create(new Date(Date.now() + 1500).toISOString());
      const { result } = res.body as { result: Credential };
      expect((await grant(result.clientId, result.clientSecret as string)).status).toBe(200);
      await sleep(1700);
      const refused = await grant(result.clientId, result.clientSecret as string);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { error: string }).error).toBe('invalid_client');
      const list = await t.call('GET', '/api/v1/Tenant/Secrets', { token: await as('Administrator') });
      expect((list.body as Credential[])[0]).toMatchObject({ clientId: result.clientId, expired: true });
    });

    it('rejects a missing, malformed or past expiration', async () => {
      const token = await as('Administrator');
      const missing = await t.call('POST', '/api/v1/Tenant/Secrets/Create', { token });
      expect(missing.status).toBe(400);
      expect((missing.body as { message: string }).message).toBe("The parameter 'expiration' must be defined.");
      expect((await create('tomorrow', token)).status).toBe(400);
      const past = await create(new Date(Date.now() - 60_000).toISOString(), token);
      expect(past.status).toBe(400);
      expect((past.body as { message: string }).message).toContain('future');
    });

    it('answers 403 for a Manager and when Tenant.CreateSecrets is blacklisted', async () => {
      expect((await create(inHours(1), await as('Manager'))).status).toBe(403);
      await t.server.database.db
        .insertInto('ability_blacklist')
        .values({ tenant_id: ACME_ID, ability: 'Tenant.CreateSecrets' })
        .execute();
      expect((await create(inHours(1))).status).toBe(403);
    });
  });

  describe('Tenant_Secrets', () => {
    it('lists the tenant’s credentials without their secrets', async () => {
      const token = await as('Administrator');
      expect((await t.call('GET', '/api/v1/Tenant/Secrets', { token })).body).toEqual([]);
      const created = ((await create(inHours(48), token)).body as { result: Credential }).result;
      const list = await t.call('GET', '/api/v1/Tenant/Secrets', { token });
      expect(list.status).toBe(200);
      expect(list.body).toEqual([{ ...created, clientSecret: null }]);
      expect(list.text).not.toContain(created.clientSecret as string);
    });

    it('answers 403 for a Manager', async () => {
      expect((await t.call('GET', '/api/v1/Tenant/Secrets', { token: await as('Manager') })).status).toBe(403);
    });

    it('shows another tenant none of them', async () => {
      const created = ((await create(inHours(48))).body as { result: Credential }).result;
      const globex = await t.call('GET', '/api/v1/Tenant/Secrets', { token: await t.tokenFor(GLOBEX_ADMIN) });
      expect(globex.body).toEqual([]);
      expect(globex.text).not.toContain(created.clientId);
    });
  });

  describe('Tenant_SecretsUpdate', () => {
    const renew = async (expiration: string, token?: string) =>
      t.call('POST', '/api/v1/Tenant/Secrets/Update', {
        token: token ?? (await as('Administrator')),
        query: { expiration },
      });

    it('rotates the secret and moves the expiration, keeping the client id', async () => {
      const first = ((await create(inHours(1))).body as { result: Credential }).result;
      const expiration = inHours(72);
      const res = await renew(expiration);
      expect(res.status).toBe(200);
      const renewed = (res.body as { result: Credential }).result;
      expect(renewed).toMatchObject({ clientId: first.clientId, expiration, expired: false });
      expect(renewed.clientSecret).not.toBe(first.clientSecret);
      expect((await grant(first.clientId, first.clientSecret as string)).status).toBe(401);
      expect((await grant(renewed.clientId, renewed.clientSecret as string)).status).toBe(200);
    });

    it('says so when there is nothing to renew', async () => {
      const res = await renew(inHours(1));
      expect(res).toMatchObject({ status: 200, body: { succeeded: false } });
    });

    it('rejects a past expiration', async () => {
      await create(inHours(1));
      expect((await renew(new Date(Date.now() - 1000).toISOString())).status).toBe(400);
    });

    it('answers 403 for a Manager', async () => {
      expect((await renew(inHours(1), await as('Manager'))).status).toBe(403);
    });

    it('renews only the caller’s tenant’s credential', async () => {
      const acme = ((await create(inHours(1))).body as { result: Credential }).result;
      const globex = await renew(inHours(5), await t.tokenFor(GLOBEX_ADMIN));
      expect(globex.body).toMatchObject({ succeeded: false });
      expect((await grant(acme.clientId, acme.clientSecret as string)).status).toBe(200);
      const rows = await t.server.database.db.selectFrom('api_secrets').select('tenant_id').execute();
      expect(rows.map((r) => r.tenant_id)).not.toContain(GLOBEX_ID);
    });
  });
});
