// Walks every implemented operation as a user of tenant A (Acme's Developer, who holds every
// ability) with the ids of tenant B (Globex) wherever the call takes an id. Each answer must be
// 403/404 when the call was aimed at B, and no answer may carry anything of B. The list of calls
// comes from the handler map, so the test grows with every new handler.
import { describe, expect, it } from 'vitest';
import { type Contract, type JsonSchema, type OperationSpec, resolveRef } from '../src/contract/contract.js';
import { DEMO_BATCHES, DEMO_WORKSPACES, demoId } from '../src/domain/demo-data.js';
import { handlers } from '../src/http/handlers/index.js';
import { databaseKinds, demoEmail, GLOBEX_ADMIN, GLOBEX_ID, userIdOf, useTestServer } from './support/harness.js';

const globexWorkspaces = DEMO_WORKSPACES.filter((w) => w.tenant === 'globex').map((w) => demoId(`workspace:${w.name}`));
const globexBatches = DEMO_BATCHES.filter((b) => globexWorkspaces.includes(demoId(`workspace:${b.workspace}`))).map(
  (b) => demoId(`batch:${b.name}`),
);
const globexUser = userIdOf(GLOBEX_ADMIN);
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

/** A valid value for a schema, with B's ids in every uuid. Records whether an id of B was used. */
function sample(contract: Contract, raw: JsonSchema, name: string, aimed: { atB: boolean }): unknown {
  const schema = resolveRef<JsonSchema>(contract.document, raw);
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...(schema.allOf as JsonSchema[]).map((s) => sample(contract, s, name, aimed)));
  }
  if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) {
    const options = (schema.oneOf ?? schema.anyOf) as JsonSchema[];
    const chosen = options.find((o) => resolveRef<JsonSchema>(contract.document, o).type !== 'null') ?? options[0];
    return sample(contract, chosen as JsonSchema, name, aimed);
  }
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const type = Array.isArray(schema.type)
    ? (schema.type as string[]).find((t) => t !== 'null')
    : (schema.type as string);
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      for (const key of (schema.required ?? []) as string[])
        out[key] = sample(contract, properties[key] ?? {}, key, aimed);
      return out;
    }
    case 'array':
      return [sample(contract, (schema.items ?? {}) as JsonSchema, name, aimed)];
    case 'integer':
    case 'number':
      return (schema.minimum as number | undefined) ?? 1;
    case 'boolean':
      return true;
    default:
      if (schema.format === 'uuid') {
        aimed.atB = true;
        return idOfB(name);
      }
      if (schema.format === 'email') return GLOBEX_ADMIN;
      // In the future, so that expirations (API secrets, shares) are valid input.
      if (schema.format === 'date-time') return new Date(Date.now() + 30 * 24 * 3600_000).toISOString();
      if (typeof schema.pattern === 'string') {
        // A value the pattern accepts (e.g. a file extension `.x` for `^\.[A-Za-z0-9]+$`).
        const pattern = new RegExp(schema.pattern);
        const fit = ['x', '.x', 'x1', '#000000'].find((candidate) => pattern.test(candidate));
        if (fit) return fit;
      }
      return 'x'.repeat(Math.max(1, (schema.minLength as number | undefined) ?? 1));
  }
}

function requestFor(contract: Contract, op: OperationSpec) {
  const aimed = { atB: false };
  let path = op.path;
  const query: Record<string, string> = {};
  for (const p of op.parameters) {
    if (p.name === 'version' && p.in === 'path') {
      path = path.replace('{version}', (p.schema.enum as string[] | undefined)?.[0] ?? '1');
      continue;
    }
    // Optional single ids (e.g. TaskId of Status, "one of TaskId or ExternalId") are aimed at B too.
    const optionalId = p.in === 'query' && resolveRef<JsonSchema>(contract.document, p.schema).format === 'uuid';
    if (!p.required && p.in !== 'path' && !optionalId) continue;
    const value = String(sample(contract, p.schema, p.name, aimed));
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(value));
    if (p.in === 'query') query[p.name] = value;
  }
  const body = op.requestBody?.jsonSchema ? sample(contract, op.requestBody.jsonSchema, 'body', aimed) : undefined;
  const form = multipartSample(contract, op, aimed);
  return { path, query, body, aimedAtB: aimed.atB, form };
}

/** A multipart-only body (Import) as form fields sampled from its schema; objects go as JSON parts. */
function multipartSample(contract: Contract, op: OperationSpec, aimed: { atB: boolean }) {
  if (op.requestBody?.jsonSchema || !op.requestBody?.mediaTypes.includes('multipart/form-data')) return undefined;
  const item = (contract.document.paths as Record<string, Record<string, { requestBody?: unknown }>>)[op.path];
  const requestBody = resolveRef<{ content: Record<string, { schema: JsonSchema }> }>(
    contract.document,
    item?.[op.method]?.requestBody,
  );
  const schema = requestBody.content['multipart/form-data']?.schema;
  if (!schema) return undefined;
  const fields = sample(contract, schema, 'body', aimed) as Record<string, unknown>;
  const boundary = 'cross-tenant-boundary';
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${typeof value === 'object' ? JSON.stringify(value) : String(value)}\r\n`,
  );
  return { payload: `${parts.join('')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(databaseKinds())('tenant isolation on %s', (kind) => {
  const t = useTestServer(kind);

  it('lets no implemented operation reach or reveal another tenant', async () => {
    const token = await t.tokenFor(demoEmail('Developer'));
    const implemented = t.server.contract.operations.filter((op) => op.operationId in handlers);
    expect(implemented.length).toBe(Object.keys(handlers).length);
    for (const op of implemented) {
      // Each call starts from the seeded state, so a call that changes data cannot hide the next one's leak.
      await t.reset();
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
      if (aimedAtB) expect([403, 404], label).toContain(res.status);
      else expect(res.status, label).toBeLessThan(300);
      // What the request itself sent may come back (an e-mail checked for an invite, an id named in
      // a 404 message); anything else of B may not.
      const sent = JSON.stringify({ path, query, body }) + (form?.payload ?? '');
      for (const marker of B_MARKERS.filter((m) => !sent.includes(m))) {
        expect(res.text.includes(marker), `${label} contains ${marker}`).toBe(false);
      }
    }
  });
});
