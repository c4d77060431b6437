// Licences over the API: the licence in force, activation with a vendor-signed code (and every way a
// code is refused), the credits an import then takes from it, and the two histories paged by
// continuation token — per permission and never across tenants.
import { spawnSync } from 'node:child_process';
import { createPrivateKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LicencesRepository } from '../src/db/repositories/licences.js';
import { issueActivationCode, type LicenceData } from '../src/domain/licences/activation-codes.js';
import { DEMO_VENDOR_PRIVATE_KEY } from '../src/scripts/demo-licence-vendor.js';
import { ACME_ID, databaseKinds, demoEmail, GLOBEX_ADMIN, GLOBEX_ID, useTestServer } from './support/harness.js';
import { processTaskNow } from './support/processed-task.js';
import { importInvoice } from './support/task-import.js';

const API = '/api/v1';
const vendorKey = createPrivateKey(DEMO_VENDOR_PRIVATE_KEY);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
let serial = 0;

function code(overrides: Partial<LicenceData> = {}, key: KeyObject = vendorKey): string {
  serial++;
  return issueActivationCode(key, {
    licenseId: `RD-TEST-${Date.now()}-${serial}`,
    volume: 5000,
    expirationDate: inDays(365),
    ...overrides,
  });
}

/** A code whose signed part is `payload` verbatim (for data a well-behaved issuer would never sign). */
function signedRaw(payload: string): string {
  const body = `RDL1.${Buffer.from(payload).toString('base64url')}`;
  return `${body}.${sign(null, Buffer.from(body), vendorKey).toString('base64url')}`;
}

interface License {
  id: string;
  tenantId: string;
  isTrial: boolean;
  volume: number;
  currentVolume: number;
  expired: boolean;
  expirationDate: string | null;
}
interface Result {
  succeeded: boolean;
  errors: Array<{ code: number; message: string }>;
  result?: License;
}

