// File-sharing connections (Tenant/Connectors/*), browsing them (SharePoint/Items) and a
// workspace's storage (SdWorkspace/Storage), against a real WebDAV server started here: secrets
// stored encrypted and never returned, connections checked against the site before they are
// saved, each call per permission, and one tenant's connections invisible to another.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME_ID, databaseKinds, demoEmail, GLOBEX_ADMIN, GLOBEX_ID, useTestServer } from './support/harness.js';
import { freePort } from './support/postgres-cluster.js';
import { FIXTURES, GLOBEX_INVOICES_WS, INVOICES_WS } from './support/task-import.js';
import { startWebDav, type TestWebDav } from './support/webdav-server.js';

const API = '/api/v1';
const CONNECTORS = `${API}/Tenant/Connectors`;

describe.each(databaseKinds())('file-sharing connectors on %s', (kind) => {
  const t = useTestServer(kind, { resetEachTest: true });
  let dav: TestWebDav;
  const allowPrivate = process.env.URL_IMPORT_ALLOW_PRIVATE;

  beforeAll(async () => {
    // The WebDAV server runs on the loopback interface, which the server otherwise refuses to reach.
    process.env.URL_IMPORT_ALLOW_PRIVATE = 'true';
    dav = await startWebDav();
    mkdirSync(join(dav.root, 'Invoices', '2026'), { recursive: true });
    mkdirSync(join(dav.root, 'Exports'));
    mkdirSync(join(dav.root, 'Glossary'));
    writeFileSync(join(dav.root, 'Invoices', 'AmazonWebServices.pdf'), FIXTURES.invoicePdf());
    writeFileSync(join(dav.root, 'Glossary', 'global.csv'), 'source;target\ninvoice;Rechnung\n');
  });
  afterAll(async () => {
    if (allowPrivate === undefined) delete process.env.URL_IMPORT_ALLOW_PRIVATE;
    else process.env.URL_IMPORT_ALLOW_PRIVATE = allowPrivate;
    await dav?.stop();
  });

  const connection = (changes: Record<string, unknown> = {}) => ({
    id: null,
    displayName: 'Finance share',
    name: 'finance',
    clientId: dav.userName,
    clientSecret: dav.password,
    hostname: dav.url,
    defaultSite: null,
    driveId: null,
    connectorType: 'WebDav',
    ...changes,
  });
  const admin = () => t.tokenFor(demoEmail('Administrator'));
  const upsert = async (body: object, token?: string) =>
    t.call('POST', `${CONNECTORS}/UpsertSharePointConnection`, { token: token ?? (await admin()), body });
  const created = async () => {
    const answer = await upsert(connection());
    expect(answer.body).toMatchObject({ succeeded: true });
    return (answer.body as { result: { id: string } }).result.id;
  };
  const list = async (token?: string) =>
    t.call('POST', `${CONNECTORS}/GetSharePointConnections`, { token: token ?? (await admin()) });

  it('creates a WebDAV connection whose secret is stored encrypted and never returned', async () => {
    const answer = await upsert(connection());
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      succeeded: true,
      result: {
        displayName: 'Finance share',
        name: 'finance',
        tenantId: ACME_ID,
        connectorType: 'WebDav',
        hostname: dav.url,
      },
    });
    expect(answer.text).not.toContain(dav.password);
    expect((answer.body as { result: object }).result).not.toHaveProperty('clientSecret');

    const listed = await list();
    expect(listed.body).toMatchObject([{ name: 'finance', clientId: dav.userName }]);
    expect(listed.text).not.toContain(dav.password);
    const [row] = await t.server.database.db.selectFrom('storage_connections').selectAll().execute();
    expect(row?.secret_ciphertext).toMatch(/^v1\./);
    expect(row?.secret_ciphertext).not.toContain(dav.password);
    expect(row?.secret_ciphertext).not.toContain(Buffer.from(dav.password).toString('base64'));
  });

  it('saves nothing when the site refuses or cannot be reached, or the secret is missing', async () => {
    const wrong = await upsert(connection({ clientSecret: 'not-the-password' }));
    expect(wrong.body).toMatchObject({ succeeded: false, errors: [{ code: 20 }] });
    const closed = await upsert(connection({ hostname: `http://127.0.0.1:${await freePort()}/dav/` }));
    expect(closed.body).toMatchObject({ succeeded: false, errors: [{ code: 20 }] });
    const notUrl = await upsert(connection({ hostname: 'files.example.com' }));
    expect(notUrl.body).toMatchObject({ succeeded: false, errors: [{ code: 10 }] });
    const noSecret = await upsert(connection({ clientSecret: null }));
    expect(noSecret.status).toBe(400);
    expect((await list()).body).toEqual([]);
  });

  it('keeps the stored secret when an update sends none, and keeps names unique in the tenant', async () => {
    const id = await created();
    const renamed = await upsert(connection({ id, displayName: 'Finance (WebDAV)', clientSecret: null }));
    expect(renamed.body).toMatchObject({ succeeded: true, result: { id, displayName: 'Finance (WebDAV)' } });
    const twice = await upsert(connection({ displayName: 'Second' }));
    expect(twice.status).toBe(400);
    expect((await list()).body).toHaveLength(1);
    // The secret still works: the site is browsed with it.
    const items = await t.call('GET', `${API}/SharePoint/Items/finance`, { token: await admin() });
    expect(items.status).toBe(200);
  });

  it('browses the folders of a connection', async () => {
    await created();
    const token = await t.tokenFor(demoEmail('Creator'));
    const root = await t.call('GET', `${API}/SharePoint/Items/finance`, { token });
    expect(root.status).toBe(200);
    expect((root.body as Array<{ name: string; isFolder: boolean }>).map((i) => [i.name, i.isFolder])).toEqual([
      ['Exports', true],
      ['Glossary', true],
      ['Invoices', true],
    ]);
    const invoices = await t.call('GET', `${API}/SharePoint/Items/finance`, {
      token,
      query: { directoryPath: '/Invoices' },
    });
    expect(invoices.body).toMatchObject([
      { name: '2026', isFolder: true, isFile: false, folderPath: '/Invoices' },
      {
        id: '/Invoices/AmazonWebServices.pdf',
        name: 'AmazonWebServices.pdf',
        isFile: true,
        isFolder: false,
        mimeType: 'application/pdf',
        folderPath: '/Invoices',
        displayFullPath: 'Finance share/Invoices/AmazonWebServices.pdf',
      },
    ]);
    const missing = await t.call('GET', `${API}/SharePoint/Items/finance`, {
      token,
      query: { directoryPath: '/Nowhere' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ errors: [{ code: 50 }] });
    const upward = await t.call('GET', `${API}/SharePoint/Items/finance`, {
      token,
      query: { directoryPath: '/../..' },
    });
    expect(upward.status).toBe(400);
    expect((await t.call('GET', `${API}/SharePoint/Items/unknown`, { token })).status).toBe(404);
  });

  it("connects a workspace's storage after reading each folder it names, and disconnects it", async () => {
    const id = await created();
    const token = await admin();
    const storage = `${API}/SdWorkspace/Storage/${INVOICES_WS}`;
    const setup = {
      serviceName: 'finance',
      exportDirectoryPath: '/Exports',
      glossaryDirectoryPath: 'Glossary/',
      globalGlossaryPath: '/Glossary/global.csv',
    };
    const missingExport = await t.call('PATCH', storage, {
      token,
      body: { ...setup, exportDirectoryPath: '/Missing' },
    });
    expect(missingExport.body).toMatchObject({ succeeded: false, errors: [{ code: 50 }] });
    const missingGlossary = await t.call('PATCH', storage, {
      token,
      body: { ...setup, globalGlossaryPath: '/Glossary/none.csv' },
    });
    expect(missingGlossary.body).toMatchObject({ succeeded: false, errors: [{ code: 60 }] });
    const unknown = await t.call('PATCH', storage, { token, body: { ...setup, serviceName: 'nope' } });
    expect(unknown.body).toMatchObject({ succeeded: false, errors: [{ code: 20 }] });

    const saved = await t.call('PATCH', storage, { token, body: setup });
    expect(saved.body).toMatchObject({
      succeeded: true,
      result: {
        serviceName: 'finance',
        exportDirectoryPath: '/Exports',
        glossaryDirectoryPath: '/Glossary',
        globalGlossaryId: '/Glossary/global.csv',
      },
    });
    const workspace = await t.server.database.db
      .selectFrom('workspaces')
      .select('configuration')
      .where('id', '=', INVOICES_WS)
      .executeTakeFirstOrThrow();
    expect(workspace.configuration).toMatchObject({
      storageConfig: { serviceName: 'finance', exportDirectoryPath: '/Exports' },
    });
    const using = await t.call('GET', `${CONNECTORS}/WorkspacesBySharePointService/finance`, { token });
    expect(using.body).toEqual([{ workspaceId: INVOICES_WS, workspaceName: 'Supplier invoices' }]);
    const refused = await t.call('POST', `${CONNECTORS}/DeleteSharePointConnection/${id}`, { token });
    expect(refused.body).toMatchObject({ succeeded: false, result: false });

    expect((await t.call('DELETE', storage, { token })).body).toMatchObject({ succeeded: true, result: true });
    expect((await t.call('DELETE', storage, { token })).body).toMatchObject({ succeeded: true, result: false });
    expect((await t.call('GET', `${CONNECTORS}/WorkspacesBySharePointService/finance`, { token })).body).toEqual([]);
    const deleted = await t.call('POST', `${CONNECTORS}/DeleteSharePointConnection/${id}`, { token });
    expect(deleted.body).toMatchObject({ succeeded: true, result: true });
    expect((await list(token)).body).toEqual([]);
  });

  it('answers each call only to the roles that may make it', async () => {
    const id = await created();
    const storage = `${API}/SdWorkspace/Storage/${INVOICES_WS}`;
    const calls: Array<[string, string, object | undefined, string[]]> = [
      ['POST', `${CONNECTORS}/GetSharePointConnections`, undefined, ['Administrator', 'Developer']],
      ['GET', `${CONNECTORS}/WorkspacesBySharePointService/finance`, undefined, ['Administrator', 'Developer']],
      ['POST', `${CONNECTORS}/UpsertSharePointConnection`, connection({ id }), ['Administrator', 'Developer']],
      ['GET', `${API}/SharePoint/Items/finance`, undefined, ['Administrator', 'Developer', 'Manager', 'Creator']],
      ['PATCH', storage, { serviceName: 'finance' }, ['Administrator', 'Developer']],
      ['DELETE', storage, undefined, ['Administrator', 'Developer']],
      ['POST', `${CONNECTORS}/DeleteSharePointConnection/${id}`, undefined, ['Administrator', 'Developer']],
    ];
    for (const role of ['Reviewer', 'Viewer', 'Creator', 'Manager', 'Developer', 'Administrator']) {
      const token = await t.tokenFor(demoEmail(role));
      for (const [method, url, body, allowed] of calls) {
        if (url.includes('DeleteSharePointConnection')) continue;
        const answer = await t.call(method, url, { token, body });
        expect([method, url, role, answer.status]).toEqual([method, url, role, allowed.includes(role) ? 200 : 403]);
      }
    }
    for (const role of ['Reviewer', 'Viewer', 'Creator', 'Manager']) {
      const answer = await t.call('POST', `${CONNECTORS}/DeleteSharePointConnection/${id}`, {
        token: await t.tokenFor(demoEmail(role)),
      });
      expect([role, answer.status]).toEqual([role, 403]);
    }
    expect((await t.call('POST', `${CONNECTORS}/GetSharePointConnections`)).status).toBe(401);
  });

  it("keeps a tenant's connections invisible to another tenant", async () => {
    const id = await created();
    const globex = await t.tokenFor(GLOBEX_ADMIN);
    expect((await list(globex)).body).toEqual([]);
    expect((await t.call('GET', `${CONNECTORS}/WorkspacesBySharePointService/finance`, { token: globex })).status).toBe(
      404,
    );
    expect((await t.call('GET', `${API}/SharePoint/Items/finance`, { token: globex })).status).toBe(404);
    expect((await t.call('POST', `${CONNECTORS}/DeleteSharePointConnection/${id}`, { token: globex })).status).toBe(
      404,
    );
    expect((await upsert(connection({ id, clientSecret: null }), globex)).status).toBe(404);
    // Globex's workspace cannot name Acme's connection, and Acme's workspace is not Globex's to set up.
    const patched = await t.call('PATCH', `${API}/SdWorkspace/Storage/${GLOBEX_INVOICES_WS}`, {
      token: globex,
      body: { serviceName: 'finance' },
    });
    expect(patched.body).toMatchObject({ succeeded: false, errors: [{ code: 20 }] });
    const foreign = await t.call('PATCH', `${API}/SdWorkspace/Storage/${INVOICES_WS}`, {
      token: globex,
      body: { serviceName: 'finance' },
    });
    expect(foreign.status).toBe(404);
    // The same name is free in another tenant.
    const own = await upsert(connection(), globex);
    expect(own.body).toMatchObject({ succeeded: true, result: { tenantId: GLOBEX_ID, name: 'finance' } });
    expect((await list()).body).toHaveLength(1);
  });
});
