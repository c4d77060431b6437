// The basic record, the full configuration and the fields of a workspace: reading them with their
// defaults and saving them after the checks of configuration.ts and fields.ts.
import type { Db } from '../../db/database.js';
import type { WorkspaceScope } from '../../db/repositories/workspace-scope.js';
import type { WorkspaceRow } from '../../db/schema.js';
import type { Session } from '../session.js';
import { openWorkspace } from './access.js';
import {
  checkLanguages,
  configurationToStore,
  resolveConfiguration,
  storedOf,
  toCustomConfig,
  toWorkspaceRecord,
} from './configuration.js';
import { applyFieldsUpdate, baseFieldKeys, configError } from './fields.js';
import { emailAliasOf } from './import-email.js';
import { templateOf } from './task-type-catalogue.js';
import type { FieldsUpdate, WorkspaceLanguages } from './types.js';

const tenantCode = (session: Session): string => session.membership.tenant_code;

async function record(session: Session, row: WorkspaceRow) {
  return toWorkspaceRecord(row, emailAliasOf(row, tenantCode(session)));
}

/** GET basic/{id}. */
export async function getBasic(db: Db, session: Session, id: string) {
  const { row } = await openWorkspace(db, session, id);
  return record(session, row);
}

/**
 * PATCH basic. Making a workspace the default takes the flag from the others; the default cannot
 * simply be switched off (a tenant keeps one default: make another workspace the default instead).
 */
export async function patchBasic(
  db: Db,
  session: Session,
  body: {
    id: string;
    displayName: string;
    description?: string | null;
    isDefault?: boolean;
    languages?: WorkspaceLanguages;
  },
) {
  const { scope, row } = await openWorkspace(db, session, body.id);
  const displayName = body.displayName.trim();
  if (!displayName) throw configError('The workspace needs a name.');
  if (body.isDefault === false && row.is_default) {
    throw configError('This is the default workspace: make another workspace the default instead.');
  }
  checkLanguages(body.languages);
  const stored = storedOf(row);
  const configuration = body.languages
    ? { ...stored, languages: { ...(stored.languages as object | undefined), ...body.languages } }
    : stored;
  await scope.transaction(async (trx) => {
    await trx.update(row.id, {
      display_name: displayName,
      ...(body.description !== undefined ? { description: body.description } : {}),
      configuration,
    });
    if (body.isDefault && !row.is_default) await trx.makeDefault(row.id);
  });
  const saved = (await scope.find(row.id)) as WorkspaceRow;
  return { succeeded: true, errors: [], result: await record(session, saved) };
}

/** GET Configuration. */
export async function getConfiguration(db: Db, session: Session, workspaceId: string) {
  const { row } = await openWorkspace(db, session, workspaceId);
  return resolveConfiguration(row);
}

/** PUT Configuration: the workspace is the body's id. */
export async function putConfiguration(db: Db, session: Session, body: Record<string, unknown>) {
  const { scope, row } = await openWorkspace(db, session, body.id as string);
  const current = resolveConfiguration(row);
  const name = (body.name as string).trim();
  if (!name) throw configError('The workspace needs a name.');
  const stored = storedOf(row);
  const configuration = {
    ...stored,
    ...configurationToStore(current, body),
    // Kept from before: they have their own calls and permissions.
    storageConfig: stored.storageConfig ?? null,
    recognizerHooks: stored.recognizerHooks ?? [],
  };
  await scope.update(row.id, { display_name: name, configuration });
  return { succeeded: true, errors: [], result: resolveConfiguration({ ...row, display_name: name, configuration }) };
}

/** GET GetWorkspaceCustomConfig. */
export async function getCustomConfig(db: Db, session: Session, workspaceId: string) {
  const { row } = await openWorkspace(db, session, workspaceId);
  return toCustomConfig(row, tenantCode(session));
}

function builtInKeys(row: WorkspaceRow): Set<string> {
  return new Set(templateOf(row.task_type).baseFields.map((f) => f.categoryKey));
}

function toWorkspaceFields(row: WorkspaceRow) {
  const config = resolveConfiguration(row);
  return {
    workspaceId: row.id,
    categories: config.categories,
    fieldsToDetect: config.fieldsToDetect,
    fieldOrder: config.fieldOrder,
    requiredFields: config.requiredFields,
    baseFields: baseFieldKeys(config.categories, builtInKeys(row)),
  };
}

/** GET Fields/{workspaceId}. */
export async function getFields(db: Db, session: Session, workspaceId: string) {
  const { row } = await openWorkspace(db, session, workspaceId);
  return toWorkspaceFields(row);
}

/** PATCH Fields/{workspaceId}: applies the edit and answers with its change level. */
export async function patchFields(db: Db, session: Session, workspaceId: string, update: FieldsUpdate) {
  const { scope, row } = await openWorkspace(db, session, workspaceId);
  return saveFields(scope, row, update);
}

async function saveFields(scope: WorkspaceScope, row: WorkspaceRow, update: FieldsUpdate) {
  const config = resolveConfiguration(row);
  const { fields, changeLevel } = applyFieldsUpdate(config, update, builtInKeys(row));
  const configuration = { ...storedOf(row), ...fields };
  if (changeLevel > 0) await scope.update(row.id, { configuration });
  return {
    succeeded: true,
    errors: [],
    result: { changeLevel, fields: toWorkspaceFields({ ...row, configuration }) },
  };
}