describe.each(databaseKinds())('licences on %s', (kind) => {
  const t = useTestServer(kind, { resetEachTest: true });
  const as = (role: string) => t.tokenFor(demoEmail(role));
  const activate = async (activationCode: string, token?: string) =>
    t.call('POST', `${API}/License/Activate`, {
      token: token ?? (await as('Administrator')),
      body: { activationCode },
    });
  const current = async (token?: string) =>
    t.call('GET', `${API}/License/Get`, { token: token ?? (await as('Administrator')) });
  const licenceRows = () => t.server.database.db.selectFrom('licences').selectAll().execute();

  describe('License_Get', () => {
    it('answers the tenant’s own trial licence', async () => {
      const acme = await current();
      expect(acme.status).toBe(200);
      expect(acme.body).toMatchObject({ tenantId: ACME_ID, isTrial: true, volume: 100_000, expired: false });
      const globex = await current(await t.tokenFor(GLOBEX_ADMIN));
      expect(globex.body).toMatchObject({ tenantId: GLOBEX_ID, isTrial: true });
      expect((globex.body as License).id).not.toBe((acme.body as License).id);
    });

    it('shows the licence that ended last once none runs, and 404 without any', async () => {
      await t.server.database.db
        .updateTable('licences')
        .set({ expiration_date: new Date(Date.now() - 86_400_000) })
        .where('tenant_id', '=', ACME_ID)
        .execute();
      expect((await current()).body).toMatchObject({ isTrial: true, expired: true });
      await t.server.database.db.deleteFrom('licences').where('tenant_id', '=', ACME_ID).execute();
      expect((await current()).status).toBe(404);
    });

    it('answers 403 to a Manager, a Reviewer and when Licensing.View is blacklisted', async () => {
      expect((await current(await as('Manager'))).status).toBe(403);
      expect((await current(await as('Reviewer'))).status).toBe(403);
      expect((await current(await as('Developer'))).status).toBe(200);
      await t.server.database.db
        .insertInto('ability_blacklist')
        .values({ tenant_id: ACME_ID, ability: 'Licensing.View' })
        .execute();
      expect((await current()).status).toBe(403);
    });
  });

  describe('License_Activate', () => {
    it('activates a signed code, ends the trial and answers the new licence', async () => {
      const expires = inDays(200);
      const answer = await activate(
        code({ volume: 2500, expirationDate: expires, storeUrl: 'https://shop.example/rd' }),
      );
      expect(answer.status).toBe(200);
      const { result } = answer.body as Result;
      expect(answer.body).toMatchObject({ succeeded: true, errors: [] });
      expect(result).toMatchObject({
        tenantId: ACME_ID,
        isTrial: false,
        volume: 2500,
        currentVolume: 2500,
        expired: false,
        expirationDate: new Date(expires).toISOString(),
        storeUrl: 'https://shop.example/rd',
      });
      expect((await current()).body).toEqual(result);
      const trial = (await licenceRows()).find((row) => row.tenant_id === ACME_ID && row.is_trial);
      expect(new Date(trial?.expiration_date as Date).getTime()).toBeLessThanOrEqual(Date.now());
      // Globex keeps its trial.
      expect((await current(await t.tokenFor(GLOBEX_ADMIN))).body).toMatchObject({ isTrial: true, expired: false });
    });

    it('refuses a used, forged, tampered, malformed, expired or foreign code, storing nothing', async () => {
      const good = code();
      expect((await activate(good)).body).toMatchObject({ succeeded: true });
      const before = await licenceRows();
      const codeOf = async (activationCode: string, token?: string) => {
        const answer = await activate(activationCode, token);
        expect(answer.status).toBe(200);
        expect((answer.body as Result).succeeded).toBe(false);
        expect((answer.body as Result).errors[0]?.message).toBeTruthy();
        return (answer.body as Result).errors[0]?.code;
      };
      // Used: again here, and in another tenant.
      expect(await codeOf(good)).toBe(1);
      expect(await codeOf(good, await t.tokenFor(GLOBEX_ADMIN))).toBe(1);
      // Forged: signed by a key that is not the vendor's.
      expect(await codeOf(code({}, generateKeyPairSync('ed25519').privateKey))).toBe(2);
      // Tampered: the vendor's signature over other data.
      const [prefix, , signature] = code({ volume: 10 }).split('.');
      const richer = Buffer.from(JSON.stringify({ licenseId: 'RD-RICH', volume: 1e9, expirationDate: null }));
      expect(await codeOf(`${prefix}.${richer.toString('base64url')}.${signature}`)).toBe(2);
      // Malformed.
      for (const bad of ['hello', 'RDL1.abc', 'RDL2.abc.def', 'RDL1.a$c.def', `${good}.extra`, 'RDL1.abc.def']) {
        expect(await codeOf(bad)).toBe(2);
      }
      // Expired.
      expect(await codeOf(code({ expirationDate: inDays(-1) }))).toBe(8);
      // For another tenant.
      expect(await codeOf(code({ tenantId: GLOBEX_ID }))).toBe(4);
      // Signed but not licence data.
      expect(await codeOf(signedRaw('not json'))).toBe(10);
      expect(await codeOf(signedRaw(JSON.stringify({ licenseId: '  ', volume: 5, expirationDate: null })))).toBe(9);
      expect(await codeOf(signedRaw(JSON.stringify({ licenseId: 'RD-X', volume: -5, expirationDate: null })))).toBe(4);
      expect(await codeOf(signedRaw(JSON.stringify({ licenseId: 'TRIAL', volume: 5, expirationDate: null })))).toBe(4);
      expect(await licenceRows()).toEqual(before);
    });

    it('accepts a code issued for this tenant, once, when two activations race', async () => {
      const mine = code({ tenantId: ACME_ID });
      const token = await as('Administrator');
      const answers = await Promise.all([activate(mine, token), activate(mine, token)]);
      const outcomes = answers.map((a) => (a.body as Result).succeeded).sort();
      expect(outcomes).toEqual([false, true]);
      expect(answers.map((a) => (a.body as Result).errors[0]?.code).filter(Boolean)).toEqual([1]);
      expect((await licenceRows()).filter((row) => !row.is_trial)).toHaveLength(1);
    });

    it('answers 400 to an empty code and 403 to a Manager, a Reviewer or a blacklisted administrator', async () => {
      expect((await activate('')).status).toBe(400);
      expect((await activate(code(), await as('Manager'))).status).toBe(403);
      expect((await activate(code(), await as('Reviewer'))).status).toBe(403);
      await t.server.database.db
        .insertInto('ability_blacklist')
        .values({ tenant_id: ACME_ID, ability: 'Licensing.ActivateLicense' })
        .execute();
      expect((await activate(code())).status).toBe(403);
      expect((await licenceRows()).filter((row) => !row.is_trial)).toHaveLength(0);
    });

    it('activates what the issuing command prints', () => {
      const printed = spawnSync(
        join(import.meta.dirname, '..', 'node_modules', '.bin', 'tsx'),
        ['src/scripts/issue-licence.ts', '--volume', '321', '--days', '10', '--tenant', ACME_ID],
        { cwd: join(import.meta.dirname, '..'), encoding: 'utf8' },
      );
      expect(printed.status, printed.stderr).toBe(0);
      return activate(printed.stdout.trim()).then((answer) => {
        expect(answer.body).toMatchObject({ succeeded: true, result: { volume: 321, tenantId: ACME_ID } });
      });
    });
  });

  describe('imports draw on the activated licence', () => {
    it('takes a processed file’s credits from it and lists the usage', async () => {
      const activated = ((await activate(code({ volume: 40 }))).body as Result).result as License;
      const taskId = await importInvoice(t, await as('Creator'));
      const task = await processTaskNow(t, taskId, { maxStages: 1 });
      expect(task.status).not.toBe(37);
      const after = (await current()).body as License;
      expect(after.id).toBe(activated.id);
      expect(after.currentVolume).toBeLessThan(40);
      const usage = await t.call('POST', `${API}/License/GetLicenseVolumeHistory`, {
        token: await as('Administrator'),
        body: {},
      });
      expect(usage.status).toBe(200);
      expect(usage.body).toMatchObject({
        continuationToken: null,
        items: [{ licenseId: activated.id, totalVolume: 40, currentVolume: after.currentVolume, taskType: 'Invoice' }],
      });
      // Globex sees none of it.
      const globex = await t.call('POST', `${API}/License/GetLicenseVolumeHistory`, {
        token: await t.tokenFor(GLOBEX_ADMIN),
        body: {},
      });
      expect(globex.body).toEqual({ items: [], continuationToken: null });
    });

    it('refuses a file the activated volume cannot pay for once the trial has ended', async () => {
      await activate(code({ volume: 0.5 }));
      const taskId = await importInvoice(t, await as('Creator'));
      const task = await processTaskNow(t, taskId, { maxStages: 1 });
      expect(task.status).toBe(36);
    });
  });

  describe('License_GetLicenseVolumeHistory', () => {
    async function seedUsage(tenantId: string, count: number) {
      const [licence] = await new LicencesRepository(t.server.database.db, tenantId).list();
      if (!licence) throw new Error('no licence');
      for (let i = 0; i < count; i++) {
        await new LicencesRepository(t.server.database.db, tenantId).recordUsage({
          licenceId: licence.id,
          taskId: null,
          taskType: 'Invoice',
          documentName: `doc-${i}.pdf`,
          totalPages: 1,
          creditsSpent: 1,
          creditsPerUnit: 1,
          currentVolume: 100_000 - i - 1,
          totalVolume: 100_000,
          status: 34,
        });
      }
      return licence.id;
    }
    const usage = async (body: object, continuationToken?: string, token?: string) =>
      t.call('POST', `${API}/License/GetLicenseVolumeHistory`, {
        token: token ?? (await as('Administrator')),
        body,
        ...(continuationToken ? { query: { continuationToken } } : {}),
      });

    it('pages newest first by continuation token, with nothing repeated or skipped', async () => {
      const licenceId = await seedUsage(ACME_ID, 7);
      await seedUsage(GLOBEX_ID, 3);
      const seen: string[] = [];
      const dates: string[] = [];
      let token: string | undefined;
      let pages = 0;
      do {
        const answer = await usage({ pageSize: 3, licenseId: licenceId }, token);
        expect(answer.status).toBe(200);
        const body = answer.body as {
          items: Array<{ documentName: string; processDate: string }>;
          continuationToken: string | null;
        };
        seen.push(...body.items.map((item) => item.documentName));
        dates.push(...body.items.map((item) => item.processDate));
        token = body.continuationToken ?? undefined;
        pages++;
      } while (token);
      expect(pages).toBe(3);
      // Rows written in the same millisecond tie on their date; the keyset's id decides between them.
      expect([...seen].sort()).toEqual([
        'doc-0.pdf',
        'doc-1.pdf',
        'doc-2.pdf',
        'doc-3.pdf',
        'doc-4.pdf',
        'doc-5.pdf',
        'doc-6.pdf',
      ]);
      expect(dates).toEqual([...dates].sort().reverse());
    });

    it('filters by date and refuses bad filters and foreign or forged tokens', async () => {
      await seedUsage(ACME_ID, 4);
      const future = await usage({ fromDate: inDays(1) });
      expect(future.body).toEqual({ items: [], continuationToken: null });
      expect((await usage({ fromDate: inDays(1), toDate: inDays(-1) })).status).toBe(400);
      expect((await usage({ licenseId: 'TRIAL' })).status).toBe(400);
      expect((await usage({ pageSize: 0 })).status).toBe(400);
      const first = (await usage({ pageSize: 2 })).body as { continuationToken: string };
      expect((await usage({ pageSize: 2 }, `${first.continuationToken}x`)).status).toBe(400);
      // The same token for another filter, or in another tenant.
      expect((await usage({ pageSize: 2, fromDate: inDays(-5) }, first.continuationToken)).status).toBe(400);
      await seedUsage(GLOBEX_ID, 4);
      expect((await usage({ pageSize: 2 }, first.continuationToken, await t.tokenFor(GLOBEX_ADMIN))).status).toBe(400);
    });

    it('answers 403 to a Manager and when Licensing.ViewUsageHistory is blacklisted', async () => {
      expect((await usage({}, undefined, await as('Manager'))).status).toBe(403);
      await t.server.database.db
        .insertInto('ability_blacklist')
        .values({ tenant_id: ACME_ID, ability: 'Licensing.ViewUsageHistory' })
        .execute();
      expect((await usage({})).status).toBe(403);
    });
  });

  describe('License_GetLicenseHistory', () => {
    const history = async (continuationToken?: string, token?: string) =>
      t.call('GET', `${API}/License/GetLicenseHistory`, {
        token: token ?? (await as('Administrator')),
        ...(continuationToken ? { query: { continuationToken } } : {}),
      });

    it('lists the tenant’s licences newest first with their activation data', async () => {
      const activationCode = code({ volume: 77 });
      await activate(activationCode);
      const answer = await history();
      expect(answer.status).toBe(200);
      const { items, continuationToken } = answer.body as {
        items: Array<License & { licenseId: string; activationCode: string | null; licenseData: string | null }>;
        continuationToken: string | null;
      };
      expect(continuationToken).toBeNull();
      expect(items).toHaveLength(2);
      expect(items[0]).toMatchObject({ volume: 77, isTrial: false, activationCode, expired: false });
      expect(JSON.parse(items[0]?.licenseData ?? '{}')).toMatchObject({ volume: 77 });
      expect(items[1]).toMatchObject({ licenseId: 'TRIAL', isTrial: true, expired: true, activationCode: null });
      const globex = (await history(undefined, await t.tokenFor(GLOBEX_ADMIN))).body as { items: License[] };
      expect(globex.items.map((item) => item.tenantId)).toEqual([GLOBEX_ID]);
    });

    it('pages by continuation token past 50 licences', async () => {
      const repo = new LicencesRepository(t.server.database.db, ACME_ID);
      for (let i = 0; i < 55; i++) {
        await repo.activate({
          id: crypto.randomUUID(),
          licence_key: `RD-PAGE-${i}`,
          activation_code: null,
          volume: 1,
          current_volume: 1,
          activation_date: new Date(Date.now() - i * 60_000),
          expiration_date: null,
          store_url: null,
        });
      }
      const first = (await history()).body as { items: Array<{ licenseId: string }>; continuationToken: string };
      expect(first.items).toHaveLength(50);
      const second = (await history(first.continuationToken)).body as {
        items: Array<{ licenseId: string }>;
        continuationToken: string | null;
      };
      expect(second.continuationToken).toBeNull();
      const ids = [...first.items, ...second.items].map((item) => item.licenseId);
      expect(new Set(ids).size).toBe(56);
      expect(ids[0]).toBe('RD-PAGE-0');
      expect((await history('nonsense')).status).toBe(400);
    });

    it('answers 403 to a Manager and a Viewer', async () => {
      expect((await history(undefined, await as('Manager'))).status).toBe(403);
      expect((await history(undefined, await as('Viewer'))).status).toBe(403);
    });
  });
});
