// A new task's file from a file-sharing connection: the context of the creation request names the
// tenant's connection (`driveServiceName`) and the item (`sharePointItemId`, as SharePoint/Items
// lists it). Importing the files of a folder is listing it and creating a task for each file; a
// file the workspace refuses stays where it is on the site.
import { ConnectorError, STORAGE_ERROR } from '../../connectors/connector.js';
import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { BlobStorage } from '../../storage/blob-storage.js';
import { ingest } from '../../storage/ingest.js';
import { DomainError } from '../errors.js';
import { cleanFileName } from '../tasks/accepted-files.js';
import { fail } from '../tasks/command-results.js';
import { type ConnectorDeps, connectorOfTenant } from './connections.js';

/** Whether the creation request asks for a file of a connection. */
export const namesConnectionItem = (context: Record<string, unknown> | null | undefined) =>
  context != null && (context.driveServiceName != null || context.sharePointItemId != null);

/** Downloads the item into storage within `maxBytes`; refusals carry the context codes (1021, 1023). */
export async function fetchConnectionItem(
  deps: ConnectorDeps,
  storage: BlobStorage,
  tenantId: string,
  context: Record<string, unknown>,
  maxBytes: number,
) {
  const serviceName = context.driveServiceName;
  const itemId = context.sharePointItemId;
  if (typeof serviceName !== 'string' || !serviceName.trim()) {
    throw fail(
      TaskErrorCode.ContextInvalidDriveService,
      'driveServiceName must name a file-sharing connection of the tenant.',
    );
  }
  if (typeof itemId !== 'string' || !itemId.trim()) {
    throw fail(TaskErrorCode.ContextInvalidSharePointItemId, 'sharePointItemId must name a file of the connection.');
  }
  let opened: Awaited<ReturnType<typeof connectorOfTenant>>;
  try {
    opened = await connectorOfTenant(deps, tenantId, serviceName.trim());
  } catch (error) {
    if (error instanceof DomainError || error instanceof ConnectorError) {
      throw fail(TaskErrorCode.ContextInvalidDriveService, error.message);
    }
    throw error;
  }
  let download: Awaited<ReturnType<typeof opened.connector.download>>;
  try {
    download = await opened.connector.download(itemId);
  } catch (error) {
    if (error instanceof ConnectorError) {
      const code =
        error.code === STORAGE_ERROR.CouldNotGetItem
          ? TaskErrorCode.ContextInvalidSharePointItemId
          : TaskErrorCode.ContextInvalidDriveService;
      throw fail(code, error.message);
    }
    throw error;
  }
  const stored = await ingest(storage, download.stream, maxBytes);
  return { file: { ...stored, fileName: cleanFileName(download.name) }, connectionName: opened.row.name };
}
