// Tenant administration over HTTP: members, invitations, roles, statuses, impersonation and the
// tenant's settings — happy path, denied callers, bad input and attempts on another tenant, on
// PGlite and (when available) a real PostgreSQL server.
import { describe, expect, it } from 'vitest';
import { signIn } from '../src/domain/accounts.js';
import { DEMO_WORKSPACES, demoId } from '../src/domain/demo-data.js';
import { roleByName } from '../src/domain/roles.js';
import { readOutbox } from '../src/mail/mailer.js';
import {
  ACME_ID,
  databaseKinds,
  demoEmail,
  GLOBEX_ADMIN,
  GLOBEX_ID,
  userIdOf,
  useTestServer,
} from './support/harness.js';

const roleId = (name: Parameters<typeof roleByName>[0]) => roleByName(name).id;
const globexWorkspace = demoId(`workspace:${DEMO_WORKSPACES.find((w) => w.tenant === 'globex')?.name}`);
const acmeWorkspace = demoId(`workspace:${DEMO_WORKSPACES.find((w) => w.tenant === 'acme')?.name}`);

type Body = Record<string, unknown>;

describe.each(databaseKinds())('tenant administration on %s', (kind) => {
  const t = useTestServer(kind, { resetEachTest: true });
  const as = (role: string) => t.tokenFor(demoEmail(role));
  const db = () => t.server.database.db;
  const blacklist = (ability: string, tenant = ACME_ID) =>
    db().insertInto('ability_blacklist').values({ tenant_id: tenant, ability }).execute();
  const membership = (email: string, tenant = ACME_ID) =>
    db()
      .selectFrom('tenant_memberships')
      .selectAll()
      .where('user_id', '=', userIdOf(email))
      .where('tenant_id', '=', tenant)
      .executeTakeFirst();

  describe('Tenant_AllUsers', () => {
    it('lists the members of the caller’s tenant with the owner’s role floor', async () => {
      const res = await t.call('GET', '/api/v1/Tenant/AllUsers', { token: await as('Manager') });
      expect(res.status).toBe(200);
      const users = res.body as Body[];
      expect(users.map((u) => u.email).sort()).toEqual(
        ['Administrator', 'Creator', 'Developer', 'Manager', 'Reviewer', 'Viewer'].map(demoEmail).sort(),
      );
      const owner = users.find((u) => u.email === demoEmail('Administrator'));
      expect(owner).toMatchObject({ isTenantOwner: true, minimumRoleId: roleId('Administrator'), tenantId: ACME_ID });
      expect(users.find((u) => u.email === demoEmail('Viewer'))).toMatchObject({
        minimumRoleId: null,
        roleId: roleId('Viewer'),
        userStatus: 10,
      });
    });
    it('answers 403 for a Creator (no Tenant.ListUsers)', async () => {
      expect((await t.call('GET', '/api/v1/Tenant/AllUsers', { token: await as('Creator') })).status).toBe(403);
    });
    it('shows another tenant only its own members', async () => {
      const res = await t.call('GET', '/api/v1/Tenant/AllUsers', { token: await t.tokenFor(GLOBEX_ADMIN) });
      expect((res.body as Body[]).map((u) => u.email)).toEqual([GLOBEX_ADMIN]);
      expect(res.text).not.toContain(ACME_ID);
    });
  });

  describe('User_GetWithPagination', () => {
    const page = async (body: Body, role = 'Manager') =>
      t.call('POST', '/api/v1/User/GetWithPagination', { token: await as(role), body });
    it('pages, searches, filters and sorts the tenant’s users', async () => {
      const first = await page({ pageNumber: 1, pageSize: 4 });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        pageNumber: 1,
        totalCount: 6,
        totalPages: 2,
        hasPreviousPage: false,
        hasNextPage: true,
      });
      expect((first.body as { items: unknown[] }).items).toHaveLength(4);
      const second = await page({ pageNumber: 2, pageSize: 4 });
      expect((second.body as { items: unknown[]; hasNextPage: boolean }).items).toHaveLength(2);
      const search = await page({ pageNumber: 1, pageSize: 10, search: 'REVIEWER' });
      expect((search.body as { items: Body[] }).items.map((i) => i.userEmail)).toEqual([demoEmail('Reviewer')]);
      const byRole = await page({ pageNumber: 1, pageSize: 10, roleIds: [roleId('Viewer'), roleId('Creator')] });
      expect((byRole.body as { items: Body[] }).items.map((i) => i.userRoleName).sort()).toEqual(['Creator', 'Viewer']);
      const sorted = await page({ pageNumber: 1, pageSize: 1, sortBy: 'userEmail', sortDescending: true });
      expect((sorted.body as { items: Body[] }).items[0]?.userEmail).toBe(demoEmail('Viewer'));
    });
    it('answers 403 for a Reviewer', async () => {
      expect((await page({ pageNumber: 1, pageSize: 5 }, 'Reviewer')).status).toBe(403);
    });
    it('rejects a page size of 0 and an unknown sort column', async () => {
      expect((await page({ pageNumber: 1, pageSize: 0 })).status).toBe(400);
      const sort = await page({ pageNumber: 1, pageSize: 5, sortBy: 'password_hash' });
      expect(sort.status).toBe(400);
      expect((sort.body as { message: string }).message).toContain('sortBy');
    });
    it('filters by workspace membership', async () => {
      await t.call('POST', '/api/v1/Tenant/InviteUser', {
        token: await as('Administrator'),
        body: { users: [{ email: 'ws.member@example.test', workspaceId: acmeWorkspace }] },
      });
      const members = await db()
        .selectFrom('workspace_members')
        .select('user_id')
        .where('workspace_id', '=', acmeWorkspace)
        .execute();
      const res = await page({ pageNumber: 1, pageSize: 50, workspaceId: acmeWorkspace }, 'Administrator');
      const ids = (res.body as { items: Body[] }).items.map((i) => i.userId);
      expect(ids.sort()).toEqual(members.map((m) => m.user_id).sort());
      expect((res.body as { items: Body[] }).items.map((i) => i.userEmail)).toContain('ws.member@example.test');
    });
    it('does not filter by another tenant’s workspace', async () => {
      expect((await page({ pageNumber: 1, pageSize: 5, workspaceId: globexWorkspace })).status).toBe(403);
    });
  });

  describe('Tenant_CheckIfUserCanBeInvited', () => {
    const check = async (email: string, role = 'Manager') =>
      t.call('GET', '/api/v1/Tenant/CheckIfUserCanBeInvited', { token: await as(role), query: { email } });
    it('tells new addresses, people of other tenants and members apart', async () => {
      expect((await check('new.person@example.test')).body).toMatchObject({
        email: 'new.person@example.test',
        name: null,
        inviteCheckStatus: 1,
      });
      // Someone known only in another tenant: status only, not their name.
      const other = await check(GLOBEX_ADMIN);
      expect(other.body).toMatchObject({ inviteCheckStatus: 2, name: null, tenantRoleId: null });
      expect(other.text).not.toContain('Globex Admin');
      expect((await check(demoEmail('Viewer').toUpperCase())).body).toMatchObject({
        inviteCheckStatus: 3,
        name: 'Viewer Demo',
        tenantRoleId: roleId('Viewer'),
      });
    });
    it('answers 403 for a Creator', async () => {
      expect((await check('x@example.test', 'Creator')).status).toBe(403);
    });
    it('rejects a missing and a malformed address', async () => {
      const missing = await t.call('GET', '/api/v1/Tenant/CheckIfUserCanBeInvited', { token: await as('Manager') });
      expect(missing.status).toBe(400);
      expect((missing.body as { message: string }).message).toBe("The parameter 'email' must be defined.");
      expect((await check('not-an-address')).status).toBe(400);
    });
  });

  describe('Tenant_IsUserTenantInvitationBlocked', () => {
    it('reports whether invitations are blocked', async () => {
      const token = await as('Manager');
      expect((await t.call('GET', '/api/v1/Tenant/IsUserTenantInvitationBlocked', { token })).body).toEqual({
        isBlocked: false,
        reason: null,
      });
      await db().updateTable('tenants').set({ invitation_blocked: true }).where('id', '=', ACME_ID).execute();
      expect((await t.call('GET', '/api/v1/Tenant/IsUserTenantInvitationBlocked', { token })).body).toMatchObject({
        isBlocked: true,
      });
      // Another tenant's flag is its own.
      const globex = await t.call('GET', '/api/v1/Tenant/IsUserTenantInvitationBlocked', {
        token: await t.tokenFor(GLOBEX_ADMIN),
      });
      expect(globex.body).toMatchObject({ isBlocked: false });
    });
    it('answers 403 for a Reviewer', async () => {
      const res = await t.call('GET', '/api/v1/Tenant/IsUserTenantInvitationBlocked', { token: await as('Reviewer') });
      expect(res.status).toBe(403);
    });
  });

  describe('Tenant_InviteUser', () => {
    const invite = async (users: Body[], role = 'Manager') =>
      t.call('POST', '/api/v1/Tenant/InviteUser', { token: await as(role), body: { users } });

    it('creates a new account and membership and mails a link to set the password', async () => {
      const before = readOutbox(t.server.outboxDir).length;
      const res = await invite(
        [
          {
            email: 'Nova.Pessoa@example.test',
            name: 'Nova Pessoa',
            tenantRoleId: roleId('Reviewer'),
            workspaceId: acmeWorkspace,
          },
        ],
        'Administrator',
      );
      expect(res).toMatchObject({ status: 200, body: { succeeded: true, errors: [], result: true } });
      const user = await db()
        .selectFrom('users')
        .selectAll()
        .where('email', '=', 'Nova.Pessoa@example.test')
        .executeTakeFirstOrThrow();
      expect(user).toMatchObject({ name: 'Nova Pessoa', password_hash: null });
      const member = await db()
        .selectFrom('tenant_memberships')
        .selectAll()
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(member).toMatchObject({ tenant_id: ACME_ID, role_id: roleId('Reviewer'), status: 10, is_default: true });
      const inWorkspace = await db()
        .selectFrom('workspace_members')
        .select(['workspace_id', 'tenant_id', 'status'])
        .where('user_id', '=', user.id)
        .execute();
      expect(inWorkspace).toEqual([{ workspace_id: acmeWorkspace, tenant_id: ACME_ID, status: 10 }]);
      const mails = readOutbox(t.server.outboxDir);
      expect(mails.length).toBe(before + 1);
      const mail = mails.at(-1);
      expect(mail?.to).toBe('Nova.Pessoa@example.test');
      expect(mail?.text).toContain('Acme Documents');
      const link = /(http\S+ResetPassword\S+lang=en)/.exec(mail?.text ?? '')?.[1] as string;
      expect(link).toBeTruthy();
      // The existing reset flow sets the password; then the new member signs in.
      const form = await t.server.app.inject({ method: 'GET', url: link.replace(t.config.origin, '') });
      expect(form.statusCode).toBe(200);
      const set = await t.server.app.inject({
        method: 'POST',
        url: '/Identity/Account/ResetPassword?lang=en',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          token: new URL(link).searchParams.get('token') as string,
          password: 'Invited-pass-1',
          confirm: 'Invited-pass-1',
        }).toString(),
      });
      expect(set.statusCode).toBe(200);
      expect(await signIn(db(), 'nova.pessoa@example.test', 'Invited-pass-1')).toMatchObject({ ok: true });
    });

    it('invites to every workspace of the tenant', async () => {
      const res = await invite([{ email: 'all.ws@example.test', inviteToAllWorkspaces: true }], 'Administrator');
      expect(res.body).toMatchObject({ succeeded: true });
      const rows = await db()
        .selectFrom('workspace_members as wm')
        .innerJoin('users as u', 'u.id', 'wm.user_id')
        .select(['wm.workspace_id', 'wm.tenant_id'])
        .where('u.email', '=', 'all.ws@example.test')
        .execute();
      const acme = await db().selectFrom('workspaces').select('id').where('tenant_id', '=', ACME_ID).execute();
      expect(rows.map((r) => r.workspace_id).sort()).toEqual(acme.map((w) => w.id).sort());
      expect(new Set(rows.map((r) => r.tenant_id))).toEqual(new Set([ACME_ID]));
    });

    it('adds a person of another tenant without changing their default tenant', async () => {
      const res = await invite([{ email: GLOBEX_ADMIN }]);
      expect(res.body).toMatchObject({ succeeded: true, result: true });
      expect(await membership(GLOBEX_ADMIN)).toMatchObject({ role_id: roleId('Viewer'), is_default: false });
      expect(await membership(GLOBEX_ADMIN, GLOBEX_ID)).toMatchObject({ is_default: true });
      expect(readOutbox(t.server.outboxDir).at(-1)?.text).not.toContain('ResetPassword');
    });

    it('refuses members, duplicates, unknown roles and the Developer role', async () => {
      const member = await invite([{ email: demoEmail('Viewer') }, { email: 'a@example.test' }]);
      expect(member).toMatchObject({ status: 200, body: { succeeded: false, result: false } });
      // Nothing was done for the valid one either.
      expect(await db().selectFrom('users').select('id').where('email', '=', 'a@example.test').executeTakeFirst()).toBe(
        undefined,
      );
      const twice = await invite([{ email: 'b@example.test' }, { email: 'B@example.test' }]);
      expect(twice.body).toMatchObject({ succeeded: false });
      expect((await invite([{ email: 'c@example.test', tenantRoleId: ACME_ID }])).status).toBe(400);
      expect((await invite([{ email: 'c@example.test', tenantRoleId: roleId('Developer') }], 'Developer')).status).toBe(
        400,
      );
    });

    it('rejects an empty list and a malformed address', async () => {
      expect((await invite([])).status).toBe(400);
      expect((await invite([{ email: 'nope' }])).status).toBe(400);
    });

    it('answers 403 while invitations are blocked, for a Creator, and for a role above the caller’s reach', async () => {
      expect((await invite([{ email: 'd@example.test' }], 'Creator')).status).toBe(403);
      // A Manager may not make someone an Administrator.
      expect((await invite([{ email: 'd@example.test', tenantRoleId: roleId('Administrator') }])).status).toBe(403);
      await db().updateTable('tenants').set({ invitation_blocked: true }).where('id', '=', ACME_ID).execute();
      const blocked = await invite([{ email: 'd@example.test' }]);
      expect(blocked.status).toBe(403);
      expect((blocked.body as { message: string }).message).toContain('blocked');
    });

    it('does not invite into another tenant’s workspace', async () => {
      const res = await invite([{ email: 'e@example.test', workspaceId: globexWorkspace }]);
      expect(res.status).toBe(403);
      expect(res.text).not.toContain('Globex');
    });
  });

  describe('Tenant_UpdateUserRole', () => {
    const update = async (userEmail: string, role: Parameters<typeof roleByName>[0] | string, as_ = 'Manager') =>
      t.call('PATCH', '/api/v1/Tenant/UpdateUserRole', {
        token: await as(as_),
        body: { userId: userIdOf(userEmail), roleId: role.includes('-') ? role : roleId(role as 'Viewer') },
      });

    it('lets a Manager move a Viewer to Reviewer', async () => {
      const res = await update(demoEmail('Viewer'), 'Reviewer');
      expect(res).toMatchObject({ status: 200, body: { succeeded: true, result: { roleId: roleId('Reviewer') } } });
      const details = await t.call('GET', '/api/v1.0/User/GetUserAuthDetails', { token: await as('Viewer') });
      expect(details.body).toMatchObject({ role: 'Reviewer' });
    });

    it('needs the role-specific permission for the target’s role and for the new role', async () => {
      // Managers manage Creator, Reviewer and Viewer only.
      expect((await update(demoEmail('Administrator'), 'Viewer')).status).toBe(403);
      expect((await update(demoEmail('Creator'), 'Manager')).status).toBe(403);
      // A blacklisted role-specific ability is denied although the role grants it.
      await blacklist('Tenant.UpdateUserRole.Viewer');
      const res = await update(demoEmail('Viewer'), 'Reviewer');
      expect(res.status).toBe(403);
      expect((res.body as { message: string }).message).toContain('Tenant.UpdateUserRole.Viewer');
    });

    it('answers 403 for a Creator and for one’s own role', async () => {
      expect((await update(demoEmail('Viewer'), 'Reviewer', 'Creator')).status).toBe(403);
      expect((await update(demoEmail('Manager'), 'Creator')).status).toBe(403);
    });

    it('does not demote the tenant owner nor give the Developer role', async () => {
      const owner = await update(demoEmail('Administrator'), 'Manager', 'Developer');
      expect(owner.status).toBe(400);
      expect((owner.body as { message: string }).message).toContain('owner');
      expect((await update(demoEmail('Viewer'), 'Developer', 'Developer')).status).toBe(400);
    });

    it('rejects an unknown role and a missing roleId', async () => {
      expect((await update(demoEmail('Viewer'), ACME_ID)).status).toBe(400);
      const res = await t.call('PATCH', '/api/v1/Tenant/UpdateUserRole', {
        token: await as('Manager'),
        body: { userId: userIdOf(demoEmail('Viewer')) },
      });
      expect(res.status).toBe(400);
      expect((res.body as { message: string }).message).toContain('roleId');
    });

    it('answers 404 for a user of another tenant and leaves them alone', async () => {
      const res = await update(GLOBEX_ADMIN, 'Viewer', 'Developer');
      expect(res.status).toBe(404);
      expect(await membership(GLOBEX_ADMIN, GLOBEX_ID)).toMatchObject({ role_id: roleId('Administrator') });
    });
  });

  describe('Tenant_UpdateUserStatus', () => {
    const setStatus = async (userEmail: string, userStatus: number, as_ = 'Manager') =>
      t.call('PATCH', '/api/v1/Tenant/UpdateUserStatus', {
        token: await as(as_),
        body: { userId: userIdOf(userEmail), userStatus },
      });

    it('deactivates a member, whose tokens then stop working here, and reactivates them', async () => {
      const viewer = await as('Viewer');
      const res = await setStatus(demoEmail('Viewer'), 20);
      expect(res).toMatchObject({ status: 200, body: { succeeded: true, result: { userStatus: 20 } } });
      expect((await t.call('POST', '/api/v1/User/GetCurrentUser', { token: viewer })).status).toBe(403);
      await setStatus(demoEmail('Viewer'), 10);
      expect((await t.call('POST', '/api/v1/User/GetCurrentUser', { token: viewer })).status).toBe(200);
    });

    it('sends an inactive member who belongs elsewhere to their other tenant, not this one', async () => {
      await db()
        .insertInto('tenant_memberships')
        .values({
          tenant_id: GLOBEX_ID,
          user_id: userIdOf(demoEmail('Reviewer')),
          role_id: roleId('Viewer'),
          status: 10,
          impersonate_role_id: null,
        })
        .execute();
      await setStatus(demoEmail('Reviewer'), 20);
      const session = await t.call('GET', '/api/v1/Tenant/GetCurrentSession', { token: await as('Reviewer') });
      expect(session.body).toMatchObject({ tenant: { id: GLOBEX_ID } });
      const switched = await t.call('PATCH', '/api/v1/Tenant/ChangeTenant', {
        token: await as('Reviewer'),
        query: { tenantId: ACME_ID },
      });
      expect(switched.status).toBe(404);
    });

    it('needs Tenant.UpdateUserStatus for the target’s role', async () => {
      expect((await setStatus(demoEmail('Administrator'), 20)).status).toBe(403);
      await blacklist('Tenant.UpdateUserStatus.Creator');
      expect((await setStatus(demoEmail('Creator'), 20)).status).toBe(403);
      expect((await setStatus(demoEmail('Viewer'), 20, 'Reviewer')).status).toBe(403);
      expect((await setStatus(demoEmail('Manager'), 20)).status).toBe(403);
    });

    it('does not deactivate the tenant owner', async () => {
      expect((await setStatus(demoEmail('Administrator'), 20, 'Developer')).status).toBe(400);
    });

    it('rejects a status that is not a UserStatus', async () => {
      const res = await setStatus(demoEmail('Viewer'), 30);
      expect(res.status).toBe(400);
      expect((res.body as { message: string }).message).toContain('userStatus');
    });

    it('answers 404 for a user of another tenant', async () => {
      expect((await setStatus(GLOBEX_ADMIN, 20, 'Developer')).status).toBe(404);
      expect(await membership(GLOBEX_ADMIN, GLOBEX_ID)).toMatchObject({ status: 10 });
    });
  });

  describe('Tenant_UpdateUserImpersonateRoleId', () => {
    const impersonate = async (query: Record<string, string>, role = 'Developer') =>
      t.call('PATCH', '/api/v1/Tenant/UpdateUserImpersonateRoleId', { token: await as(role), query });

    it('applies the impersonated role’s abilities until it is ended', async () => {
      const res = await impersonate({ roleId: roleId('Viewer') });
      expect(res).toMatchObject({
        status: 200,
        body: {
          succeeded: true,
          result: {
            role: { name: 'Developer' },
            impersonateRole: { name: 'Viewer' },
            abilitiesRoleId: roleId('Viewer'),
          },
        },
      });
      const token = await as('Developer');
      const details = await t.call('GET', '/api/v1.0/User/GetUserAuthDetails', { token });
      const abilities = (details.body as { abilities: Array<{ subject: string; action: string }> }).abilities;
      expect(abilities).toContainEqual({ subject: 'Home', action: 'View' });
      expect(abilities).not.toContainEqual({ subject: 'Tenant', action: 'ListUsers' });
      expect((await t.call('GET', '/api/v1/Tenant/AllUsers', { token })).status).toBe(403);
      // Still able to end it, as a Viewer would not be.
      const ended = await impersonate({});
      expect(ended.body).toMatchObject({ result: { impersonateRole: null, abilitiesRoleId: roleId('Developer') } });
      expect((await t.call('GET', '/api/v1/Tenant/AllUsers', { token })).status).toBe(200);
    });

    it('answers 403 for an Administrator and when the ability is blacklisted', async () => {
      expect((await impersonate({ roleId: roleId('Viewer') }, 'Administrator')).status).toBe(403);
      await blacklist('Tenant.ImpersonateRole');
      expect((await impersonate({ roleId: roleId('Viewer') })).status).toBe(403);
    });

    it('answers 404 for an unknown role and 400 for a malformed id', async () => {
      expect((await impersonate({ roleId: ACME_ID })).status).toBe(404);
      const bad = await impersonate({ roleId: 'viewer' });
      expect(bad.status).toBe(400);
      expect((bad.body as { message: string }).message).toContain('roleId');
    });

    it('changes only the caller’s membership in the current tenant', async () => {
      await impersonate({ roleId: roleId('Reviewer') });
      const rows = await db()
        .selectFrom('tenant_memberships')
        .select(['tenant_id', 'user_id'])
        .where('impersonate_role_id', 'is not', null)
        .execute();
      expect(rows).toEqual([{ tenant_id: ACME_ID, user_id: userIdOf(demoEmail('Developer')) }]);
    });
  });

  describe('Tenant_Update', () => {
    const rename = async (body: unknown, role = 'Administrator') =>
      t.call('PATCH', '/api/v1/Tenant/Update', { token: await as(role), body });

    it('renames the caller’s tenant only', async () => {
      const res = await rename({ name: '  Acme Docs  ' });
      expect(res).toMatchObject({
        status: 200,
        body: { succeeded: true, result: { id: ACME_ID, code: 'acme', name: 'Acme Docs' } },
      });
      const globex = await db().selectFrom('tenants').select('name').where('id', '=', GLOBEX_ID).executeTakeFirst();
      expect(globex?.name).toBe('Globex Media');
    });
    it('answers 403 for a Manager', async () => {
      expect((await rename({ name: 'X' }, 'Manager')).status).toBe(403);
    });
    it('rejects a missing, blank or overlong name', async () => {
      expect((await rename({})).status).toBe(400);
      const blank = await rename({ name: '   ' });
      expect(blank.status).toBe(400);
      expect((blank.body as { message: string }).message).toContain('name');
      expect((await rename({ name: 'x'.repeat(257) })).status).toBe(400);
    });
  });
});
