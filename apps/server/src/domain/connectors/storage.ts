// A workspace's storage (SdWorkspace/Storage) and browsing a connection (SharePoint/Items). The
// storage names a connection of the tenant and the folders the workspace uses there; it is saved
// only when each folder it names can be read, and a failure says which one with its
// StorageSetupErrorCode. Browsing answers the folder's items or a 400 with the
// ExternalStorageErrorCode of the step that failed.
import { ConnectorError, type ConnectorItem, normalisePath, STORAGE_ERROR } from '../../connectors/connector.js';
import { StorageSetupErrorCode } from '../../contract/generated/enums.js';
import type { components } from '../../contract/generated/schema.js';
import type { Db } from '../../db/database.js';
import { DomainError, invalid } from '../errors.js';
import type { Session } from '../session.js';
import { openWorkspace } from '../workspaces/access.js';
import { storedOf } from '../workspaces/configuration.js';
import { type ConnectorDeps, connectorByName } from './connections.js';

type StorageConfig = components['schemas']['StorageConfig'];
type StorageItem = components['schemas']['StorageItem'];

export function toStorageItem(item: ConnectorItem, siteName: string): StorageItem {
  const path = item.folderPath === '/' ? `/${item.name}` : `${item.folderPath}/${item.name}`;
  return {
    id: item.id,
    name: item.name,
    webUrl: item.webUrl,
    downloadUrl: null,
    isFile: !item.isFolder,
    isFolder: item.isFolder,
    mimeType: item.mimeType,
    folderPath: item.folderPath,
    displayFullPath: `${siteName}${path}`,
    lastModifiedDateTime: item.lastModifiedDateTime,
    lastModifiedUserDisplayName: item.lastModifiedUserDisplayName,
  };
}

/** The items of a folder of the connection `serviceName` (the root when no path is given). */
export async function browseConnection(
  deps: ConnectorDeps,
  session: Session,
  serviceName: string,
  directoryPath: string | null | undefined,
) {
  try {
    const { row, connector } = await connectorByName(deps, session, serviceName);
    const items = await connector.list(normalisePath(directoryPath));
    return items.map((item) => toStorageItem(item, row.display_name));
  } catch (error) {
    if (error instanceof ConnectorError) throw invalid(error.message, error.code);
    throw error;
  }
}

type SetupResult =
  | { succeeded: true; errors: []; result: StorageConfig }
  | { succeeded: false; errors: Array<{ code: number; message: string }> };

const setupFailure = (code: number, message: string): SetupResult => ({
  succeeded: false,
  errors: [{ code, message }],
});

/** Connects the workspace to a storage after reading every folder it names; nothing is saved on a failure. */
export async function patchStorage(
  deps: ConnectorDeps,
  session: Session,
  workspaceId: string,
  body: StorageConfig,
): Promise<SetupResult> {
  const { scope, row } = await openWorkspace(deps.db, session, workspaceId);
  let opened: Awaited<ReturnType<typeof connectorByName>>;
  try {
    opened = await connectorByName(deps, session, body.serviceName);
  } catch (error) {
    if (error instanceof DomainError || error instanceof ConnectorError) {
      return setupFailure(StorageSetupErrorCode.CouldNotGetSharePointConfiguration, error.message);
    }
    throw error;
  }
  const { connector } = opened;
  const clean = (path: string | null | undefined) => (path?.trim() ? normalisePath(path) : null);
  const saved: StorageConfig = {
    serviceName: opened.row.name,
    siteId: body.siteId ?? null,
    driveId: body.driveId ?? opened.row.drive_id,
    glossaryDirectoryPath: clean(body.glossaryDirectoryPath),
    exportDirectoryPath: clean(body.exportDirectoryPath),
    globalGlossaryPath: clean(body.globalGlossaryPath),
    globalGlossaryId: body.globalGlossaryId ?? null,
  };
  try {
    await connector.list('/');
  } catch (error) {
    if (error instanceof ConnectorError)
      return setupFailure(StorageSetupErrorCode.CouldNotGetSharePointSite, error.message);
    throw error;
  }
  const checks: Array<[string | null | undefined, number, (path: string) => Promise<unknown>]> = [
    [saved.glossaryDirectoryPath, StorageSetupErrorCode.CouldNotGetGlossaryDirectoryItems, (p) => connector.list(p)],
    [saved.exportDirectoryPath, StorageSetupErrorCode.CouldNotGetExportDirectoryItems, (p) => connector.list(p)],
    [
      saved.globalGlossaryPath,
      StorageSetupErrorCode.CouldNotGetGlobalGlossaryItem,
      async (p) => {
        const folder = p.slice(0, p.lastIndexOf('/')) || '/';
        const name = p.slice(p.lastIndexOf('/') + 1);
        const file = (await connector.list(folder)).find((i) => !i.isFolder && i.name === name);
        if (!file) throw new ConnectorError(STORAGE_ERROR.CouldNotGetItem, `There is no file ${p}.`);
        saved.globalGlossaryId = file.id;
      },
    ],
  ];
  for (const [path, code, check] of checks) {
    if (!path) continue;
    try {
      await check(path);
    } catch (error) {
      if (error instanceof ConnectorError) return setupFailure(code, error.message);
      throw error;
    }
  }
  await scope.update(workspaceId, { configuration: { ...storedOf(row), storageConfig: saved } });
  return { succeeded: true, errors: [], result: saved };
}

/** Disconnects the workspace from its storage; false when it had none. */
export async function deleteStorage(db: Db, session: Session, workspaceId: string) {
  const { scope, row } = await openWorkspace(db, session, workspaceId);
  const stored = storedOf(row);
  if (!stored.storageConfig) return { succeeded: true, errors: [], result: false };
  const { storageConfig: _removed, ...rest } = stored;
  await scope.update(workspaceId, { configuration: rest });
  return { succeeded: true, errors: [], result: true };
}
