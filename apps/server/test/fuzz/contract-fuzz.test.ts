// Bad input is a 400, never a 500. For every operation of the contract, requests sampled from its
// schemas are broken by a seeded generator (mutations.ts) and sent to the real server as a
// signed-in user of Acme and as a user of Globex. No answer may be a 5xx (501 only for an operation
// without a handler), no answer may carry the other tenant's marker, and the server must still
// answer normal calls afterwards. FUZZ_SEED reproduces a run; FUZZ_AIMED and FUZZ_RANDOM widen it.
import { describe, expect, it } from 'vitest';
import type { OperationSpec } from '../../src/contract/contract.js';
import { DEMO_BATCHES, DEMO_WORKSPACES, demoId } from '../../src/domain/demo-data.js';
import { handlers } from '../../src/http/handlers/index.js';
import { fillPath, formPayload, multipartSchema, queryString, sampleRequest } from '../support/contract-samples.js';
import {
  ACME_ID,
  databaseKinds,
  demoEmail,
  GLOBEX_ADMIN,
  GLOBEX_ID,
  type TestServer,
  userIdOf,
  useTestServer,
} from '../support/harness.js';
import { importInvoice } from '../support/task-import.js';
import { aim, type FuzzRequest, type IdPool, mutate, seededRandom, shuffled, slotsOf } from './mutations.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
/**
 * Requests per operation: up to AIMED aimed at one argument each (text gets NUL and surrogates,
 * numbers get extremes), then RANDOM random mutations. With 177 operations this keeps a run near
 * a minute per database on this 2-core machine.
 */
const AIMED = Number(process.env.FUZZ_AIMED ?? 12);
const RANDOM = Number(process.env.FUZZ_RANDOM ?? 5);
/** One request in this many is sent by Globex's admin with Acme's ids. */
const FOREIGN_EVERY = 4;

const MARKER = { acme: 'zq-acme-marker-41f7', globex: 'zq-globex-marker-9c2e' } as const;

const idsOf = (tenant: 'acme' | 'globex') => {
  const workspaces = DEMO_WORKSPACES.filter((w) => w.tenant === tenant).map((w) => w.name);
  return {
    tenant: tenant === 'acme' ? ACME_ID : GLOBEX_ID,
    workspaces: workspaces.map((w) => demoId(`workspace:${w}`)),
    batches: DEMO_BATCHES.filter((b) => workspaces.includes(b.workspace)).map((b) => demoId(`batch:${b.name}`)),
    user: userIdOf(tenant === 'acme' ? demoEmail('Developer') : GLOBEX_ADMIN),
  };
};
const ACME = idsOf('acme');
const GLOBEX = idsOf('globex');

/** Acme's id for an argument, by its name: the valid request the mutations start from. */
function acmeIdFor(name: string, taskId: string): string {
  const n = name.toLowerCase();
  if (n.includes('tenant')) return ACME.tenant;
  if (n.includes('batch')) return ACME.batches[0] as string;
  if (n.includes('user')) return ACME.user;
  if (n.includes('workspace')) return ACME.workspaces[0] as string;
  return taskId;
}

/** The seeded state with one imported task, and a marker in each tenant's names and descriptions. */
async function prepare(t: TestServer, acmeToken: string): Promise<string> {
  await t.reset();
  const taskId = await importInvoice(t, acmeToken, { displayName: `Invoice ${MARKER.acme}` });
  const db = t.server.database.db;
  for (const tenant of ['acme', 'globex'] as const) {
    const tenantId = tenant === 'acme' ? ACME_ID : GLOBEX_ID;
    const description = `Seen only by ${MARKER[tenant]}`;
    await db.updateTable('workspaces').set({ description }).where('tenant_id', '=', tenantId).execute();
    await db.updateTable('batches').set({ description }).where('tenant_id', '=', tenantId).execute();
  }
  await db
    .updateTable('tasks')
    .set({ description: `Seen only by ${MARKER.acme}` })
    .where('id', '=', taskId)
    .execute();
  return taskId;
}

