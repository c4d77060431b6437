/**
 * The tenant's "connectors" tab: its file-sharing connections (Tenant/Connectors/*). Whoever may
 * see them lists them and tests one — its root folder is opened through SharePoint/Items —; with
 * Tenant.CreateSharePointConnectors a connection is added, edited (the secret never shown back) or
 * deleted, the delete dialog naming the workspaces that keep their storage on it.
 */
import type { Schema } from '@reviewdesk/api-client';
import { Button, Dialog, EmptyState, TableShell, useApiClient, useCan, useServerMessages } from '@reviewdesk/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminPanelsEventProps } from '../../events';
import { useAdminPanelsTranslation } from '../../i18n/resources';
import { useSaveReporter } from '../../shared/useSaveReporter';
import { ConnectionDialog } from './ConnectionDialog';
import { type ConnectionDraft, draftOf, emptyDraft } from './connectionRules';

type Events = Pick<AdminPanelsEventProps, 'onSaved' | 'onError'>;
type Connection = Schema<'StorageConnection'>;

interface TestOutcome {
  name: string;
  ok: boolean;
  text: string;
  detail?: string | undefined;
}

export function ConnectorsTab(events: Events) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const can = useCan();
  const queryClient = useQueryClient();
  const report = useSaveReporter(events);
  const { errorMessage } = useServerMessages();
  const listQuery = api.queryOptions('post', '/api/v{version}/Tenant/Connectors/GetSharePointConnections', {});
  const connections = useQuery(listQuery);
  const [editing, setEditing] = useState<ConnectionDraft | null>(null);
  const [deleting, setDeleting] = useState<Connection | null>(null);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const manage = can('Tenant.CreateSharePointConnectors');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: listQuery.queryKey });

  const test = useMutation({
    mutationFn: async (name: string) => {
      const { data } = await api.GET('/api/v{version}/SharePoint/Items/{serviceName}', {
        params: { path: { serviceName: name } },
      });
      return data ?? [];
    },
    onSuccess: (items, name) =>
      setOutcome({
        name,
        ok: true,
        text: t('tenant.connectors.testOk', { count: items.length }),
      }),
    onError: (error: Error, name) => {
      const { message, detail } = errorMessage(error, 'ExternalStorageErrorCode');
      setOutcome({ name, ok: false, text: t('tenant.connectors.testFailed', { message }), detail });
    },
  });

  const list = connections.data ?? [];
  return (
    <div className="rd-admin__stack" data-testid="tenant.connectors">
      <p className="rd-admin__muted">{t('tenant.connectors.intro')}</p>
      {manage ? (
        <div className="rd-admin__actions rd-admin__actions--start">
          <Button variant="primary" onClick={() => setEditing(emptyDraft())} data-testid="tenant.connectors.add">
            {t('tenant.connectors.add')}
          </Button>
        </div>
      ) : null}
      <TableShell
        caption={t('tenant.connectors.caption')}
        columns={[
          { id: 'displayName', header: t('tenant.connectors.displayName') },
          { id: 'kind', header: t('tenant.connectors.connectorType') },
          { id: 'hostname', header: t('tenant.connectors.hostname') },
          { id: 'actions', header: <span className="rd-visually-hidden">{t('tenant.users.actions')}</span> },
        ]}
        status={
          connections.isPending ? 'loading' : connections.isError ? 'error' : list.length === 0 ? 'empty' : 'ready'
        }
        empty={<EmptyState title={t('tenant.connectors.none')} />}
        onRetry={() => void connections.refetch()}
      >
        {list.map((connection) => {
          const kind = connection.connectorType ?? 'SharePoint';
          const shown = outcome?.name === connection.name ? outcome : null;
          return (
            <tr
              key={connection.id ?? connection.name}
              className="rd-table__row"
              data-testid={`tenant.connectors.row.${connection.name}`}
            >
              <td className="rd-table__cell">
                <div>{connection.displayName}</div>
                <div className="rd-admin__muted">
                  <code>{connection.name}</code>
                </div>
                {shown ? (
                  <div
                    className={shown.ok ? 'rd-admin__ok' : 'rd-field__error'}
                    role="status"
                    data-testid={`tenant.connectors.test.${connection.name}`}
                    data-ok={shown.ok}
                  >
                    {shown.text}
                    {shown.detail ? <div className="rd-admin__muted">{shown.detail}</div> : null}
                  </div>
                ) : null}
              </td>
              <td className="rd-table__cell">{t(`tenant.connectors.types.${kind}`)}</td>
              <td className="rd-table__cell rd-admin__break">{connection.hostname}</td>
              <td className="rd-table__cell rd-table__cell--end">
                <div className="rd-admin__row-actions">
                  <Button
                    size="sm"
                    loading={test.isPending && test.variables === connection.name}
                    onClick={() => test.mutate(connection.name)}
                    data-testid={`tenant.connectors.testButton.${connection.name}`}
                  >
                    {test.isPending && test.variables === connection.name
                      ? t('tenant.connectors.testing')
                      : t('tenant.connectors.test')}
                  </Button>
                  {manage ? (
                    <>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={t('tenant.connectors.editNamed', { name: connection.displayName })}
                        onClick={() => setEditing(draftOf(connection))}
                        data-testid={`tenant.connectors.edit.${connection.name}`}
                      >
                        {t('tenant.connectors.edit')}
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={t('tenant.connectors.deleteNamed', { name: connection.displayName })}
                        onClick={() => setDeleting(connection)}
                        data-testid={`tenant.connectors.delete.${connection.name}`}
                      >
                        {t('tenant.connectors.delete')}
                      </Button>
                    </>
                  ) : null}
                </div>
              </td>
            </tr>
          );
        })}
      </TableShell>
      <ConnectionDialog
        initial={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          setOutcome(null);
          refresh();
          report.saved({ screen: 'tenant', tab: 'connectors' });
        }}
        onFailed={report.failed}
      />
      <DeleteConnectionDialog
        connection={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          refresh();
          report.saved({ screen: 'tenant', tab: 'connectors' });
        }}
        onFailed={report.failed}
      />
    </div>
  );
}

