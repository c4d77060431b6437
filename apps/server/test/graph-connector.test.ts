// The SharePoint connector's requests and paging, against answers of Microsoft Graph and the
// identity platform replayed by a local server (support/graph-answers/README.md): client
// credentials sign-in, the site and its library found by name, every page of a folder read,
// downloads that follow Graph's redirect, uploads, and each failure with its ExternalStorageErrorCode.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConnectorError } from '../src/connectors/connector.js';
import {
  directoryOf,
  GRAPH_RETRY,
  type GraphEndpoints,
  graphConnector,
  retryAfterMs,
  SIMPLE_UPLOAD_LIMIT,
  UPLOAD_CHUNK,
} from '../src/connectors/graph.js';
import { demoEmail, useTestServer } from './support/harness.js';
import { FIXTURES } from './support/task-import.js';

const DRIVE = 'b!BCZxLHATKUeh9UJlc_2oCsNEIi0hJepJk6g54cOgYP7Dq1TUfO1HRY3Kq7Cha3Fz';
const SITE = 'contoso.sharepoint.com,2c712604-1370-44e7-a1f5-426573fda80a,2d2244c3-251a-49ea-93a8-39e1c3a060fe';
const TOKEN = 'eyJ0eXAiOiJKV1QiLCJub25jZSI6IlJlcGxheSJ9.replayed-graph-token';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