async function send(t: TestServer, op: OperationSpec, request: FuzzRequest, token: string) {
  const url = fillPath(op, request.pathArgs) + queryString(request.query);
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  let payload: string | Buffer | undefined;
  if (request.form) {
    const form = formPayload(request.form, 'fuzz-boundary');
    headers['content-type'] = form.contentType;
    payload = form.payload;
  } else if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(request.body);
  }
  const response = await t.server.app.inject({
    method: op.method.toUpperCase() as 'GET',
    url,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: response.statusCode, text: response.body, url };
}

describe.each(databaseKinds())('contract fuzz on %s', (kind) => {
  const t = useTestServer(kind);

  it('answers bad input with 4xx, never 5xx, and shows no tenant the other one', { timeout: 600_000 }, async () => {
    const started = Date.now();
    const random = seededRandom(SEED);
    let acmeToken = await t.tokenFor(demoEmail('Developer'));
    let globexToken = await t.tokenFor(GLOBEX_ADMIN);
    const contract = t.server.contract;
    const serverErrors: string[] = [];
    const leaks: string[] = [];
    let count = 0;
    let taskId = await prepare(t, acmeToken);
    let changed = false;

    for (const op of contract.operations) {
      const implemented = op.operationId in handlers;
      // A call that changed data (a 2xx to anything but GET) may have deleted what the next
      // operation needs: the next one that writes starts from the seeded state again.
      if (implemented && op.method !== 'get' && changed) {
        // Fresh sign-ins too: a call may have ended the callers' sessions (deleting an account does).
        acmeToken = await t.tokenFor(demoEmail('Developer'));
        globexToken = await t.tokenFor(GLOBEX_ADMIN);
        taskId = await prepare(t, acmeToken);
        changed = false;
      }
      const base = sampleRequest(contract, op, {
        idFor: (name) => acmeIdFor(name, taskId),
        email: demoEmail('Reviewer'),
      });
      const slots = slotsOf(contract, op, multipartSchema(contract, op));
      const aimedAt = shuffled(random, slots).slice(0, AIMED);
      for (let i = 0; i < aimedAt.length + RANDOM; i++) {
        const asGlobex = i % FOREIGN_EVERY === FOREIGN_EVERY - 1;
        // Acme's caller meets Globex's ids as the foreign ones; Globex's caller meets Acme's.
        const ids: IdPool = asGlobex
          ? { own: [...GLOBEX.workspaces, ...GLOBEX.batches], foreign: [...ACME.workspaces, ...ACME.batches, taskId] }
          : { own: [...ACME.workspaces, ...ACME.batches, taskId], foreign: [...GLOBEX.workspaces, ...GLOBEX.batches] };
        const slot = aimedAt[i];
        const request = slot ? aim(random, contract, base, slot, ids) : mutate(random, base, slots, ids);
        const res = await send(t, op, request, asGlobex ? globexToken : acmeToken);
        count++;
        if (op.method !== 'get' && res.status < 300) changed = true;
        const label = `${op.operationId} as ${asGlobex ? 'Globex' : 'Acme'}: ${request.mutation} → ${res.status} ${res.text.slice(0, 160)}`;
        const expectedNotImplemented = res.status === 501 && !implemented;
        if (res.status >= 500 && !expectedNotImplemented) serverErrors.push(label);
        const foreignMarker = asGlobex ? MARKER.acme : MARKER.globex;
        if (res.text.includes(foreignMarker)) leaks.push(label);
      }
    }

    // Still healthy: the public health call and a normal list of the caller's workspaces.
    const health = await t.call('GET', '/api/v1.0/HealthCheck');
    const workspaces = await t.call('GET', '/api/v1/SdWorkspace/UserWorkspaces', {
      token: acmeToken,
      query: { workspaceType: '10' },
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(
      `contract fuzz on ${kind}: seed ${SEED}, ${count} requests over ${contract.operations.length} operations, ` +
        `${serverErrors.length} server errors, ${leaks.length} leaks, ${seconds} s`,
    );
    expect(serverErrors, `server errors (seed ${SEED}):\n${serverErrors.join('\n')}`).toEqual([]);
    expect(leaks, `answers with the other tenant's marker (seed ${SEED})`).toEqual([]);
    expect(health.status).toBe(200);
    expect(workspaces.status, workspaces.text).toBe(200);
    expect(JSON.stringify(workspaces.body)).toContain(ACME.workspaces[0]);
  });
});
