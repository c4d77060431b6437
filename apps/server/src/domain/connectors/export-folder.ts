// Exports written back to the workspace's export folder on its file-sharing storage
// (storageConfig.exportDirectoryPath). A workspace without one writes nothing; a connection that is
// gone or a site that refuses the file is a domain error with the site's reason, which the export
// stage records as the failed delivery.
import { ConnectorError } from '../../connectors/connector.js';
import type { WorkspaceRow } from '../../db/schema.js';
import type { ExportFile } from '../../formats/exports/types.js';
import { DomainError, invalid } from '../errors.js';
import { storedOf } from '../workspaces/configuration.js';
import { type ConnectorDeps, connectorOfTenant } from './connections.js';

interface StoredStorage {
  serviceName?: string;
  exportDirectoryPath?: string | null;
}

/** Writes the file to the export folder, if the workspace has one; resolves to where it went, or null. */
export async function writeExportToStorage(
  deps: ConnectorDeps,
  workspace: WorkspaceRow,
  file: ExportFile,
): Promise<string | null> {
  const storage = storedOf(workspace).storageConfig as StoredStorage | null | undefined;
  if (!storage?.serviceName || !storage.exportDirectoryPath) return null;
  try {
    const { row, connector } = await connectorOfTenant(deps, workspace.tenant_id, storage.serviceName);
    const item = await connector.upload(storage.exportDirectoryPath, file.fileName, Buffer.from(file.bytes));
    const folder = item.folderPath === '/' ? '' : item.folderPath;
    return `${row.display_name}${folder}/${item.name}`;
  } catch (error) {
    if (error instanceof ConnectorError || error instanceof DomainError) {
      throw invalid(
        `The export could not be written to the workspace's storage '${storage.serviceName}': ${error.message}`,
      );
    }
    throw error;
  }
}
