/**
 * Invitation by e-mail to the tenant, with a tenant role and one workspace, every workspace or none
 * yet. The address is checked 750 ms after the person stops typing (product-spec §9); someone new
 * to the tenant gets the chosen role (and a name, for a new account); a member needs nothing. While
 * the server reports invitations as blocked, the form says why and sends nothing.
 */
import type { Schema } from '@reviewdesk/api-client';
import { Button, Input, Select, useApiClient } from '@reviewdesk/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useAdminPanelsTranslation } from '../../i18n/resources';
import { InviteEmailField, useSettledInviteEmail } from '../../shared/invite/InviteEmailField';
import { invitableRoles } from '../../shared/invite/inviteRules';
import { roleLabel } from '../../shared/roleLabel';
import { isTenantCheckState, TENANT_INVITE_CHECK_KEYS } from './tenantUserRules';

const EVERY = '*';

export interface TenantInviteFormProps {
  roles: readonly Schema<'Role'>[];
  onInvited: (email: string) => void;
  onFailed: (error: Error) => string;
}

export function TenantInviteForm({ roles, onInvited, onFailed }: TenantInviteFormProps) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [roleId, setRoleId] = useState('');
  const [workspace, setWorkspace] = useState('');
  const [error, setError] = useState<string | null>(null);
  const blockedQuery = useQuery(api.queryOptions('get', '/api/v{version}/Tenant/IsUserTenantInvitationBlocked', {}));
  const standard = useQuery(
    api.queryOptions('get', '/api/v{version}/SdWorkspace/UserWorkspaces', { params: { query: { workspaceType: 10 } } }),
  );
  const training = useQuery(
    api.queryOptions('get', '/api/v{version}/SdWorkspace/UserWorkspaces', { params: { query: { workspaceType: 20 } } }),
  );
  const workspaces = [...(standard.data ?? []), ...(training.data ?? [])];
  const { settled, checkable } = useSettledInviteEmail(email);
  const check = useQuery({
    ...api.queryOptions('get', '/api/v{version}/Tenant/CheckIfUserCanBeInvited', {
      params: { query: { email: settled } },
    }),
    enabled: checkable,
  });
  const raw = checkable ? check.data?.inviteCheckStatus : undefined;
  const state = isTenantCheckState(raw) ? raw : undefined;
  const newAccount = state === 1;
  const newToTenant = state === 1 || state === 2;
  const offered = invitableRoles(roles);
  const chosenRole = roleId || offered[offered.length - 1]?.id || '';

  const invite = useMutation({
    mutationFn: async (body: Schema<'TenantInviteRequest'>) => {
      const { data } = await api.POST('/api/v{version}/Tenant/InviteUser', { body });
      if (data && !data.succeeded) throw new Error(data.errors.map((e) => e.message).join(' '));
    },
    onSuccess: () => {
      const sent = email.trim();
      setEmail('');
      setName('');
      setWorkspace('');
      setError(null);
      onInvited(sent);
    },
    onError: (e: Error) => setError(onFailed(e)),
  });

  const blocked = blockedQuery.data?.isBlocked === true;
  const waiting = !checkable || check.isFetching || state === undefined;
  const nothingToDo = state === 3 && !workspace;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blocked || waiting || nothingToDo) return;
    invite.mutate({
      users: [
        {
          email: email.trim(),
          name: newAccount ? name.trim() || null : null,
          workspaceId: workspace && workspace !== EVERY ? workspace : null,
          tenantRoleId: newToTenant ? chosenRole || null : null,
          inviteToAllWorkspaces: workspace === EVERY,
        },
      ],
    });
  };

  return (
    <form className="rd-admin__group rd-admin__invite" onSubmit={submit} noValidate data-testid="tenant.invite">
      <h3 className="rd-admin__subtitle">{t('tenant.users.inviteTitle')}</h3>
      {blocked ? (
        <p className="rd-admin__note" role="note" data-testid="tenant.invite.blocked">
          {t('tenant.users.inviteBlocked', { reason: blockedQuery.data?.reason ?? '' })}
        </p>
      ) : null}
      <fieldset className="rd-admin__fieldset" disabled={blocked}>
        <InviteEmailField
          email={email}
          onEmailChange={setEmail}
          checkable={checkable}
          checking={check.isFetching}
          state={state}
          stateText={state !== undefined ? t(TENANT_INVITE_CHECK_KEYS[state]) : undefined}
          testIdPrefix="tenant.invite"
        />
        <div className="rd-admin__row">
          {newAccount ? (
            <Input
              label={t('tenant.users.fullName')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              data-testid="tenant.invite.name"
            />
          ) : null}
          {newToTenant ? (
            <Select
              label={t('tenant.users.tenantRole')}
              value={chosenRole}
              options={offered.map((r) => ({ value: r.id, label: roleLabel(t, r) }))}
              onChange={(e) => setRoleId(e.target.value)}
              data-testid="tenant.invite.role"
            />
          ) : null}
          <Select
            label={t('tenant.users.workspace')}
            value={workspace}
            options={[
              { value: '', label: t('tenant.users.noWorkspace') },
              { value: EVERY, label: t('tenant.users.everyWorkspace') },
              ...workspaces.map((w) => ({ value: w.workspaceId, label: w.workspaceName ?? w.workspaceId })),
            ]}
            onChange={(e) => setWorkspace(e.target.value)}
            data-testid="tenant.invite.workspace"
          />
        </div>
      </fieldset>
      {error ? (
        <p className="rd-field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="rd-admin__actions">
        <Button
          type="submit"
          variant="primary"
          disabled={blocked || waiting || nothingToDo}
          loading={invite.isPending}
          data-testid="tenant.invite.submit"
        >
          {t('tenant.users.invite')}
        </Button>
      </div>
    </form>
  );
}
