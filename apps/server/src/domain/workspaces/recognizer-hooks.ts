// Hooks run after a workspace's recognizer (SdWorkspace/AvailableHooks, RecognizerHooks). The hook
// services are configured on the server by name (RECOGNIZER_HOOKS); a workspace picks the ones it
// runs, in order, and they are kept in its configuration's `recognizerHooks`, which post-processing
// calls with each recognised page (pipeline/stages/recognizer-hooks.ts). The file-sharing kind
// (SharePoint 50) lists the tenant's connections, the services of that kind a tenant configures.
import type { ServerConfig } from '../../config.js';
import type { Schema } from '../../contract/types.js';
import type { Db } from '../../db/database.js';
import { listConnections } from '../connectors/connections.js';
import type { Session } from '../session.js';
import { openWorkspace } from './access.js';
import { storedOf } from './configuration.js';
import { configError } from './fields.js';

const FORM_RECOGNIZER_HOOK = 70;
const SHARE_POINT = 50;

/** GET AvailableHooks. */
export async function availableHooks(
  db: Db,
  config: ServerConfig,
  session: Session,
  kind: number,
): Promise<Schema<'HookList'>> {
  if (kind === FORM_RECOGNIZER_HOOK) return { hookServiceNames: Object.keys(config.recognizerHooks).sort() };
  if (kind === SHARE_POINT) return { hookServiceNames: (await listConnections(db, session)).map((c) => c.name) };
  return { hookServiceNames: [] };
}

/** PATCH RecognizerHooks/{workspaceId}: replaces the workspace's hooks, every name a configured one. */
export async function patchRecognizerHooks(
  db: Db,
  config: ServerConfig,
  session: Session,
  workspaceId: string,
  body: Schema<'RecognizerHooksUpdate'>,
): Promise<Schema<'ResultOfBoolean'>> {
  const { scope, row } = await openWorkspace(db, session, workspaceId);
  const unknown = body.recognizerHooks.filter((name) => !Object.hasOwn(config.recognizerHooks, name));
  if (unknown.length > 0) {
    throw configError(`No hook service is called ${unknown.map((n) => `'${n}'`).join(', ')} on this server.`);
  }
  await scope.update(row.id, { configuration: { ...storedOf(row), recognizerHooks: body.recognizerHooks } });
  return { succeeded: true, errors: [], result: true };
}
