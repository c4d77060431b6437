// Helpers of the task import, command and upload tests: multipart bodies, imports through the API,
// tokens of tenant API secrets (client credentials) and the fixtures.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importJWK, SignJWT } from 'jose';
import { repoRoot } from '../../src/config.js';
import { DEMO_BATCHES, demoId } from '../../src/domain/demo-data.js';
import { API_AUDIENCE } from '../../src/identity/provider.js';
import { signingKeys } from '../../src/identity/server-secrets.js';
import { secretVersion } from '../../src/identity/token-state.js';
import type { TestServer } from './harness.js';

const fixture = (...parts: string[]) => readFileSync(join(repoRoot, 'fixtures', ...parts));

export const FIXTURES = {
  /** A real PDF invoice. */
  invoicePdf: () => fixture('invoices', 'AmazonWebServices.pdf'),
  /** A real PNG. */
  png: () => fixture('edge_cases', 'images', 'png_decompression_dos.png'),
  /** A text file, sent under a .pdf name (not a PDF whatever the name says). */
  textAsPdf: () => fixture('edge_cases', 'pdf', 'crazyones.txt'),
  /** A 0-byte .pdf. */
  empty: () => fixture('edge_cases', 'pdf', 'empty-0-bytes.pdf'),
};

export const INVOICES_WS = demoId('workspace:Supplier invoices');
export const CONTRACTS_WS = demoId('workspace:Contracts (custom)');
export const GLOBEX_INVOICES_WS = demoId('workspace:Globex invoices');
export const OPEN_BATCH = demoId(`batch:${DEMO_BATCHES[0].name}`);
export const CLOSED_BATCH = demoId(`batch:${DEMO_BATCHES[1].name}`);

export interface FilePart {
  name?: string;
  fileName: string;
  content: Buffer;
  contentType?: string;
}

/** A multipart/form-data body with text fields (objects become JSON parts) and an optional file. */
export function multipart(fields: Record<string, unknown>, file?: FilePart): { body: Buffer; contentType: string } {
  const boundary = `----reviewdesk${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const isJson = typeof value === 'object' && value !== null;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n${isJson ? 'Content-Type: application/json\r\n' : ''}\r\n${
          isJson ? JSON.stringify(value) : String(value)
        }\r\n`,
      ),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'file'}"; filename="${file.fileName}"\r\nContent-Type: ${
          file.contentType ?? 'application/octet-stream'
        }\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface ImportAnswer {
  status: number;
  body: {
    succeeded?: boolean;
    result?: { taskId: string; displayName: string };
    errors?: Array<{ code: number; message?: string; error?: string }>;
    message?: string;
  };
}

/** POST /SdTask/Import through the server (contract-checked like every answer). */
export async function importFile(
  t: TestServer,
  token: string | undefined,
  fields: Record<string, unknown>,
  file?: FilePart,
): Promise<ImportAnswer> {
  const { body, contentType } = multipart(fields, file);
  const response = await t.server.app.inject({
    method: 'POST',
    url: '/api/v1/SdTask/Import',
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body,
  });
  let parsed: ImportAnswer['body'] = {};
  try {
    parsed = JSON.parse(response.body);
  } catch {}
  return { status: response.statusCode, body: parsed };
}

/** Imports the PDF invoice into Supplier invoices and returns the task id. */
export async function importInvoice(
  t: TestServer,
  token: string,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const answer = await importFile(
    t,
    token,
    { workspaceId: INVOICES_WS, ...fields },
    { fileName: 'AmazonWebServices.pdf', content: FIXTURES.invoicePdf(), contentType: 'application/pdf' },
  );
  if (answer.status !== 200 || !answer.body.result) throw new Error(`import failed: ${JSON.stringify(answer)}`);
  return answer.body.result.taskId;
}

/** A tenant API secret and a client-credentials access token for it, as the provider issues them. */
export async function apiClientToken(t: TestServer, tenantId: string, options: { expired?: boolean } = {}) {
  const clientId = `client-${randomBytes(4).toString('hex')}`;
  await t.server.database.db
    .insertInto('api_secrets')
    .values({
      client_id: clientId,
      tenant_id: tenantId,
      client_secret: 'not-used-here',
      expiration: options.expired ? new Date(Date.now() - 1000) : null,
    })
    .execute();
  const key = (await signingKeys(t.server.database.db))[0];
  if (!key) throw new Error('no signing key');
  // The version claim of the secret, as the provider adds it (identity/token-state.ts).
  const sv = secretVersion('not-used-here');
  const token = await new SignJWT({ client_id: clientId, tenant_id: tenantId, scope: 'api', sv })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: key.kid as string })
    .setIssuer(t.config.origin)
    .setAudience(API_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('10m')
    .setJti(randomBytes(8).toString('hex'))
    .sign(await importJWK(key, 'RS256'));
  return { clientId, token };
}

/** Changes one setting of a workspace's configuration. */
export async function setWorkspaceConfig(t: TestServer, workspaceId: string, changes: Record<string, unknown>) {
  const row = await t.server.database.db
    .selectFrom('workspaces')
    .select('configuration')
    .where('id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  await t.server.database.db
    .updateTable('workspaces')
    .set({ configuration: JSON.stringify({ ...(row.configuration as object), ...changes }) })
    .where('id', '=', workspaceId)
    .execute();
}

export async function setTaskStatus(t: TestServer, taskId: string, status: number) {
  await t.server.database.db.updateTable('tasks').set({ status }).where('id', '=', taskId).execute();
}
