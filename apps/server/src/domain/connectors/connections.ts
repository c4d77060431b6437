// A tenant's connections to file-sharing sites (Tenant/Connectors/*): listed without their
// secrets, created or updated only when the site answers with them, deleted only while no
// workspace's storage names them. The secret is encrypted at rest (secret-box) and never leaves
// the server; an update without a secret keeps the stored one.
import { randomUUID } from 'node:crypto';
import type { ServerConfig } from '../../config.js';
import { type Connector, ConnectorError, STORAGE_ERROR } from '../../connectors/connector.js';
import { type GraphEndpoints, graphConnector } from '../../connectors/graph.js';
import { webDavConnector } from '../../connectors/webdav.js';
import type { components } from '../../contract/generated/schema.js';
import type { Db } from '../../db/database.js';
import {
  StorageConnectionsRepository,
  type StorageConnectionValues,
} from '../../db/repositories/storage-connections.js';
import type { StorageConnectionRow } from '../../db/schema.js';
import { decryptSecret, encryptSecret } from '../../security/secret-box.js';
import { invalid, notFound } from '../errors.js';
import type { Session } from '../session.js';

type StorageConnection = components['schemas']['StorageConnection'];
export type ConnectorType = NonNullable<StorageConnection['connectorType']>;

/** What opening a connection needs: the database (the secret) and where Microsoft Graph is. */
export interface ConnectorDeps {
  db: Db;
  config: Pick<ServerConfig, 'microsoftGraphUrl' | 'microsoftLoginUrl'>;
}

const graphOf = (config: ConnectorDeps['config']): GraphEndpoints => ({
  graph: config.microsoftGraphUrl,
  login: config.microsoftLoginUrl,
});

const repositoryOf = (db: Db, session: Session) => new StorageConnectionsRepository(db, session.membership.tenant_id);

/** The contract's StorageConnection, without the secret. */
export function toStorageConnection(row: StorageConnectionRow): StorageConnection {
  return {
    id: row.id,
    displayName: row.display_name,
    name: row.name,
    tenantId: row.tenant_id,
    clientId: row.client_id,
    hostname: row.hostname,
    defaultSite: row.default_site,
    driveId: row.drive_id,
    connectorType: row.kind as ConnectorType,
  };
}

function connectorOf(
  graph: GraphEndpoints,
  kind: string,
  values: { clientId: string; secret: string; hostname: string; defaultSite: string | null; driveId: string | null },
): Connector {
  if (kind === 'WebDav') {
    return webDavConnector({ baseUrl: values.hostname, userName: values.clientId, password: values.secret });
  }
  return graphConnector(
    {
      hostname: values.hostname,
      clientId: values.clientId,
      clientSecret: values.secret,
      defaultSite: values.defaultSite,
      driveId: values.driveId,
    },
    graph,
  );
}

export function listConnections(db: Db, session: Session) {
  return repositoryOf(db, session)
    .list()
    .then((rows) => rows.map(toStorageConnection));
}

/** The connection named `serviceName` in the caller's tenant, as a connector; 404 when there is none. */
export function connectorByName(deps: ConnectorDeps, session: Session, serviceName: string) {
  return connectorOfTenant(deps, session.membership.tenant_id, serviceName);
}

/** The connection named `serviceName` of a tenant (the pipeline has no session), as a connector; 404 when there is none. */
export async function connectorOfTenant(
  { db, config }: ConnectorDeps,
  tenantId: string,
  serviceName: string,
): Promise<{ row: StorageConnectionRow; connector: Connector }> {
  const row = await new StorageConnectionsRepository(db, tenantId).byName(serviceName);
  if (!row) throw notFound(`This tenant has no connection named '${serviceName}'.`);
  let secret: string;
  try {
    secret = await decryptSecret(db, row.secret_ciphertext);
  } catch {
    throw new ConnectorError(
      STORAGE_ERROR.CouldNotGetConfiguration,
      `The secret of the connection '${row.name}' cannot be read; save the connection again with its secret.`,
    );
  }
  const connector = connectorOf(graphOf(config), row.kind, {
    clientId: row.client_id,
    secret,
    hostname: row.hostname,
    defaultSite: row.default_site,
    driveId: row.drive_id,
  });
  return { row, connector };
}

