// Walks every implemented operation as a user of tenant A (Acme's Developer, who holds every
// ability) with the ids of tenant B (Globex) wherever the call takes an id. Each answer must be
// 403/404 when the call was aimed at B, and no answer may carry anything of B. The list of calls
// comes from the handler map, so the test grows with every new handler.
import { describe, expect, it } from 'vitest';
import type { Contract, OperationSpec } from '../src/contract/contract.js';
import { DEMO_BATCHES, DEMO_WORKSPACES, demoId } from '../src/domain/demo-data.js';
import { handlers } from '../src/http/handlers/index.js';
import { fillPath, formPayload, sampleRequest } from './support/contract-samples.js';
import { databaseKinds, demoEmail, GLOBEX_ADMIN, GLOBEX_ID, userIdOf, useTestServer } from './support/harness.js';

const globexWorkspaces = DEMO_WORKSPACES.filter((w) => w.tenant === 'globex').map((w) => demoId(`workspace:${w.name}`));
const globexBatches = DEMO_BATCHES.filter((b) => globexWorkspaces.includes(demoId(`workspace:${b.workspace}`))).map(
  (b) => demoId(`batch:${b.name}`),
);
const globexUser = userIdOf(GLOBEX_ADMIN);
/** A 2 × 2 PNG. */
const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAD0lEQVQImWNg6PgPQhAKACbWBh30s0YgAAAAAElFTkSuQmCC';
/** Anything that would show B leaked: its ids, its name, its people. */
const B_MARKERS = [GLOBEX_ID, 'Globex', 'globex', GLOBEX_ADMIN, globexUser, ...globexWorkspaces, ...globexBatches];

/** B's id for an argument, chosen by the argument's name. */
function idOfB(name: string): string {
  const n = name.toLowerCase();
  if (n.includes('tenant')) return GLOBEX_ID;
  if (n.includes('batch')) return globexBatches[0] as string;
  if (n.includes('user')) return globexUser;
  return globexWorkspaces[0] as string;
}

/**
 * Bodies whose content the server checks beyond the contract's shape, given as a person would send
 * them (the sampled text is no picture).
 */
const REAL_BODIES: Record<string, unknown> = {
  User_ChangePicture: { content: TINY_PNG, contentType: 'image/png', fileName: 'me.png' },
};

/**
 * Calls about the caller's own account that refuse (400) until a step before them was taken —
 * confirming two-factor sign-in that was never begun, turning off what is not on. They name no
 * tenant; what matters here is that their refusal shows nothing of B (checked below).
 */
const NEED_A_STEP_BEFORE = new Set(['User_TwoFactorConfirm', 'User_TwoFactorDisable']);

/** Calls whose contract leaves ids it does not know out of the answer instead of refusing them. */
const LEAVES_UNKNOWN_IDS_OUT = new Set(['User_GetProfilePicturesByUserId']);

function requestFor(contract: Contract, op: OperationSpec) {
  const aimed = { atB: false };
  const idFor = (name: string) => {
    aimed.atB = true;
    return idOfB(name);
  };
  const sampled = sampleRequest(contract, op, { idFor, email: GLOBEX_ADMIN });
  const { pathArgs, query, form: fields } = sampled;
  const body = REAL_BODIES[op.operationId] ?? sampled.body;
  const form = fields ? formPayload(fields, 'cross-tenant-boundary') : undefined;
  // A file-sharing connection is named, not numbered: a name A does not own stands for one of B's;
  // so does the access key of a shared segment A never made.
  if (op.parameters.some((p) => p.in === 'path' && (p.name === 'serviceName' || p.name === 'accessKey')))
    aimed.atB = true;
  return { path: fillPath(op, pathArgs), query, body, aimedAtB: aimed.atB, form };
}

describe.each(databaseKinds())('tenant isolation on %s', (kind) => {
  const t = useTestServer(kind);

  // Every implemented operation from a fresh seed: about 100 calls with a reset each (≈20 s alone).
  it('lets no implemented operation reach or reveal another tenant', { timeout: 120_000 }, async () => {
    const implemented = t.server.contract.operations.filter((op) => op.operationId in handlers);
    expect(implemented.length).toBe(Object.keys(handlers).length);
    for (const op of implemented) {
      // Each call starts from the seeded state, so a call that changes data cannot hide the next one's leak.
      await t.reset();
      // A fresh sign-in each time: a call may end the caller's sessions (deleting the account does).
      const token = await t.tokenFor(demoEmail('Developer'));
      const { path, query, body, aimedAtB, form } = requestFor(t.server.contract, op);
      const res = form
        ? await t.server.app
            .inject({
              method: op.method.toUpperCase() as 'POST',
              url: path,
              query,
              headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType },
              payload: form.payload,
            })
            .then((r) => ({ status: r.statusCode, text: r.body }))
        : await t.call(op.method.toUpperCase(), path, { token, query, body });
      const label = `${op.operationId} ${path} → ${res.status} ${res.text.slice(0, 200)}`;
      // A call that only names B's person by e-mail is either answered about that address (an invite
      // check) or finds nobody (a look-up of the caller's tenant): 404, never B's record.
      const namesBByEmail = JSON.stringify({ query, body }).includes(GLOBEX_ADMIN);
      if (aimedAtB && LEAVES_UNKNOWN_IDS_OUT.has(op.operationId)) expect(res.text, label).toBe('[]');
      else if (aimedAtB) expect([403, 404], label).toContain(res.status);
      else if (namesBByEmail && res.status === 404) expect(res.text, label).not.toContain(globexUser);
      else if (NEED_A_STEP_BEFORE.has(op.operationId)) expect([200, 400], label).toContain(res.status);
      else expect(res.status, label).toBeLessThan(300);
      // What the request itself sent may come back (an e-mail checked for an invite, an id named in
      // a 404 message); anything else of B may not.
      const sent = JSON.stringify({ path, query, body }) + (form?.payload.toString('utf8') ?? '');
      for (const marker of B_MARKERS.filter((m) => !sent.includes(m))) {
        expect(res.text.includes(marker), `${label} contains ${marker}`).toBe(false);
      }
    }
  });
});
