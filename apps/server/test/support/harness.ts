// One server per test file, on each database the run has (PGlite always, PostgreSQL when
// available). Every answer is checked against the contract; a test fails when one does not match.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importJWK, SignJWT } from 'jose';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { buildServer, type Server } from '../../src/app.js';
import { loadConfig, type ServerConfig } from '../../src/config.js';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { DEMO_DOMAIN, demoId } from '../../src/domain/demo-data.js';
import { seedDemo } from '../../src/domain/demo-seed.js';
import type { ResponseViolation } from '../../src/http/binder.js';
import { API_AUDIENCE } from '../../src/identity/provider.js';
import { signingKeys } from '../../src/identity/server-secrets.js';
import type { Stage } from '../../src/pipeline/worker/stage.js';
import type { BlobStoreSetting } from '../../src/storage/blob-storage.js';
import { readPgliteDump } from './migrated-templates.js';
import { createDatabase, freePort } from './postgres-cluster.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** The databases this run covers: PGlite always, PostgreSQL when the global setup found one. */
export function databaseKinds(): DatabaseKind[] {
  return inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite'];
}

async function openTestDatabase(kind: DatabaseKind): Promise<{ database: DatabaseHandle; url?: string }> {
  if (kind === 'pglite')
    return { database: await openDatabase({ pgliteDump: readPgliteDump(inject('pgliteDumpFile')) }) };
  const serverUrl = inject('postgresUrl');
  if (!serverUrl) throw new Error('no PostgreSQL for this run');
  const name = `reviewdesk_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  // From the migrated template; should that be refused (a session still on it), empty and migrated here.
  const url =
    (template ? await createDatabase(serverUrl, name, template).catch(() => undefined) : undefined) ??
    // A TEST_DATABASE_URL without the right to create databases: use it as it is (tables are reset).
    (await createDatabase(serverUrl, name).catch(() => serverUrl));
  return { database: await openDatabase({ databaseUrl: url }), url };
}

export interface TestServer {
  server: Server;
  config: ServerConfig;
  /** The PostgreSQL database of the server (for a second replica on it); undefined on PGlite. */
  databaseUrl: string | undefined;
  violations: ResponseViolation[];
  /** Empties every table and seeds the demo data again (workspace members included). */
  reset(): Promise<void>;
  /** An access token for a demo user, signed with the provider's key (the sign-in test covers the real flow). */
  tokenFor(email: string): Promise<string>;
  call(method: string, url: string, options?: CallOptions): Promise<CallResult>;
}

export interface CallOptions {
  token?: string | undefined;
  query?: Record<string, string | string[]>;
  body?: unknown;
}

export interface CallResult {
  status: number;
  body: unknown;
  text: string;
}

const TABLES = [
  'rate_limit_counters',
  'account_tokens',
  'api_secrets',
  'task_events',
  'tasks',
  'batches',
  'workspaces',
  'ability_blacklist',
  'tenant_memberships',
  'users',
  'tenants',
];

export function demoEmail(role: string): string {
  return `${role.toLowerCase()}@${DEMO_DOMAIN}`;
}

export const GLOBEX_ADMIN = `admin@globex.${DEMO_DOMAIN}`;
export const ACME_ID = demoId('tenant:acme');
export const GLOBEX_ID = demoId('tenant:globex');
export const userIdOf = (email: string) => demoId(`user:${email}`);

/**
 * Registers beforeAll/afterAll/afterEach for one server on `kind` and returns it (filled in
 * beforeAll). `listen` starts a real HTTP listener for tests that drive the browser flow with fetch.
 */
export function useTestServer(
  kind: DatabaseKind,
  options: {
    listen?: boolean;
    resetEachTest?: boolean;
    /** Opt-in processing workers with these stages; API tests run without (tasks stay where the API put them). */
    workers?: {
      count: number;
      stages: Stage[];
      /** WORKER_POLL_SECONDS in ms (the safety-net poll). */
      pollMs?: number;
    };
    /** Send mail through this SMTP server (e.g. a loopback inbox, see smtp-inbox.ts); the outbox folder otherwise. */
    smtpUrl?: () => string;
    /** Run the notifier every this many ms, as a server does (off in tests that do not ask). */
    notifyEveryMs?: number;
    /** Keep the blobs in this store (e.g. a loopback S3 server, see s3-server.ts); the data folder otherwise. */
    blobStore?: () => BlobStoreSetting;
  } = {},
): TestServer {
  const violations: ResponseViolation[] = [];
  const harness = { violations } as TestServer;
  const harnessGrants: string[] = [];

  beforeAll(async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'reviewdesk-test-'));
    const config: ServerConfig = {
      ...loadConfig({ PORT: String(port), DATA_DIR: dataDir }),
      host: '127.0.0.1',
      origin: `http://127.0.0.1:${port}`,
      databaseUrl: undefined,
      smtpUrl: options.smtpUrl?.(),
      notificationIntervalMs: options.notifyEveryMs ?? 0,
      workers: options.workers?.count ?? 0,
      ...(options.workers?.pollMs ? { workerPollMs: options.workers.pollMs } : {}),
      folderMonitorFile: inject('folderMonitorFile'),
      ...(options.blobStore ? { blobStore: options.blobStore() } : {}),
    };
    const { database, url: databaseUrl } = await openTestDatabase(kind);
    const server = await buildServer(config, {
      database,
      onResponseViolation: (v) => violations.push(v),
      ...(options.workers ? { stages: options.workers.stages } : {}),
    });
    if (options.listen) await server.app.listen({ port, host: '127.0.0.1' });
    const keys = await signingKeys(database.db);
    const key = keys[0];
    if (!key) throw new Error('no signing key');
    const privateKey = await importJWK(key, 'RS256');

    Object.assign(harness, {
      server,
      config,
      databaseUrl,
      async reset() {
        await sql`truncate table ${sql.join(TABLES.map((t) => sql.table(t)))} cascade`.execute(database.db);
        // Provider state goes too, but the grants of tokenFor stay: its tokens outlive a reset, as they did when they were only signed.
        let payloads = database.db.deleteFrom('oidc_payloads');
        if (harnessGrants.length > 0) {
          payloads = payloads.where((eb) => eb.not(eb.and([eb('model', '=', 'Grant'), eb('id', 'in', harnessGrants)])));
        }
        await payloads.execute();
        await seedDemo(database.db);
      },
      async tokenFor(email: string) {
        // A real grant, as a sign-in leaves one: the server honours a user token only while it stands.
        const grant = new server.identity.provider.Grant({ accountId: userIdOf(email), clientId: 'reviewdesk-web' });
        const gid = await grant.save();
        harnessGrants.push(gid);
        return new SignJWT({ client_id: 'reviewdesk-web', scope: 'openid profile email api', gid })
          .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: key.kid as string })
          .setIssuer(config.origin)
          .setAudience(API_AUDIENCE)
          .setSubject(userIdOf(email))
          .setIssuedAt()
          .setExpirationTime('10m')
          .setJti(randomBytes(8).toString('hex'))
          .sign(privateKey);
      },
      async call(method: string, url: string, callOptions: CallOptions = {}) {
        const response = await server.app.inject({
          method: method as 'GET',
          url,
          query: callOptions.query,
          headers: callOptions.token ? { authorization: `Bearer ${callOptions.token}` } : {},
          ...(callOptions.body === undefined ? {} : { payload: callOptions.body as object }),
        });
        let body: unknown = response.body;
        try {
          body = JSON.parse(response.body);
        } catch {}
        return { status: response.statusCode, body, text: response.body };
      },
    } satisfies Omit<TestServer, 'violations'>);
  });

  if (options.resetEachTest) beforeEach(() => harness.reset());

  afterEach(() => {
    const seen = violations.splice(0);
    expect(seen, 'every answer must match the contract').toEqual([]);
  });

  afterAll(async () => {
    await harness.server?.close();
    await harness.server?.database.close();
  });

  return harness;
}
