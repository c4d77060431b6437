// The binding itself: every contract operation is a route, an operation without a handler answers
// 501, request validation answers 400 naming the field, and the coverage report adds up.
import { describe, expect, it } from 'vitest';
import { type OperationSpec, toRoutePath } from '../src/contract/contract.js';
import { handlers } from '../src/http/handlers/index.js';
import { coverageReport } from '../src/scripts/coverage-report.js';
import { demoEmail, useTestServer } from './support/harness.js';

function concretePath(op: OperationSpec): string {
  return op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    if (name === 'version') {
      const version = op.parameters.find((p) => p.name === 'version');
      return (version?.schema.enum as string[] | undefined)?.[0] ?? '1';
    }
    return '00000000-0000-4000-8000-000000000000';
  });
}

describe('contract binding', () => {
  const t = useTestServer('pglite');

  it('registers every operation of the contract as a route', () => {
    for (const op of t.server.contract.operations) {
      const found = t.server.app.hasRoute({ method: op.method.toUpperCase() as 'GET', url: toRoutePath(op.path) });
      expect(found, `${op.operationId} ${op.method} ${op.path}`).toBe(true);
    }
  });

  it('answers 501 naming the operation for every operation without a handler, whatever its arguments', async () => {
    const token = await t.tokenFor(demoEmail('Developer'));
    const missing = t.server.contract.operations.filter((op) => !(op.operationId in handlers));
    expect(missing.length).toBeGreaterThan(0);
    const other: string[] = [];
    for (const op of missing) {
      const res = await t.call(op.method.toUpperCase(), concretePath(op), { token });
      if (res.status !== 501) {
        other.push(`${op.operationId}: ${res.status}`);
        continue;
      }
      expect(res.body).toMatchObject({
        succeeded: false,
        kind: 'NotImplemented',
        message: `Not implemented: ${op.operationId}`,
      });
    }
    // The handler check comes before request validation: no 400 for a call nobody implements.
    expect(other).toEqual([]);
  });

  it('answers 403 to a caller without the permission before it validates the body', async () => {
    // A Viewer lacks Task.Import; the body lacks the required displayName.
    const url = '/api/v1/SdTask/UpdateDisplayName/00000000-0000-4000-8000-000000000000';
    const viewer = await t.call('PUT', url, { token: await t.tokenFor(demoEmail('Viewer')), body: { wrong: 1 } });
    expect(viewer).toMatchObject({ status: 403, body: { kind: 'Forbidden' } });
    // The same malformed body from a caller who holds the permission is a 400 naming the field.
    const creator = await t.call('PUT', url, { token: await t.tokenFor(demoEmail('Creator')), body: { wrong: 1 } });
    expect(creator).toMatchObject({ status: 400, body: { kind: 'ValidationError' } });
    expect(JSON.stringify(creator.body)).toContain('displayName');
  });

  it('answers 401 before 403 and 400 when the token is missing', async () => {
    const url = '/api/v1/SdTask/UpdateDisplayName/00000000-0000-4000-8000-000000000000';
    expect((await t.call('PUT', url, { body: { wrong: 1 } })).status).toBe(401);
  });

  it('asks for a token before saying an operation is not implemented', async () => {
    const op = t.server.contract.operations.find((o) => !(o.operationId in handlers) && o.security.length > 0);
    if (!op) return;
    expect((await t.call(op.method.toUpperCase(), concretePath(op))).status).toBe(401);
  });

  it('answers 400 with the field name for a missing required query argument', async () => {
    const res = await t.call('PATCH', '/api/v1/Tenant/ChangeTenant', { token: await t.tokenFor(demoEmail('Viewer')) });
    expect(res).toMatchObject({
      status: 400,
      body: {
        succeeded: false,
        kind: 'ValidationError',
        errors: [{ code: 0, message: "The parameter 'tenantId' must be defined." }],
      },
    });
  });

  it('answers 404 with the error shape for a path outside the contract', async () => {
    const res = await t.call('GET', '/api/v1/NoSuchThing');
    expect(res).toMatchObject({ status: 404, body: { succeeded: false } });
  });

  it('reports coverage as implemented/total with no orphan handlers', () => {
    const report = coverageReport(t.server.contract, handlers);
    expect(report.orphans).toEqual([]);
    expect(report.implemented.length + report.missing.length).toBe(t.server.contract.operations.length);
    expect(report.text).toMatch(
      new RegExp(`^implemented ${report.implemented.length}/${t.server.contract.operations.length} operations`),
    );
  });
});
