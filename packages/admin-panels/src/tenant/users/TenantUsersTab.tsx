/**
 * The tenant's "users" tab: every person of the tenant with role, status, owner and e-mail state;
 * a role or status changed by whom holds the permission for that person's role (tenantUserRules);
 * the super-user tooltip for whom may change a super user's status; the invitation by e-mail; and,
 * for a developer, acting as another role.
 */
import type { Schema } from '@reviewdesk/api-client';
import { Button, Select, TableShell, Tooltip, useApiClient, useCan } from '@reviewdesk/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPanelsEventProps } from '../../events';
import { useAdminPanelsTranslation } from '../../i18n/resources';
import { roleLabel } from '../../shared/roleLabel';
import { useSaveReporter } from '../../shared/useSaveReporter';
import { ImpersonationForm } from './ImpersonationForm';
import { TenantInviteForm } from './TenantInviteForm';
import { assignableRoles, canChangeTenantRole, canChangeTenantStatus, showsSuperUserTooltip } from './tenantUserRules';

const ACTIVE = 10;
const INACTIVE = 20;

type Events = Pick<AdminPanelsEventProps, 'onSaved' | 'onError'>;
type TenantUser = Schema<'TenantUser'>;

async function checked(call: Promise<{ data?: { succeeded: boolean; errors: Array<{ message: string }> } }>) {
  const { data } = await call;
  if (data && !data.succeeded) throw new Error(data.errors.map((e) => e.message).join(' '));
}

