// Per-endpoint tests of the implemented calls: the happy path, a denied caller and bad input, on
// PGlite and (when available) a real PostgreSQL server.
import { describe, expect, it } from 'vitest';
import { ROLE_NAMES, roleByName } from '../src/domain/roles.js';
import { ACME_ID, databaseKinds, demoEmail, GLOBEX_ID, userIdOf, useTestServer } from './support/harness.js';

describe.each(databaseKinds())('API on %s', (kind) => {
  const t = useTestServer(kind, { resetEachTest: true });
  const as = (role: string) => t.tokenFor(demoEmail(role));

  describe('HealthCheck_Get', () => {
    it('answers true without a token when the database answers', async () => {
      const res = await t.call('GET', '/api/v1.0/HealthCheck');
      expect(res).toMatchObject({ status: 200, body: true });
    });
    it('rejects another API version', async () => {
      const res = await t.call('GET', '/api/v2/HealthCheck');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ succeeded: false, kind: 'ValidationError' });
      expect((res.body as { message: string }).message).toContain("'version'");
    });
  });

  describe('User_GetUserAuthDetails', () => {
    it('returns the user, the user id and the abilities of the role', async () => {
      const res = await t.call('GET', '/api/v1.0/User/GetUserAuthDetails', { token: await as('Reviewer') });
      expect(res.status).toBe(200);
      const body = res.body as { userId: string; role: string; abilities: Array<{ subject: string; action: string }> };
      expect(body.userId).toBe(userIdOf(demoEmail('Reviewer')));
      expect(body.role).toBe('Reviewer');
      expect(body.abilities).toContainEqual({ subject: 'Task', action: 'Review' });
      expect(body.abilities).not.toContainEqual({ subject: 'Tenant', action: 'Edit' });
    });
    it('leaves out abilities the tenant blacklists', async () => {
      await t.server.database.db
        .insertInto('ability_blacklist')
        .values({ tenant_id: ACME_ID, ability: 'Task.Review' })
        .execute();
      const res = await t.call('GET', '/api/v1.0/User/GetUserAuthDetails', { token: await as('Reviewer') });
      expect((res.body as { abilities: unknown[] }).abilities).not.toContainEqual({
        subject: 'Task',
        action: 'Review',
      });
    });
    it('answers 401 without a token and with a forged one', async () => {
      expect((await t.call('GET', '/api/v1.0/User/GetUserAuthDetails')).status).toBe(401);
      const forged = `${(await as('Developer')).slice(0, -4)}AAAA`;
      expect((await t.call('GET', '/api/v1.0/User/GetUserAuthDetails', { token: forged })).status).toBe(401);
    });
    it('answers 403 for a member whose status is inactive', async () => {
      await t.server.database.db
        .updateTable('tenant_memberships')
        .set({ status: 20 })
        .where('user_id', '=', userIdOf(demoEmail('Viewer')))
        .execute();
      expect((await t.call('GET', '/api/v1.0/User/GetUserAuthDetails', { token: await as('Viewer') })).status).toBe(
        403,
      );
    });
  });

  describe('User_GetCurrentUser and User_GetUserDetails', () => {
    it('return the signed-in user', async () => {
      const token = await as('Creator');
      for (const [method, path] of [
        ['POST', '/api/v1/User/GetCurrentUser'],
        ['GET', '/api/v1/User/GetUserDetails'],
      ] as const) {
        const res = await t.call(method, path, { token });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({
          email: demoEmail('Creator'),
          role: 'Creator',
          hasPassword: true,
          roleId: roleByName('Creator').id,
        });
      }
    });
    it('GetUserDetails answers 403 when User.Profile is blacklisted', async () => {
      await t.server.database.db
        .insertInto('ability_blacklist')
        .values({ tenant_id: ACME_ID, ability: 'User.Profile' })
        .execute();
      const res = await t.call('GET', '/api/v1/User/GetUserDetails', { token: await as('Viewer') });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ kind: 'Forbidden' });
    });
  });

  describe('User_AllRoles', () => {
    it('lists the six roles in order with super-user flags', async () => {
      const res = await t.call('GET', '/api/v1/User/AllRoles', { token: await as('Manager') });
      expect(res.status).toBe(200);
      const roles = res.body as Array<{ name: string; superUser: boolean; order: number }>;
      expect(roles.map((r) => r.name)).toEqual([...ROLE_NAMES]);
      expect(roles.filter((r) => r.superUser).map((r) => r.name)).toEqual(['Developer', 'Administrator']);
    });
    it('answers 403 for a Reviewer (no user administration)', async () => {
      expect((await t.call('GET', '/api/v1/User/AllRoles', { token: await as('Reviewer') })).status).toBe(403);
    });
  });

  describe('User_SetPersonalInfo', () => {
    it('updates the full name and contact', async () => {
      const token = await as('Viewer');
      const res = await t.call('PATCH', '/api/v1/User/SetPersonalInfo', {
        token,
        body: { fullName: 'Vera Viewer', contact: '+351 210 000 000' },
      });
      expect(res).toMatchObject({ status: 200, body: { succeeded: true, errors: [] } });
      const me = await t.call('POST', '/api/v1/User/GetCurrentUser', { token });
      expect(me.body).toMatchObject({ name: 'Vera Viewer', contact: '+351 210 000 000' });
    });
    it('rejects a missing full name, naming the field', async () => {
      const res = await t.call('PATCH', '/api/v1/User/SetPersonalInfo', {
        token: await as('Viewer'),
        body: { contact: 'x' },
      });
      expect(res.status).toBe(400);
      expect((res.body as { message: string }).message).toContain('fullName');
    });
    it('answers 403 when User.Profile is blacklisted', async () => {
      await t.server.database.db
        .insertInto('ability_blacklist')
        .values({ tenant_id: ACME_ID, ability: 'User.Profile' })
        .execute();
      const res = await t.call('PATCH', '/api/v1/User/SetPersonalInfo', {
        token: await as('Viewer'),
        body: { fullName: 'X' },
      });
      expect(res.status).toBe(403);
    });
  });

  describe('User_ChangePassword', () => {
    it('changes the password when the old one is right', async () => {
      const res = await t.call('POST', '/api/v1/User/ChangePassword', {
        token: await as('Viewer'),
        body: { oldPassword: 'Reviewdesk-demo-1', newPassword: 'Another-pass-2' },
      });
      expect(res).toMatchObject({ status: 200, body: { succeeded: true, errors: [] } });
    });
    it('reports a wrong old password and weak new passwords as identity errors', async () => {
      const token = await as('Viewer');
      const wrong = await t.call('POST', '/api/v1/User/ChangePassword', {
        token,
        body: { oldPassword: 'nope', newPassword: 'Another-pass-2' },
      });
      expect(wrong.body).toEqual({ succeeded: false, errors: ['Incorrect password.'] });
      const weak = await t.call('POST', '/api/v1/User/ChangePassword', {
        token,
        body: { oldPassword: 'Reviewdesk-demo-1', newPassword: 'short' },
      });
      expect((weak.body as { succeeded: boolean }).succeeded).toBe(false);
    });
    it('rejects a body without newPassword', async () => {
      const res = await t.call('POST', '/api/v1/User/ChangePassword', {
        token: await as('Viewer'),
        body: { oldPassword: 'x' },
      });
      expect(res.status).toBe(400);
      expect((res.body as { message: string }).message).toContain('newPassword');
    });
    it('answers 401 without a token', async () => {
      expect(
        (await t.call('POST', '/api/v1/User/ChangePassword', { body: { oldPassword: 'a', newPassword: 'b' } })).status,
      ).toBe(401);
    });
  });

  describe('Tenant_GetCurrentSession, Tenant_UserTenants, Tenant_ChangeTenant', () => {
    it('shows the session in the default tenant', async () => {
      const res = await t.call('GET', '/api/v1/Tenant/GetCurrentSession', { token: await as('Administrator') });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        tenant: { id: ACME_ID, code: 'acme' },
        role: { name: 'Administrator' },
        isTenantOwner: true,
        impersonateRole: null,
      });
    });
    it('lists only the caller’s tenants and switches between them', async () => {
      const db = t.server.database.db;
      const manager = userIdOf(demoEmail('Manager'));
      await db
        .insertInto('tenant_memberships')
        .values({
          tenant_id: GLOBEX_ID,
          user_id: manager,
          role_id: roleByName('Reviewer').id,
          status: 10,
          impersonate_role_id: null,
        })
        .execute();
      const token = await as('Manager');
      const tenants = await t.call('GET', '/api/v1/Tenant/UserTenants', { token });
      expect((tenants.body as Array<{ tenantId: string }>).map((l) => l.tenantId).sort()).toEqual(
        [ACME_ID, GLOBEX_ID].sort(),
      );
      const switched = await t.call('PATCH', '/api/v1/Tenant/ChangeTenant', { token, query: { tenantId: GLOBEX_ID } });
      expect(switched.status).toBe(200);
      expect(switched.body).toMatchObject({
        succeeded: true,
        result: { tenant: { id: GLOBEX_ID }, role: { name: 'Reviewer' } },
      });
      // Abilities follow the role in the new tenant.
      const details = await t.call('GET', '/api/v1.0/User/GetUserAuthDetails', { token });
      expect(details.body).toMatchObject({ role: 'Reviewer' });
    });
    it('answers 404 for a tenant the user does not belong to', async () => {
      const res = await t.call('PATCH', '/api/v1/Tenant/ChangeTenant', {
        token: await as('Viewer'),
        query: { tenantId: GLOBEX_ID },
      });
      expect(res.status).toBe(404);
    });
    it('names the missing tenantId and rejects a malformed one', async () => {
      const token = await as('Viewer');
      const missing = await t.call('PATCH', '/api/v1/Tenant/ChangeTenant', { token });
      expect(missing.status).toBe(400);
      expect((missing.body as { message: string }).message).toBe("The parameter 'tenantId' must be defined.");
      const bad = await t.call('PATCH', '/api/v1/Tenant/ChangeTenant', { token, query: { tenantId: 'not-a-uuid' } });
      expect(bad.status).toBe(400);
      expect((bad.body as { message: string }).message).toContain('tenantId');
    });
    it('answers 401 without a token', async () => {
      expect((await t.call('GET', '/api/v1/Tenant/GetCurrentSession')).status).toBe(401);
      expect((await t.call('GET', '/api/v1/Tenant/UserTenants')).status).toBe(401);
    });
  });
});
