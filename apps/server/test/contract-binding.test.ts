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

  it('answers 501 naming the operation for every operation without a handler', async () => {
    const token = await t.tokenFor(demoEmail('Developer'));
    const missing = t.server.contract.operations.filter((op) => !(op.operationId in handlers));
    expect(missing.length).toBeGreaterThan(0);
    const statuses = new Map<number, string[]>();
    for (const op of missing) {
      const res = await t.call(op.method.toUpperCase(), concretePath(op), { token });
      if (res.status === 501) {
        expect(res.body).toMatchObject({
          succeeded: false,
          kind: 'NotImplemented',
          message: `Not implemented: ${op.operationId}`,
        });
      }
      statuses.set(res.status, [...(statuses.get(res.status) ?? []), op.operationId]);
    }
    // Calls with required arguments answer 400 before 501; none may answer anything else.
    expect(
      [...statuses.keys()].every((s) => s === 501 || s === 400),
      JSON.stringify(Object.fromEntries(statuses)),
    ).toBe(true);
    expect(statuses.get(501)?.length ?? 0).toBeGreaterThan(0);
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
