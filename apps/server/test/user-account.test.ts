// The account calls of the profile and tenant screens over the API: look-up and removal of tenant
// users, default tenant, tours, logins and passwords, profile pictures, personal data and account
// deletion — per permission and never across tenants.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { signIn } from '../src/domain/accounts.js';
import { roleByName } from '../src/domain/roles.js';
import {
  ACME_ID,
  databaseKinds,
  demoEmail,
  GLOBEX_ADMIN,
  GLOBEX_ID,
  userIdOf,
  useTestServer,
} from './support/harness.js';
import { FIXTURES } from './support/task-import.js';

const API = '/api/v1';
const REVIEWER = userIdOf(demoEmail('Reviewer'));
const ADMIN = userIdOf(demoEmail('Administrator'));
const GLOBEX_USER = userIdOf(GLOBEX_ADMIN);

interface Identity {
  succeeded: boolean;
  errors: string[];
}

describe.each(databaseKinds())('account calls on %s', (kind) => {
  const t = useTestServer(kind, { resetEachTest: true });
  const as = (role: string) => t.tokenFor(demoEmail(role));
  const db = () => t.server.database.db;
  const userRow = (id: string) => db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  const memberships = (userId: string) =>
    db().selectFrom('tenant_memberships').selectAll().where('user_id', '=', userId).execute();

  describe('User_Get', () => {
    it('finds a member of the tenant by e-mail, in any letter case', async () => {
      const answer = await t.call('GET', `${API}/User/Get`, {
        token: await as('Manager'),
        query: { email: demoEmail('Reviewer').toUpperCase() },
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ userId: REVIEWER, tenantId: ACME_ID, userRoleName: 'Reviewer' });
    });

    it('answers 404 for another tenant’s user and 403 to a Reviewer', async () => {
      const token = await as('Manager');
      expect((await t.call('GET', `${API}/User/Get`, { token, query: { email: GLOBEX_ADMIN } })).status).toBe(404);
      const reviewer = await t.call('GET', `${API}/User/Get`, {
        token: await as('Reviewer'),
        query: { email: demoEmail('Viewer') },
      });
      expect(reviewer.status).toBe(403);
    });
  });

  describe('User_Remove', () => {
    const remove = async (userId: string, role = 'Administrator') =>
      t.call('POST', `${API}/User/Remove`, { token: await as(role), body: { userId } });

    it('takes the member out of the tenant and its workspaces; the account stays', async () => {
      const answer = await remove(REVIEWER);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ succeeded: true, result: true });
      expect(await memberships(REVIEWER)).toEqual([]);
      const workspaces = await db()
        .selectFrom('workspace_members')
        .selectAll()
        .where('user_id', '=', REVIEWER)
        .execute();
      expect(workspaces).toEqual([]);
      expect(await userRow(REVIEWER)).toBeDefined();
      // Their token no longer lets them into the tenant.
      expect((await t.call('GET', `${API}/User/GetToursSeen`, { token: await as('Reviewer') })).status).toBe(403);
    });

    it('refuses the owner, oneself, a role above one’s reach and another tenant’s user', async () => {
      expect((await remove(ADMIN, 'Developer')).status).toBe(400);
      expect((await remove(ADMIN)).status).toBe(403);
      expect((await remove(userIdOf(demoEmail('Administrator')), 'Manager')).status).toBe(403);
      expect((await remove(userIdOf(demoEmail('Developer')))).status).toBe(403);
      expect((await remove(GLOBEX_USER)).status).toBe(404);
      expect((await remove(REVIEWER, 'Creator')).status).toBe(403);
      expect(await memberships(GLOBEX_USER)).toHaveLength(1);
      expect(await memberships(ADMIN)).toHaveLength(1);
    });
  });

  describe('User_UpdateCurrentUserDefaultTenant', () => {
    it('moves the default flag to a tenant the user belongs to, and refuses others', async () => {
      await db()
        .insertInto('tenant_memberships')
        .values({
          tenant_id: GLOBEX_ID,
          user_id: REVIEWER,
          role_id: roleByName('Viewer').id,
          status: 10,
          impersonate_role_id: null,
          is_default: false,
          is_owner: false,
        })
        .execute();
      const token = await as('Reviewer');
      const call = (tenantId: string, tok = token) =>
        t.call('POST', `${API}/User/UpdateCurrentUserDefaultTenant`, { token: tok, body: { tenantId } });
      expect((await call(GLOBEX_ID)).body).toMatchObject({ succeeded: true, result: true });
      const flags = Object.fromEntries((await memberships(REVIEWER)).map((m) => [m.tenant_id, m.is_default]));
      expect(flags).toEqual({ [GLOBEX_ID]: true, [ACME_ID]: false });
      // The viewer of Acme is no member of Globex.
      expect((await call(GLOBEX_ID, await as('Viewer'))).status).toBe(404);
      expect((await call(crypto.randomUUID())).status).toBe(404);
    });
  });

  describe('User_GetToursSeen / User_UpdateToursSeen', () => {
    it('remembers the tours of the caller only', async () => {
      const token = await as('Viewer');
      const viewer = userIdOf(demoEmail('Viewer'));
      expect((await t.call('GET', `${API}/User/GetToursSeen`, { token })).body).toEqual({
        userId: viewer,
        taskListSeen: false,
        taskViewerSeen: false,
      });
      const put = await t.call('PUT', `${API}/User/UpdateToursSeen`, {
        token,
        body: { userId: viewer, taskListSeen: true, taskViewerSeen: false },
      });
      expect(put.status).toBe(204);
      expect((await t.call('GET', `${API}/User/GetToursSeen`, { token })).body).toMatchObject({ taskListSeen: true });
      const other = await t.call('PUT', `${API}/User/UpdateToursSeen`, {
        token,
        body: { userId: REVIEWER, taskListSeen: true, taskViewerSeen: true },
      });
      expect(other.status).toBe(403);
      expect((await t.call('GET', `${API}/User/GetToursSeen`, { token: await as('Reviewer') })).body).toMatchObject({
        taskListSeen: false,
        taskViewerSeen: false,
      });
    });
  });

  describe('logins and passwords', () => {
    it('lists external logins and removes one while another way in remains', async () => {
      await db()
        .insertInto('user_external_logins')
        .values([
          { user_id: REVIEWER, login_provider: 'Microsoft', provider_key: 'ms-1', provider_display_name: 'Microsoft' },
        ])
        .execute();
      const token = await as('Reviewer');
      const listed = await t.call('GET', `${API}/User/GetExternalLogins`, { token });
      expect(listed.body).toEqual({
        currentLogins: [{ loginProvider: 'Microsoft', providerKey: 'ms-1', providerDisplayName: 'Microsoft' }],
        canRemoveLogin: true,
      });
      // Without a password, the only login stays.
      await db().updateTable('users').set({ password_hash: null }).where('id', '=', REVIEWER).execute();
      const body = { loginProvider: 'Microsoft', providerKey: 'ms-1' };
      const kept = await t.call('POST', `${API}/User/RemoveLogin`, { token, body });
      expect((kept.body as Identity).succeeded).toBe(false);
      const unknown = await t.call('POST', `${API}/User/RemoveLogin`, { token, body: { ...body, providerKey: 'x' } });
      expect((unknown.body as Identity).succeeded).toBe(false);
      // With a password added, it may go.
      const weak = await t.call('POST', `${API}/User/AddPassword`, { token, body: { newPassword: 'short' } });
      expect((weak.body as Identity).succeeded).toBe(false);
      const added = await t.call('POST', `${API}/User/AddPassword`, { token, body: { newPassword: 'Fresh-pass-42' } });
      expect(added.body).toEqual({ succeeded: true, errors: [] });
      expect(await signIn(db(), demoEmail('Reviewer'), 'Fresh-pass-42')).toMatchObject({ ok: true });
      const removed = await t.call('POST', `${API}/User/RemoveLogin`, { token, body });
      expect(removed.body).toEqual({ succeeded: true, errors: [] });
      expect(await db().selectFrom('user_external_logins').selectAll().execute()).toEqual([]);
    });

    it('refuses AddPassword for an account that has one', async () => {
      const answer = await t.call('POST', `${API}/User/AddPassword`, {
        token: await as('Reviewer'),
        body: { newPassword: 'Fresh-pass-42' },
      });
      expect((answer.body as Identity).succeeded).toBe(false);
      expect(await signIn(db(), demoEmail('Reviewer'), 'Fresh-pass-42')).toMatchObject({ ok: false });
    });
  });

  describe('profile pictures', () => {
    const photo = () =>
      sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 30, b: 60 } } })
        .jpeg()
        .toBuffer();
    const change = async (content: string, contentType = 'image/jpeg', role = 'Reviewer') =>
      t.call('POST', `${API}/User/ChangePicture`, {
        token: await as(role),
        body: { content, contentType, fileName: 'me.jpg' },
      });

    it('stores a checked, re-encoded square and shows it to the tenant only', async () => {
      const answer = await change((await photo()).toString('base64'));
      expect(answer.status).toBe(200);
      const { profilePicture } = answer.body as { profilePicture: string };
      expect(profilePicture.startsWith('data:image/png;base64,')).toBe(true);
      const stored = Buffer.from(profilePicture.split(',')[1] as string, 'base64');
      expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 256, height: 256 });
      const seen = await t.call('GET', `${API}/User/GetProfilePicture/${REVIEWER}`, { token: await as('Viewer') });
      expect(seen.body).toEqual({ userId: REVIEWER, profilePicture });
      const globex = await t.call('GET', `${API}/User/GetProfilePicture/${REVIEWER}`, {
        token: await t.tokenFor(GLOBEX_ADMIN),
      });
      expect(globex.status).toBe(404);
      const many = await t.call('GET', `${API}/User/GetProfilePicturesByUserId`, {
        token: await as('Viewer'),
        query: { userIds: [REVIEWER, ADMIN, GLOBEX_USER, crypto.randomUUID()] },
      });
      expect(many.body).toEqual([
        { userId: REVIEWER, profilePicture },
        { userId: ADMIN, profilePicture: null },
      ]);
    });

    it('refuses too large, non-image, disguised and broken files, keeping the old picture', async () => {
      await change((await photo()).toString('base64'));
      const before = (await userRow(REVIEWER))?.profile_picture;
      const big = Buffer.alloc(2 * 1024 * 1024 + 10, 1);
      expect((await change(big.toString('base64'))).status).toBe(400);
      expect((await change(FIXTURES.invoicePdf().toString('base64'), 'image/png')).status).toBe(400);
      expect((await change('not base64 at all!')).status).toBe(400);
      const truncated = (await photo()).subarray(0, 200);
      expect((await change(truncated.toString('base64'))).status).toBe(400);
      expect((await userRow(REVIEWER))?.profile_picture).toBe(before);
    });

    it('answers 403 when User.Profile is blacklisted', async () => {
      await db().insertInto('ability_blacklist').values({ tenant_id: ACME_ID, ability: 'User.Profile' }).execute();
      expect((await change((await photo()).toString('base64'))).status).toBe(403);
    });
  });

  describe('User_DownloadPersonalData', () => {
    it('answers the caller’s own data as a JSON download, without secrets', async () => {
      const response = await t.server.app.inject({
        method: 'POST',
        url: `${API}/User/DownloadPersonalData`,
        headers: { authorization: `Bearer ${await as('Reviewer')}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="?PersonalData-\d{4}-\d\d-\d\d\.json/,
      );
      const data = JSON.parse(response.body);
      expect(data.account).toMatchObject({ userId: REVIEWER, email: demoEmail('Reviewer'), hasPassword: true });
      expect(data.tenants).toEqual([expect.objectContaining({ tenantId: ACME_ID, role: 'Reviewer' })]);
      expect(data.tenants[0].workspaces.length).toBeGreaterThan(0);
      expect(response.body).not.toContain('scrypt$');
      expect(response.body).not.toContain('Globex');
    });
  });

  describe('account deletion', () => {
    const rules = async (token: string) => (await t.call('GET', `${API}/User/VerifyRulesToDelete`, { token })).body;

    it('keeps the only owner of a shared tenant', async () => {
      const token = await as('Administrator');
      expect(await rules(token)).toMatchObject({
        canDelete: false,
        canDeleteWithAllData: false,
        ownedTenants: [{ tenantId: ACME_ID }],
      });
      for (const call of ['Delete', 'DeleteWithAllData']) {
        const answer = await t.call('DELETE', `${API}/User/${call}`, { token });
        expect((answer.body as Identity).succeeded).toBe(false);
        expect((answer.body as Identity).errors.join(' ')).toContain('owner');
      }
      expect(await userRow(ADMIN)).toBeDefined();
    });

    it('deletes a member’s account and ends its access', async () => {
      const token = await as('Reviewer');
      expect(await rules(token)).toEqual({
        canDelete: true,
        canDeleteWithAllData: true,
        ownedTenants: [],
        reasons: [],
      });
      expect((await t.call('DELETE', `${API}/User/Delete`, { token })).body).toEqual({ succeeded: true, errors: [] });
      expect(await userRow(REVIEWER)).toBeUndefined();
      expect((await t.call('GET', `${API}/User/GetToursSeen`, { token })).status).toBe(401);
    });

    it('deletes a tenant owned and used alone together with the account, and nothing else', async () => {
      const token = await t.tokenFor(GLOBEX_ADMIN);
      expect(await rules(token)).toMatchObject({ canDelete: false, canDeleteWithAllData: true });
      expect((await t.call('DELETE', `${API}/User/Delete`, { token })).body).toMatchObject({ succeeded: false });
      const answer = await t.call('DELETE', `${API}/User/DeleteWithAllData`, { token });
      expect(answer.body).toEqual({ succeeded: true, errors: [] });
      expect(await db().selectFrom('tenants').select('id').where('id', '=', GLOBEX_ID).execute()).toEqual([]);
      expect(await db().selectFrom('workspaces').select('id').where('tenant_id', '=', GLOBEX_ID).execute()).toEqual([]);
      expect(await userRow(GLOBEX_USER)).toBeUndefined();
      expect(await db().selectFrom('tenants').select('id').where('id', '=', ACME_ID).execute()).toHaveLength(1);
    });
  });
});