export async function workspacesUsingConnection(db: Db, session: Session, serviceName: string) {
  const repo = repositoryOf(db, session);
  if (!(await repo.byName(serviceName))) throw notFound(`This tenant has no connection named '${serviceName}'.`);
  const rows = await repo.workspacesUsing(serviceName);
  return rows.map((w) => ({ workspaceId: w.id, workspaceName: w.display_name }));
}

type UpsertResult =
  | { succeeded: true; errors: []; result: StorageConnection }
  | { succeeded: false; errors: Array<{ code: number; message: string }> };

/**
 * Creates (no id) or updates a connection after checking that the site answers with these
 * settings: its root folder is listed. A site that does not answer is reported with its
 * ExternalStorageErrorCode and nothing is saved.
 */
export async function upsertConnection(
  { db, config }: ConnectorDeps,
  session: Session,
  body: StorageConnection,
): Promise<UpsertResult> {
  const repo = repositoryOf(db, session);
  const kind: ConnectorType = body.connectorType ?? 'SharePoint';
  const name = body.name.trim();
  const displayName = body.displayName.trim();
  if (!name || !displayName) throw invalid('A connection needs a name and a display name.');
  const existing = body.id ? await repo.byId(body.id) : undefined;
  if (body.id && !existing) throw notFound('This tenant has no such connection.');
  const sameName = await repo.byName(name);
  if (sameName && sameName.id !== existing?.id) throw invalid(`This tenant already has a connection named '${name}'.`);
  if (
    existing &&
    existing.name.toLowerCase() !== name.toLowerCase() &&
    (await repo.workspacesUsing(existing.name)).length > 0
  ) {
    throw invalid(`Workspaces use the connection '${existing.name}'; it cannot be renamed while they do.`);
  }
  const given = body.clientSecret ?? '';
  if (!existing && !given) throw invalid('A new connection needs its clientSecret.');
  const secret = given || (existing ? await decryptSecret(db, existing.secret_ciphertext) : '');
  const settings = {
    clientId: body.clientId.trim(),
    secret,
    hostname: body.hostname.trim(),
    defaultSite: body.defaultSite?.trim() || null,
    driveId: body.driveId?.trim() || null,
  };
  try {
    await connectorOf(graphOf(config), kind, settings).list('/');
  } catch (error) {
    if (error instanceof ConnectorError)
      return { succeeded: false, errors: [{ code: error.code, message: error.message }] };
    throw error;
  }
  const values: StorageConnectionValues = {
    kind,
    displayName,
    name,
    clientId: settings.clientId,
    secretCiphertext: await encryptSecret(db, secret),
    hostname: settings.hostname,
    defaultSite: settings.defaultSite,
    driveId: settings.driveId,
  };
  const id = existing?.id ?? randomUUID();
  if (existing) await repo.update(id, values);
  else await repo.insert(id, values);
  const saved = await repo.byId(id);
  if (!saved) throw notFound('This tenant has no such connection.');
  return { succeeded: true, errors: [], result: toStorageConnection(saved) };
}

/** Deletes a connection no workspace uses; false (with the reason) while some do. */
export async function deleteConnection(db: Db, session: Session, id: string) {
  const repo = repositoryOf(db, session);
  const row = await repo.byId(id);
  if (!row) throw notFound('This tenant has no such connection.');
  const users = await repo.workspacesUsing(row.name);
  if (users.length > 0) {
    return {
      succeeded: false,
      result: false,
      errors: [
        {
          code: 0,
          message: `The connection is the storage of ${users.map((w) => `'${w.display_name}'`).join(', ')}; disconnect them first.`,
        },
      ],
    };
  }
  return { succeeded: true, errors: [], result: await repo.remove(id) };
}
