// Workspace users: listing, status, invitations and the pre-check, valid assignees and the default
// assignment — the happy path, a denied caller, bad input with the spec's code and another tenant.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { demoId } from '../src/domain/demo-data.js';
import { roleByName } from '../src/domain/roles.js';
import { ACME_ID, databaseKinds, demoEmail, GLOBEX_ADMIN, userIdOf, useTestServer } from './support/harness.js';

const INVOICES = demoId('workspace:Supplier invoices');
const RECEIPTS = demoId('workspace:Expense receipts');
const GLOBEX_INVOICES = demoId('workspace:Globex invoices');
const V = '/api/v1/SdWorkspace';
const id = (role: string) => userIdOf(demoEmail(role));

type Body = Record<string, unknown>;

describe.each(databaseKinds())('workspace members on %s', (kind) => {
  const t = useTestServer(kind);
  const as = (role: string) => t.tokenFor(demoEmail(role));
  const db = () => t.server.database.db;
  const reset = () => t.reset();
  const codeOf = (res: { body: unknown }) => (res.body as { errors: Array<{ code: number }> }).errors[0]?.code;

  describe('SdWorkspace_Users', () => {
    it('lists the members with role and status', async () => {
      await reset();
      const res = await t.call('GET', `${V}/Users/${INVOICES}`, { token: await as('Manager') });
      expect(res.status).toBe(200);
      const users = res.body as Body[];
      expect(users).toHaveLength(6);
      expect(users.find((u) => u.userId === id('Reviewer'))).toMatchObject({
        roleId: roleByName('Reviewer').id,
        roleName: 'Reviewer',
        userStatus: 10,
        email: demoEmail('Reviewer'),
      });
      expect(users.find((u) => u.userId === id('Administrator'))).toMatchObject({ isTenantOwner: true });
    });
    it('needs Workspace.ListUsers; another tenant gets 404', async () => {
      expect((await t.call('GET', `${V}/Users/${INVOICES}`, { token: await as('Creator') })).status).toBe(403);
      expect((await t.call('GET', `${V}/Users/${GLOBEX_INVOICES}`, { token: await as('Developer') })).status).toBe(404);
    });
  });

  describe('SdWorkspace_UpdateUserStatus', () => {
    it('deactivates a member, who then no longer reaches the workspace', async () => {
      await reset();
      const body = { userId: id('Reviewer'), workspaceId: RECEIPTS, userStatus: 20 };
      const res = await t.call('PATCH', `${V}/UpdateUserStatus`, { token: await as('Manager'), body });
      expect(res).toMatchObject({ status: 200, body: { succeeded: true, result: true } });
      const again = await t.call('PATCH', `${V}/UpdateUserStatus`, { token: await as('Manager'), body });
      expect((again.body as Body).result).toBe(false);
      expect((await t.call('GET', `${V}/basic/${RECEIPTS}`, { token: await as('Reviewer') })).status).toBe(404);
      const users = (await t.call('GET', `${V}/Users/${RECEIPTS}`, { token: await as('Manager') })).body as Body[];
      expect(users.find((u) => u.userId === id('Reviewer'))?.userStatus).toBe(20);
      await t.call('PATCH', `${V}/UpdateUserStatus`, { token: await as('Manager'), body: { ...body, userStatus: 10 } });
      expect((await t.call('GET', `${V}/basic/${RECEIPTS}`, { token: await as('Reviewer') })).status).toBe(200);
    });
    it("needs the role-specific permission for the target's role, and nobody changes their own status", async () => {
      await reset();
      const manager = await as('Manager');
      const admin = { userId: id('Administrator'), workspaceId: RECEIPTS, userStatus: 20 };
      const denied = await t.call('PATCH', `${V}/UpdateUserStatus`, { token: manager, body: admin });
      expect(denied.status).toBe(403);
      expect((denied.body as { message: string }).message).toContain('Workspace.UpdateUserStatus.Administrator');
      const self = { userId: id('Manager'), workspaceId: RECEIPTS, userStatus: 20 };
      expect((await t.call('PATCH', `${V}/UpdateUserStatus`, { token: manager, body: self })).status).toBe(403);
      expect((await t.call('PATCH', `${V}/UpdateUserStatus`, { token: await as('Creator'), body: admin })).status).toBe(
        403,
      );
      await db()
        .insertInto('ability_blacklist')
        .values({ tenant_id: ACME_ID, ability: 'Workspace.UpdateUserStatus.Reviewer' })
        .execute();
      const blacklisted = { userId: id('Reviewer'), workspaceId: RECEIPTS, userStatus: 20 };
      expect((await t.call('PATCH', `${V}/UpdateUserStatus`, { token: manager, body: blacklisted })).status).toBe(403);
    });
    it('refuses a bad status (400), a non-member (404) and another tenant (404)', async () => {
      await reset();
      const token = await as('Developer');
      expect(
        (
          await t.call('PATCH', `${V}/UpdateUserStatus`, {
            token,
            body: { userId: id('Reviewer'), workspaceId: RECEIPTS, userStatus: 15 },
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await t.call('PATCH', `${V}/UpdateUserStatus`, {
            token,
            body: { userId: userIdOf(GLOBEX_ADMIN), workspaceId: RECEIPTS, userStatus: 20 },
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await t.call('PATCH', `${V}/UpdateUserStatus`, {
            token,
            body: { userId: userIdOf(GLOBEX_ADMIN), workspaceId: GLOBEX_INVOICES, userStatus: 20 },
          })
        ).status,
      ).toBe(404);
    });
  });

  describe('SdWorkspace_CheckIfUserCanBeInvited and SdWorkspace_InviteUser', () => {
    const check = async (email: string, workspaceId = RECEIPTS) =>
      (
        await t.call('GET', `${V}/CheckIfUserCanBeInvited`, {
          token: await as('Manager'),
          query: { email, workspaceId },
        })
      ).body as Body;
    it('tells apart new people, other tenants, tenant members and workspace members', async () => {
      await reset();
      await db()
        .deleteFrom('workspace_members')
        .where('workspace_id', '=', RECEIPTS)
        .where('user_id', '=', id('Viewer'))
        .execute();
      expect(await check('new.person@example.com')).toMatchObject({ inviteCheckStatus: 1, name: null });
      expect(await check(GLOBEX_ADMIN)).toMatchObject({ inviteCheckStatus: 2, name: null, tenantRoleId: null });
      expect(await check(demoEmail('Viewer'))).toMatchObject({ inviteCheckStatus: 4, name: 'Viewer Demo' });
      expect(await check(demoEmail('Reviewer'))).toMatchObject({ inviteCheckStatus: 5 });
      const other = await t.call('GET', `${V}/CheckIfUserCanBeInvited`, {
        token: await as('Manager'),
        query: { email: 'x@example.com', workspaceId: GLOBEX_INVOICES },
      });
      expect(other.status).toBe(404);
      expect(
        (
          await t.call('GET', `${V}/CheckIfUserCanBeInvited`, {
            token: await as('Creator'),
            query: { email: 'x@example.com', workspaceId: RECEIPTS },
          })
        ).status,
      ).toBe(403);
    });
    it('adds tenant members at once and invites new people through the tenant invitation', async () => {
      await reset();
      await db().deleteFrom('workspace_members').where('user_id', '=', id('Viewer')).execute();
      const res = await t.call('POST', `${V}/InviteUser`, {
        token: await as('Manager'),
        body: {
          users: [
            { email: demoEmail('Viewer'), workspaceId: RECEIPTS },
            { email: 'New.Person@example.com', name: 'New Person', inviteToAllWorkspaces: true },
          ],
        },
      });
      expect(res).toMatchObject({ status: 200, body: { succeeded: true, result: true } });
      expect(await check(demoEmail('Viewer'))).toMatchObject({ inviteCheckStatus: 5 });
      expect(await check(demoEmail('Viewer'), INVOICES)).toMatchObject({ inviteCheckStatus: 4 });
      expect(await check('new.person@example.com', INVOICES)).toMatchObject({
        inviteCheckStatus: 5,
        name: 'New Person',
      });
      const mail = readdirSync(t.server.outboxDir);
      expect(mail.length).toBeGreaterThan(0);
    });
    it('reports an invite without a workspace in the wrapper; refuses blocked tenants, other tenants and callers without Workspace.AddUsers', async () => {
      await reset();
      const manager = await as('Manager');
      const missing = await t.call('POST', `${V}/InviteUser`, {
        token: manager,
        body: { users: [{ email: demoEmail('Viewer') }] },
      });
      expect(missing).toMatchObject({ status: 200, body: { succeeded: false, result: false } });
      const other = await t.call('POST', `${V}/InviteUser`, {
        token: manager,
        body: { users: [{ email: demoEmail('Viewer'), workspaceId: GLOBEX_INVOICES }] },
      });
      expect(other.status).toBe(404);
      expect(
        (
          await t.call('POST', `${V}/InviteUser`, {
            token: await as('Creator'),
            body: { users: [{ email: 'a@example.com', workspaceId: RECEIPTS }] },
          })
        ).status,
      ).toBe(403);
      expect((await t.call('POST', `${V}/InviteUser`, { token: manager, body: { users: [] } })).status).toBe(400);
      await db().updateTable('tenants').set({ invitation_blocked: true }).where('id', '=', ACME_ID).execute();
      expect(
        (
          await t.call('POST', `${V}/InviteUser`, {
            token: manager,
            body: { users: [{ email: 'a@example.com', workspaceId: RECEIPTS }] },
          })
        ).status,
      ).toBe(403);
    });
  });

  describe('SdWorkspace_ValidUsersForTaskAssignment, SdWorkspace_ValidUsersForTaskShare and SdWorkspace_CurrentTaskAssignmentUsers', () => {
    it('mark who may review, leave the caller out on request, and resolve ids in the order asked', async () => {
      await reset();
      const token = await as('Manager');
      const res = await t.call('GET', `${V}/ValidUsersForTaskAssignment`, {
        token,
        query: { workspaceId: INVOICES, includeSelf: 'false' },
      });
      expect(res.status).toBe(200);
      const users = res.body as Array<{ userId: string; isValidForTaskAssignment: boolean }>;
      expect(users.map((u) => u.userId)).not.toContain(id('Manager'));
      expect(users.find((u) => u.userId === id('Reviewer'))?.isValidForTaskAssignment).toBe(true);
      expect(users.find((u) => u.userId === id('Viewer'))?.isValidForTaskAssignment).toBe(false);
      const share = await t.call('GET', `${V}/ValidUsersForTaskShare`, {
        token,
        query: { workspaceId: INVOICES, includeSelf: 'true' },
      });
      expect(
        (share.body as Array<{ userId: string; isValidForTaskSharing: boolean }>).find((u) => u.userId === id('Viewer'))
          ?.isValidForTaskSharing,
      ).toBe(true);
      const current = await t.call('GET', `${V}/CurrentTaskAssignmentUsers`, {
        token,
        query: { workspaceId: INVOICES, userIds: [id('Viewer'), userIdOf(GLOBEX_ADMIN), id('Reviewer')] },
      });
      expect(current.status).toBe(200);
      expect((current.body as Body[]).map((u) => [u.userId, u.isValidForTaskAssignment, u.email])).toEqual([
        [id('Viewer'), false, demoEmail('Viewer')],
        [userIdOf(GLOBEX_ADMIN), false, null],
        [id('Reviewer'), true, demoEmail('Reviewer')],
      ]);
    });
    it('need their permission and refuse another tenant', async () => {
      const viewer = await as('Viewer');
      expect(
        (
          await t.call('GET', `${V}/ValidUsersForTaskAssignment`, {
            token: viewer,
            query: { workspaceId: INVOICES, includeSelf: 'true' },
          })
        ).status,
      ).toBe(403);
      const dev = await as('Developer');
      expect(
        (
          await t.call('GET', `${V}/ValidUsersForTaskAssignment`, {
            token: dev,
            query: { workspaceId: GLOBEX_INVOICES, includeSelf: 'true' },
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await t.call('GET', `${V}/CurrentTaskAssignmentUsers`, {
            token: dev,
            query: { workspaceId: GLOBEX_INVOICES },
          })
        ).status,
      ).toBe(404);
      expect(
        (await t.call('GET', `${V}/ValidUsersForTaskAssignment`, { token: dev, query: { workspaceId: INVOICES } }))
          .status,
      ).toBe(400);
    });
  });

  describe('SdWorkspace_GetDefaultAssignments and SdWorkspace_PatchDefaultAssignments', () => {
    const patch = async (
      token: string,
      isEnabled: boolean,
      orderType: number,
      users: string[],
      workspaceId = INVOICES,
    ) =>
      t.call('PATCH', `${V}/DefaultAssignments/${workspaceId}`, {
        token,
        query: { isEnabled: String(isEnabled), orderType: String(orderType) },
        body: users,
      });
    it('is off by default and saves an assignment of valid users in order', async () => {
      await reset();
      const token = await as('Manager');
      const initial = await t.call('GET', `${V}/DefaultAssignments`, { token, query: { workspaceId: INVOICES } });
      expect(initial).toMatchObject({
        status: 200,
        body: { workspaceId: INVOICES, isEnabled: false, orderType: 10, users: [] },
      });
      const res = await patch(token, true, 30, [id('Reviewer'), id('Manager')]);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ succeeded: true, result: { isEnabled: true, orderType: 30 } });
      const read = await t.call('GET', `${V}/DefaultAssignments`, {
        token: await as('Viewer'),
        query: { workspaceId: INVOICES },
      });
      expect((read.body as { users: Body[] }).users.map((u) => u.userId)).toEqual([id('Reviewer'), id('Manager')]);
      // A user who leaves the workspace stays listed, marked invalid.
      await db().updateTable('workspace_members').set({ status: 20 }).where('user_id', '=', id('Reviewer')).execute();
      const after = await t.call('GET', `${V}/DefaultAssignments`, { token, query: { workspaceId: INVOICES } });
      expect((after.body as { users: Body[] }).users[0]).toMatchObject({
        userId: id('Reviewer'),
        isValidForTaskAssignment: false,
      });
    });
    it('refuses users who cannot be assigned, or none while enabled, with InvalidAssignmentState (30)', async () => {
      await reset();
      const token = await as('Manager');
      for (const users of [[id('Viewer')], [userIdOf(GLOBEX_ADMIN)], []]) {
        const res = await patch(token, true, 10, users);
        expect(res.status, JSON.stringify(users)).toBe(400);
        expect(codeOf(res)).toBe(30);
      }
      expect((await patch(token, false, 10, [])).status).toBe(200);
      expect((await patch(token, true, 40, [id('Reviewer')])).status).toBe(400);
    });
    it('needs Workspace.Edit or Task.EditAssignments; another tenant gets 404', async () => {
      await reset();
      expect((await patch(await as('Creator'), true, 10, [id('Reviewer')])).status).toBe(403);
      const dev = await as('Developer');
      expect((await patch(dev, true, 10, [userIdOf(GLOBEX_ADMIN)], GLOBEX_INVOICES)).status).toBe(404);
      expect(
        (await t.call('GET', `${V}/DefaultAssignments`, { token: dev, query: { workspaceId: GLOBEX_INVOICES } }))
          .status,
      ).toBe(404);
    });
  });
});
