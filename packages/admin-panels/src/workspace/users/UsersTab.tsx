/**
 * The workspace's "users" tab: its members with role and status (a member's status switched by
 * whom holds the permission for that member's role), and the invitation by e-mail to this or to
 * every workspace, with the invite check of the address as the person types it.
 */
import type { Schema } from '@reviewdesk/api-client';
import { Button, TableShell, useApiClient, useCan } from '@reviewdesk/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPanelsEventProps } from '../../events';
import { useAdminPanelsTranslation } from '../../i18n/resources';
import { roleLabel } from '../../shared/roleLabel';
import { useSaveReporter } from '../../shared/useSaveReporter';
import { InviteForm } from './InviteForm';
import { canChangeStatus } from './userRules';

export interface UsersTabProps extends Pick<AdminPanelsEventProps, 'onSaved' | 'onError'> {
  workspaceId: string;
}

const ACTIVE = 10;
const INACTIVE = 20;

export function UsersTab({ workspaceId, ...events }: UsersTabProps) {
  const { t, culture } = useAdminPanelsTranslation();
  const api = useApiClient();
  const can = useCan();
  const queryClient = useQueryClient();
  const report = useSaveReporter(events);
  const usersQuery = api.queryOptions('get', '/api/v{version}/SdWorkspace/Users/{workspaceId}', {
    params: { path: { workspaceId } },
  });
  const users = useQuery(usersQuery);
  const roles = useQuery(api.queryOptions('get', '/api/v{version}/User/AllRoles', {}));
  // Nobody switches their own status off from here (and locks themselves out).
  const me = useQuery(api.queryOptions('get', '/api/v{version}/User/GetUserDetails', {}));
  const roleName = (user: Schema<'WorkspaceUser'>) =>
    user.roleName ?? roles.data?.find((r) => r.id === user.roleId)?.name ?? null;
  const date = new Intl.DateTimeFormat(culture, { dateStyle: 'medium' });

  const status = useMutation({
    mutationFn: async (body: Schema<'UserWorkspaceStatusUpdate'>) => {
      const { data } = await api.PATCH('/api/v{version}/SdWorkspace/UpdateUserStatus', { body });
      if (data && !data.succeeded) throw new Error(data.errors.map((e) => e.message).join(' '));
      return body;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: usersQuery.queryKey });
      report.saved({ screen: 'workspace', tab: 'users', workspaceId });
    },
    onError: (error: Error) => report.failed(error),
  });

  const list = users.data ?? [];
  return (
    <div className="rd-admin__stack" data-testid="workspace.users">
      {can('Workspace.AddUsers') ? (
        <InviteForm
          workspaceId={workspaceId}
          roles={roles.data ?? []}
          onInvited={(email) => {
            void queryClient.invalidateQueries({ queryKey: usersQuery.queryKey });
            report.saved({ screen: 'workspace', tab: 'users', workspaceId }, t('common.invite.sent', { email }));
          }}
          onFailed={report.failed}
        />
      ) : null}
      <TableShell
        caption={t('workspace.users.caption')}
        columns={[
          { id: 'name', header: t('workspace.users.name') },
          { id: 'role', header: t('workspace.users.role') },
          { id: 'joined', header: t('workspace.users.joinedOn') },
          { id: 'status', header: t('workspace.users.status') },
          { id: 'action', header: <span className="rd-visually-hidden">{t('workspace.users.actions')}</span> },
        ]}
        status={users.isPending ? 'loading' : users.isError ? 'error' : list.length === 0 ? 'empty' : 'ready'}
        onRetry={() => void users.refetch()}
      >
        {list.map((user) => {
          const active = user.userStatus === ACTIVE;
          const name = user.name || user.userName || user.email;
          const role = roleName(user);
          const mayChange = user.userId !== me.data?.userId && canChangeStatus(can, role);
          return (
            <tr key={user.userId} className="rd-table__row" data-testid={`workspace.users.row.${user.email}`}>
              <td className="rd-table__cell">
                <div>{name}</div>
                {name !== user.email ? <div className="rd-admin__muted">{user.email}</div> : null}
              </td>
              <td className="rd-table__cell">{role ? roleLabel(t, { name: role }) : '—'}</td>
              <td className="rd-table__cell">{user.joinedOn ? date.format(new Date(user.joinedOn)) : '—'}</td>
              <td className="rd-table__cell">
                <span className={`rd-admin__chip rd-admin__chip--${active ? 'on' : 'off'}`}>
                  {t(active ? 'workspace.users.active' : 'workspace.users.inactive')}
                </span>
              </td>
              <td className="rd-table__cell rd-table__cell--end">
                {mayChange ? (
                  <Button
                    size="sm"
                    variant={active ? 'ghost' : 'secondary'}
                    loading={status.isPending && status.variables?.userId === user.userId}
                    onClick={() =>
                      status.mutate({ userId: user.userId, workspaceId, userStatus: active ? INACTIVE : ACTIVE })
                    }
                    aria-label={t(active ? 'workspace.users.deactivateNamed' : 'workspace.users.activateNamed', {
                      name,
                    })}
                    data-testid={`workspace.users.toggle.${user.email}`}
                  >
                    {t(active ? 'workspace.users.deactivate' : 'workspace.users.activate')}
                  </Button>
                ) : null}
              </td>
            </tr>
          );
        })}
      </TableShell>
    </div>
  );
}