export function TenantUsersTab(events: Events) {
  const { t, culture } = useAdminPanelsTranslation();
  const api = useApiClient();
  const can = useCan();
  const queryClient = useQueryClient();
  const report = useSaveReporter(events);
  const usersQuery = api.queryOptions('get', '/api/v{version}/Tenant/AllUsers', {});
  const users = useQuery(usersQuery);
  const roles = useQuery(api.queryOptions('get', '/api/v{version}/User/AllRoles', {}));
  const session = useQuery(api.queryOptions('get', '/api/v{version}/Tenant/GetCurrentSession', {}));
  const date = new Intl.DateTimeFormat(culture, { dateStyle: 'medium' });
  const roleList = roles.data ?? [];
  const roleOf = (user: TenantUser) => roleList.find((r) => r.id === user.roleId);
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: usersQuery.queryKey });
    report.saved({ screen: 'tenant', tab: 'users' });
  };

  const status = useMutation({
    mutationFn: (body: Schema<'UserStatusUpdate'>) =>
      checked(api.PATCH('/api/v{version}/Tenant/UpdateUserStatus', { body })),
    onSuccess: changed,
    onError: (error: Error) => report.failed(error),
  });
  const role = useMutation({
    mutationFn: (body: Schema<'UserRoleUpdate'>) =>
      checked(api.PATCH('/api/v{version}/Tenant/UpdateUserRole', { body })),
    onSuccess: changed,
    onError: (error: Error) => {
      report.failed(error);
      // The select shows the person's role again as the server still has it.
      void queryClient.invalidateQueries({ queryKey: usersQuery.queryKey });
    },
  });

  const list = [...(users.data ?? [])].sort((a, b) => (a.name || a.email).localeCompare(b.name || b.email, culture));
  const me = session.data?.userId;
  const tooltip = showsSuperUserTooltip(can, roleList);
  return (
    <div className="rd-admin__stack" data-testid="tenant.users">
      {can('Tenant.AddUsers') ? (
        <TenantInviteForm
          roles={roleList}
          onInvited={(email) => {
            void queryClient.invalidateQueries({ queryKey: usersQuery.queryKey });
            report.saved({ screen: 'tenant', tab: 'users' }, t('common.invite.sent', { email }));
          }}
          onFailed={report.failed}
        />
      ) : null}
      {session.data && (can('Tenant.ImpersonateRole') || session.data.impersonateRole) ? (
        <ImpersonationForm
          session={session.data}
          roles={roleList}
          onChanged={(event) => events.onSaved?.(event)}
          onFailed={report.failed}
        />
      ) : null}
      <TableShell
        caption={t('tenant.users.caption')}
        columns={[
          { id: 'name', header: t('tenant.users.name') },
          {
            id: 'role',
            header: tooltip ? (
              <span className="rd-admin__with-help">
                {t('tenant.users.role')}
                <Tooltip content={t('tenant.users.superUserTooltip')}>
                  <button
                    type="button"
                    className="rd-admin__help rd-focusable"
                    aria-label={t('tenant.users.superUserTooltip')}
                    data-testid="tenant.users.superUserHelp"
                  >
                    ?
                  </button>
                </Tooltip>
              </span>
            ) : (
              t('tenant.users.role')
            ),
          },
          { id: 'joined', header: t('tenant.users.joinedOn') },
          { id: 'status', header: t('tenant.users.status') },
          { id: 'action', header: <span className="rd-visually-hidden">{t('tenant.users.actions')}</span> },
        ]}
        status={users.isPending ? 'loading' : users.isError ? 'error' : list.length === 0 ? 'empty' : 'ready'}
        onRetry={() => void users.refetch()}
      >
        {list.map((user) => {
          const active = user.userStatus === ACTIVE;
          const name = user.name || user.userName || user.email;
          const current = roleOf(user);
          const itsMe = user.userId === me;
          const mayChangeRole = !itsMe && canChangeTenantRole(can, current?.name);
          const mayChangeStatus = !itsMe && !user.isTenantOwner && canChangeTenantStatus(can, current?.name);
          const options = assignableRoles(can, roleList, user);
          return (
            <tr key={user.userId} className="rd-table__row" data-testid={`tenant.users.row.${user.email}`}>
              <td className="rd-table__cell">
                <div>
                  {name}
                  {itsMe ? <span className="rd-admin__chip rd-admin__chip--tag">{t('tenant.users.you')}</span> : null}
                  {user.isTenantOwner ? (
                    <span className="rd-admin__chip rd-admin__chip--tag">{t('tenant.users.owner')}</span>
                  ) : null}
                </div>
                {name !== user.email ? <div className="rd-admin__muted">{user.email}</div> : null}
                {user.emailConfirmed ? null : <div className="rd-admin__muted">{t('tenant.users.unconfirmed')}</div>}
              </td>
              <td className="rd-table__cell">
                {mayChangeRole && options.length > 1 ? (
                  <Select
                    className="rd-admin__inline-select"
                    label={<span className="rd-visually-hidden">{t('tenant.users.roleOf', { name })}</span>}
                    value={user.roleId}
                    disabled={role.isPending}
                    options={options.map((r) => ({ value: r.id, label: roleLabel(t, r) }))}
                    onChange={(e) => role.mutate({ userId: user.userId, roleId: e.target.value })}
                    data-testid={`tenant.users.role.${user.email}`}
                  />
                ) : (
                  <span>{roleLabel(t, current)}</span>
                )}
                {current?.superUser ? (
                  <span className="rd-admin__chip rd-admin__chip--super">{t('tenant.users.superUser')}</span>
                ) : null}
              </td>
              <td className="rd-table__cell">{user.joinedOn ? date.format(new Date(user.joinedOn)) : '—'}</td>
              <td className="rd-table__cell">
                <span className={`rd-admin__chip rd-admin__chip--${active ? 'on' : 'off'}`}>
                  {t(active ? 'tenant.users.active' : 'tenant.users.inactive')}
                </span>
              </td>
              <td className="rd-table__cell rd-table__cell--end">
                {mayChangeStatus ? (
                  <Button
                    size="sm"
                    variant={active ? 'ghost' : 'secondary'}
                    loading={status.isPending && status.variables?.userId === user.userId}
                    onClick={() => status.mutate({ userId: user.userId, userStatus: active ? INACTIVE : ACTIVE })}
                    aria-label={t(active ? 'tenant.users.deactivateNamed' : 'tenant.users.activateNamed', { name })}
                    data-testid={`tenant.users.toggle.${user.email}`}
                  >
                    {t(active ? 'tenant.users.deactivate' : 'tenant.users.activate')}
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