describe('SharePoint through Microsoft Graph', () => {
  let server: Server;
  let origin = '';
  let endpoints: GraphEndpoints;
  const seen: Seen[] = [];
  /** Overrides of the next answers, by "METHOD path" (a lock, a missing item). */
  const failures = new Map<string, [number, string]>();
  /** Calls answered 429 before their real answer, by "METHOD path": how many times, with which Retry-After. */
  const throttles = new Map<string, { times: number; retryAfter: string | null }>();
  /** The chunks each upload session received, by session number. */
  const sessions = new Map<string, Buffer[]>();

  const answer = (name: string, values: Record<string, string> = {}) =>
    Object.entries({ origin, ...values }).reduce(
      (text, [key, value]) => text.replaceAll(`{{${key}}}`, value),
      readFileSync(join(import.meta.dirname, 'support', 'graph-answers', `${name}.json`), 'utf8'),
    );
  const bodyOf = (request: IncomingMessage) =>
    new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => resolve(Buffer.concat(chunks)));
    });

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      const body = await bodyOf(request);
      const url = decodeURIComponent(request.url ?? '');
      seen.push({
        method: request.method ?? '',
        url,
        authorization: request.headers.authorization,
        body: body.toString('utf8'),
      });
      const json = (status: number, name: string, values?: Record<string, string>) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(answer(name, values));
      const key = `${request.method} ${url.split('?')[0]}`;
      const throttle = throttles.get(key);
      if (throttle && throttle.times > 0) {
        throttle.times--;
        const retryAfter = throttle.retryAfter === null ? {} : { 'retry-after': throttle.retryAfter };
        return response.writeHead(429, { 'content-type': 'application/json', ...retryAfter }).end(answer('throttled'));
      }
      const failure = failures.get(key);
      if (failure) return json(failure[0], failure[1]);
      if (request.method === 'POST' && url === '/login/contoso.onmicrosoft.com/oauth2/v2.0/token') {
        const form = new URLSearchParams(body.toString('utf8'));
        return form.get('client_secret') === 'app-Secret-1' ? json(200, 'token') : json(400, 'token-invalid-secret');
      }
      // An upload session's URL: pre-authenticated, so it takes no token, and each chunk must start
      // where the last one ended (Graph answers 416 otherwise).
      const sessionChunk = /^PUT \/upload-sessions\/4e2f7a(\d+)$/.exec(key);
      if (sessionChunk) {
        const chunks = sessions.get(sessionChunk[1] ?? '');
        const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(request.headers['content-range'] ?? '');
        if (!chunks || !range || request.headers.authorization) return json(400, 'not-found');
        const received = chunks.reduce((n, chunk) => n + chunk.length, 0);
        if (Number(range[1]) !== received || Number(range[2]) - received + 1 !== body.length)
          return json(416, 'not-found');
        chunks.push(body);
        if (received + body.length < Number(range[3]))
          return json(202, 'upload-session-next', { next: String(received + body.length) });
        return json(201, 'uploaded');
      }
      if (/^DELETE \/upload-sessions\//.test(key)) return response.writeHead(204).end();
      if (request.headers.authorization !== `Bearer ${TOKEN}`) return response.writeHead(401).end();
      if (key === 'GET /v1.0/sites/contoso.sharepoint.com:/sites/Finance') return json(200, 'site');
      if (key === `GET /v1.0/sites/${SITE}/drive`) return json(200, 'drive');
      if (key === `GET /v1.0/drives/${DRIVE}/root/children`) return json(200, 'root-children');
      if (key === `GET /v1.0/drives/${DRIVE}/root:/Invoices:/children`) {
        return json(200, url.includes('$skiptoken=') ? 'children-page-2' : 'children-page-1');
      }
      if (key === `GET /v1.0/drives/${DRIVE}/items/01BYE5RZ7INVOICEAWSPDFAAAAAAAAAA`) return json(200, 'item');
      if (key === `GET /v1.0/drives/${DRIVE}/items/01BYE5RZ4FOLDER2026AAAAAAAAAAAAAA`) return json(200, 'folder-item');
      if (key === `GET /v1.0/drives/${DRIVE}/items/01BYE5RZ7INVOICEAWSPDFAAAAAAAAAA/content`) {
        return response
          .writeHead(302, { location: `${origin}/download/AmazonWebServices.pdf?tempauth=v1.replayed` })
          .end();
      }
      if (url.startsWith('/download/AmazonWebServices.pdf')) {
        return response.writeHead(200, { 'content-type': 'application/pdf' }).end(FIXTURES.invoicePdf());
      }
      if (key === `PUT /v1.0/drives/${DRIVE}/root:/Exports/invoice-1.json:/content`) return json(201, 'uploaded');
      if (key === `POST /v1.0/drives/${DRIVE}/root:/Exports/recording.wav:/createUploadSession`) {
        const session = String(sessions.size + 1);
        sessions.set(session, []);
        return json(200, 'upload-session', { session });
      }
      return json(404, 'not-found');
    });
    // The replay checks the token on Graph calls only; the redirected download carries none (pre-authenticated URL).
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    endpoints = { graph: `${origin}/v1.0`, login: `${origin}/login` };
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    seen.length = 0;
    failures.clear();
    throttles.clear();
    sessions.clear();
  });

  const connector = (changes: { clientSecret?: string; driveId?: string | null; waits?: number[] } = {}) =>
    graphConnector(
      {
        hostname: 'contoso.sharepoint.com',
        clientId: '6731de76-14a6-49ae-97bc-6eba6914391e',
        clientSecret: changes.clientSecret ?? 'app-Secret-1',
        defaultSite: 'sites/Finance',
        driveId: changes.driveId ?? null,
      },
      endpoints,
      // Throttled calls wait for nothing here; the waits asked for are noted.
      { ...GRAPH_RETRY, sleep: async (ms) => void changes.waits?.push(ms) },
    );

  it('signs in with client credentials at the directory of the site', async () => {
    expect(directoryOf('contoso.sharepoint.com')).toBe('contoso.onmicrosoft.com');
    expect(directoryOf('https://contoso-my.sharepoint.com/personal/x')).toBe('contoso.onmicrosoft.com');
    expect(() => directoryOf('files.example.com')).toThrow(ConnectorError);
    await connector().list('/Invoices');
    const token = seen[0];
    expect(token?.url).toBe('/login/contoso.onmicrosoft.com/oauth2/v2.0/token');
    expect(Object.fromEntries(new URLSearchParams(token?.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: '6731de76-14a6-49ae-97bc-6eba6914391e',
      client_secret: 'app-Secret-1',
      scope: `${origin}/.default`,
    });
  });

  it('finds the site and its library, then reads every page of a folder', async () => {
    const graph = connector();
    const items = await graph.list('Invoices/');
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /login/contoso.onmicrosoft.com/oauth2/v2.0/token',
      'GET /v1.0/sites/contoso.sharepoint.com:/sites/Finance',
      `GET /v1.0/sites/${SITE}/drive`,
      `GET /v1.0/drives/${DRIVE}/root:/Invoices:/children?$top=200`,
      `GET /v1.0/drives/${DRIVE}/root:/Invoices:/children?$top=200&$skiptoken=UGFnZWQ9VFJVRSZwX1NvcnRCZWhhdmlvcj0xJnBfRmlsZUxlYWZSZWY9MjAyNg`,
    ]);
    expect(items).toEqual([
      {
        id: '01BYE5RZ4FOLDER2026AAAAAAAAAAAAAA',
        name: '2026',
        isFolder: true,
        folderPath: '/Invoices',
        size: null,
        mimeType: null,
        webUrl: 'https://contoso.sharepoint.com/sites/Finance/Shared%20Documents/Invoices/2026',
        lastModifiedDateTime: '2026-01-05T08:00:11Z',
        lastModifiedUserDisplayName: 'Ana Silva',
      },
      {
        id: '01BYE5RZ7INVOICEAWSPDFAAAAAAAAAA',
        name: 'AmazonWebServices.pdf',
        isFolder: false,
        folderPath: '/Invoices',
        size: 154526,
        mimeType: 'application/pdf',
        webUrl: 'https://contoso.sharepoint.com/sites/Finance/Shared%20Documents/Invoices/AmazonWebServices.pdf',
        lastModifiedDateTime: '2026-11-18T14:03:10Z',
        lastModifiedUserDisplayName: 'João Costa',
      },
    ]);
    // The token and the library are kept: a second listing is one call per page.
    seen.length = 0;
    await graph.list('/Invoices');
    expect(seen.map((s) => s.url.split('?')[0])).toEqual([
      `/v1.0/drives/${DRIVE}/root:/Invoices:/children`,
      `/v1.0/drives/${DRIVE}/root:/Invoices:/children`,
    ]);
  });

  it('downloads a file through the redirect Graph answers, and uploads one', async () => {
    const graph = connector({ driveId: DRIVE });
    const [, file] = await graph.list('/Invoices');
    if (!file) throw new Error('no file listed');
    const chunks: Buffer[] = [];
    const download = await graph.download(file.id);
    expect(download.name).toBe('AmazonWebServices.pdf');
    for await (const chunk of download.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(FIXTURES.invoicePdf())).toBe(true);
    // With the library given, the site is not looked up.
    expect(seen.some((s) => s.url.startsWith('/v1.0/sites/'))).toBe(false);

    const uploaded = await graph.upload('/Exports', 'invoice-1.json', Buffer.from('{"invoiceNumber":"INV-001"}'));
    const put = seen.find((s) => s.method === 'PUT');
    expect(put).toMatchObject({
      url: `/v1.0/drives/${DRIVE}/root:/Exports/invoice-1.json:/content`,
      body: '{"invoiceNumber":"INV-001"}',
    });
    expect(uploaded).toMatchObject({
      id: '01BYE5RZ2EXPORTJSONAAAAAAAAAAAAA',
      name: 'invoice-1.json',
      folderPath: '/Exports',
      isFolder: false,
    });
  });

  it('names the step that failed with its ExternalStorageErrorCode', async () => {
    const codeOf = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (e: unknown) => (e instanceof ConnectorError ? [e.code, e.message] : e),
      );
    expect(await codeOf(connector({ clientSecret: 'wrong' }).list('/'))).toEqual([
      20,
      "The application could not sign in to contoso.onmicrosoft.com: AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '6731de76-14a6-49ae-97bc-6eba6914391e'.",
    ]);
    failures.set('GET /v1.0/sites/contoso.sharepoint.com:/sites/Finance', [404, 'not-found']);
    expect(await codeOf(connector().list('/'))).toEqual([
      30,
      'Opening the site contoso.sharepoint.com/sites/Finance: The resource could not be found..',
    ]);
    failures.clear();
    expect(await codeOf(connector({ driveId: DRIVE }).list('/Missing'))).toEqual([
      50,
      'Listing /Missing: The resource could not be found..',
    ]);
    expect(await codeOf(connector({ driveId: DRIVE }).download('01BYE5RZ4FOLDER2026AAAAAAAAAAAAAA'))).toEqual([
      40,
      '2026 is a folder, not a file.',
    ]);
    expect(await codeOf(connector({ driveId: DRIVE }).download('01BYE5RZGONEAAAAAAAAAAAAAAAAAAAA'))).toEqual([
      40,
      'Reading the item 01BYE5RZGONEAAAAAAAAAAAAAAAAAAAA: The resource could not be found..',
    ]);
    failures.set(`PUT /v1.0/drives/${DRIVE}/root:/Exports/invoice-1.json:/content`, [423, 'locked']);
    expect(await codeOf(connector({ driveId: DRIVE }).upload('/Exports', 'invoice-1.json', Buffer.from('{}')))).toEqual(
      [61, 'Writing /Exports/invoice-1.json: the file is locked.'],
    );
  });

  it('never follows a paging link away from Graph (the token stays there)', async () => {
    failures.set(`GET /v1.0/drives/${DRIVE}/root:/Invoices:/children`, [200, 'children-page-1']);
    const forged = connector({ driveId: DRIVE });
    // A page whose nextLink points elsewhere: replay page 1 with another origin in its link.
    const original = origin;
    origin = 'http://attacker.example';
    const error = await forged.list('/Invoices').catch((e: unknown) => e);
    origin = original;
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as ConnectorError).message).toContain('an unexpected address http://attacker.example/v1.0/drives/');
    expect(seen.filter((s) => s.url.includes('$skiptoken'))).toEqual([]);
  });

  it('writes a large file through an upload session, chunk after chunk, never sending the token there', async () => {
    const graph = connector({ driveId: DRIVE });
    const content = Buffer.alloc(SIMPLE_UPLOAD_LIMIT + UPLOAD_CHUNK / 2 + 7, 0);
    for (let i = 0; i < content.length; i += 4093) content[i] = i % 251;
    const item = await graph.upload('/Exports', 'recording.wav', content);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /login/contoso.onmicrosoft.com/oauth2/v2.0/token',
      `POST /v1.0/drives/${DRIVE}/root:/Exports/recording.wav:/createUploadSession`,
      'PUT /upload-sessions/4e2f7a1',
      'PUT /upload-sessions/4e2f7a1',
    ]);
    expect(JSON.parse(seen[1]?.body ?? '')).toEqual({ item: { '@microsoft.graph.conflictBehavior': 'replace' } });
    expect(seen.filter((s) => s.method === 'PUT').map((s) => s.authorization)).toEqual([undefined, undefined]);
    expect(Buffer.concat(sessions.get('1') ?? []).equals(content)).toBe(true);
    expect(item).toMatchObject({ id: '01BYE5RZ2EXPORTJSONAAAAAAAAAAAAA', folderPath: '/Exports' });
  });

  it('cancels the upload session when a chunk is refused, and never uploads to an address off the site', async () => {
    const content = Buffer.alloc(SIMPLE_UPLOAD_LIMIT + 1, 1);
    failures.set('PUT /upload-sessions/4e2f7a1', [423, 'locked']);
    const locked = await connector({ driveId: DRIVE })
      .upload('/Exports', 'recording.wav', content)
      .catch((e: unknown) => e);
    expect(locked).toBeInstanceOf(ConnectorError);
    expect([(locked as ConnectorError).code, (locked as ConnectorError).message]).toEqual([
      61,
      'Writing /Exports/recording.wav: The resource you are attempting to access is locked.',
    ]);
    expect(seen.at(-1)).toMatchObject({ method: 'DELETE', url: '/upload-sessions/4e2f7a1' });

    seen.length = 0;
    failures.clear();
    const original = origin;
    origin = 'http://attacker.example';
    const forged = await connector({ driveId: DRIVE })
      .upload('/Exports', 'recording.wav', content)
      .catch((e: unknown) => e);
    origin = original;
    expect((forged as ConnectorError).message).toBe(
      'Writing /Exports/recording.wav: an unexpected upload address http://attacker.example/upload-sessions/4e2f7a2.',
    );
    expect(seen.filter((s) => s.method === 'PUT')).toEqual([]);
  });

  it('sends a throttled call again after the Retry-After Graph gives, and gives up after a few tries', async () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs('Thu, 26 Nov 2026 10:00:05 GMT', Date.parse('2026-11-26T10:00:00Z'))).toBe(5000);
    expect(retryAfterMs(null)).toBeNull();
    const children = `GET /v1.0/drives/${DRIVE}/root:/Invoices:/children`;
    const waits: number[] = [];
    throttles.set(children, { times: 2, retryAfter: '2' });
    expect(await connector({ driveId: DRIVE, waits }).list('/Invoices')).toHaveLength(2);
    expect(waits).toEqual([2000, 2000]);

    // Without a Retry-After the waits double; after the last try the call fails and says why.
    waits.length = 0;
    throttles.set(children, { times: 99, retryAfter: null });
    const gaveUp = await connector({ driveId: DRIVE, waits })
      .list('/Invoices')
      .catch((e: unknown) => e);
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
    expect([(gaveUp as ConnectorError).code, (gaveUp as ConnectorError).message]).toEqual([
      50,
      'Listing /Invoices: Microsoft Graph is throttling this application (answered 429 5 times); try again later.',
    ]);

    // A wait longer than a worker should hold fails at once.
    waits.length = 0;
    throttles.set(children, { times: 1, retryAfter: '3600' });
    await expect(connector({ driveId: DRIVE, waits }).list('/Invoices')).rejects.toThrow(/throttling/);
    expect(waits).toEqual([]);
  });

  describe('through the API', () => {
    const t = useTestServer('pglite');
    const upsert = async (clientSecret: string) =>
      t.call('POST', '/api/v1/Tenant/Connectors/UpsertSharePointConnection', {
        token: await t.tokenFor(demoEmail('Administrator')),
        body: {
          id: null,
          displayName: 'Contoso Finance',
          name: 'contoso',
          clientId: '6731de76-14a6-49ae-97bc-6eba6914391e',
          clientSecret,
          hostname: 'contoso.sharepoint.com',
          defaultSite: 'sites/Finance',
          driveId: null,
          connectorType: 'SharePoint',
        },
      });

    it('checks a SharePoint connection against Graph before saving it, then browses it page by page', async () => {
      // This server's Microsoft cloud is the replay (MICROSOFT_GRAPH_URL, MICROSOFT_LOGIN_URL).
      t.config.microsoftGraphUrl = endpoints.graph;
      t.config.microsoftLoginUrl = endpoints.login;
      const refused = await upsert('wrong');
      expect(refused.body).toMatchObject({ succeeded: false, errors: [{ code: 20 }] });
      const saved = await upsert('app-Secret-1');
      expect(saved.body).toMatchObject({ succeeded: true, result: { name: 'contoso', connectorType: 'SharePoint' } });
      expect(saved.text).not.toContain('app-Secret-1');

      const token = await t.tokenFor(demoEmail('Creator'));
      const root = await t.call('GET', '/api/v1/SharePoint/Items/contoso', { token });
      expect(root.body).toMatchObject([
        { name: 'Invoices', isFolder: true, folderPath: '/', displayFullPath: 'Contoso Finance/Invoices' },
      ]);
      const invoices = await t.call('GET', '/api/v1/SharePoint/Items/contoso', {
        token,
        query: { directoryPath: '/Invoices' },
      });
      expect(invoices.body).toMatchObject([
        { name: '2026', isFolder: true },
        {
          id: '01BYE5RZ7INVOICEAWSPDFAAAAAAAAAA',
          name: 'AmazonWebServices.pdf',
          isFile: true,
          lastModifiedUserDisplayName: 'João Costa',
        },
      ]);
    });
  });
});
