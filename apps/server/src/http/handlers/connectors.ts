// File-sharing connections of the tenant (Tenant/Connectors/*), browsing them (SharePoint/Items)
// and a workspace's storage (SdWorkspace/Storage). Rules in src/domain/connectors/.
import {
  deleteConnection,
  listConnections,
  upsertConnection,
  workspacesUsingConnection,
} from '../../domain/connectors/connections.js';
import { browseConnection, deleteStorage, patchStorage } from '../../domain/connectors/storage.js';
import { defineHandlers, requires } from '../handler.js';

export const connectorHandlers = defineHandlers({
  Tenant_ConnectorsGetSharePointConnections: requires(['Tenant.ViewSharePointConnector'], ({ session, services }) =>
    listConnections(services.db, session),
  ),
  Tenant_ConnectorsWorkspacesBySharePointService: requires(
    ['Tenant.ViewSharePointConnector'],
    ({ params, session, services }) => workspacesUsingConnection(services.db, session, params.serviceName),
  ),
  Tenant_ConnectorsUpsertSharePointConnection: requires(
    ['Tenant.CreateSharePointConnectors'],
    ({ body, session, services }) => upsertConnection(services, session, body),
  ),
  Tenant_ConnectorsDeleteSharePointConnection: requires(
    ['Tenant.CreateSharePointConnectors'],
    ({ params, session, services }) => deleteConnection(services.db, session, params.id),
  ),
  // Whoever sets up a workspace's storage, looks after the tenant's connections or imports tasks browses the sites.
  SharePoint_Items: requires(
    ['Workspace.ManageStorage', 'Tenant.ViewSharePointConnector', 'Task.Import'],
    ({ params, query, session, services }) =>
      browseConnection(services, session, params.serviceName, query.directoryPath),
  ),
  SdWorkspace_PatchStorage: requires(['Workspace.ManageStorage'], ({ params, body, session, services }) =>
    patchStorage(services, session, params.workspaceId, body),
  ),
  SdWorkspace_DeleteStorage: requires(['Workspace.ManageStorage'], ({ params, session, services }) =>
    deleteStorage(services.db, session, params.workspaceId),
  ),
});