function DeleteConnectionDialog({
  connection,
  onClose,
  onDeleted,
  onFailed,
}: {
  connection: Connection | null;
  onClose: () => void;
  onDeleted: () => void;
  onFailed: (error: Error) => string;
}) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const users = useQuery({
    ...api.queryOptions('get', '/api/v{version}/Tenant/Connectors/WorkspacesBySharePointService/{serviceName}', {
      params: { path: { serviceName: connection?.name ?? '' } },
    }),
    enabled: connection !== null,
  });
  const remove = useMutation({
    mutationFn: async (id: string) => {
      const { data } = await api.POST('/api/v{version}/Tenant/Connectors/DeleteSharePointConnection/{id}', {
        params: { path: { id } },
      });
      if (data && !data.succeeded) throw new Error(data.errors.map((e) => e.message).join(' '));
    },
    onSuccess: onDeleted,
    onError: (error: Error) => onFailed(error),
  });
  const using = users.data ?? [];
  const name = connection?.displayName ?? '';
  return (
    <Dialog
      open={connection !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('tenant.connectors.deleteTitle', { name })}
      size="sm"
      footer={
        <>
          <Button onClick={onClose}>{t('tenant.connectors.cancel')}</Button>
          <Button
            variant="danger"
            disabled={users.isPending || using.length > 0 || !connection?.id}
            loading={remove.isPending}
            onClick={() => connection?.id && remove.mutate(connection.id)}
            data-testid="tenant.connectors.confirmDelete"
          >
            {t('tenant.connectors.confirmDelete')}
          </Button>
        </>
      }
    >
      <p data-testid="tenant.connectors.deleteUse">
        {users.isPending
          ? null
          : using.length > 0
            ? t('tenant.connectors.deleteUsedBy', { workspaces: using.map((w) => w.workspaceName).join(', ') })
            : t('tenant.connectors.deleteUnused')}
      </p>
    </Dialog>
  );
}
