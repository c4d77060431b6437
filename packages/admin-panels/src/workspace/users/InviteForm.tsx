/**
 * Invitation by e-mail to this workspace or to every workspace of the tenant. The address is
 * checked 750 ms after the person stops typing (product-spec §9); what the check says decides what
 * the form asks: a name and a tenant role for someone new to the tenant, nothing to do for a member.
 */
import type { Schema } from '@reviewdesk/api-client';
import { Button, Checkbox, Input, Select, useApiClient } from '@reviewdesk/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useAdminPanelsTranslation } from '../../i18n/resources';
import { InviteEmailField, useSettledInviteEmail } from '../../shared/invite/InviteEmailField';
import { invitableRoles } from '../../shared/invite/inviteRules';
import { roleLabel } from '../../shared/roleLabel';
import { INVITE_CHECK_KEYS, isAlreadyMember, isNewToTenant } from './userRules';

export interface InviteFormProps {
  workspaceId: string;
  roles: readonly Schema<'Role'>[];
  onInvited: (email: string) => void;
  onFailed: (error: Error) => string;
}

export function InviteForm({ workspaceId, roles, onInvited, onFailed }: InviteFormProps) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [roleId, setRoleId] = useState('');
  const [everyWorkspace, setEveryWorkspace] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { settled, checkable } = useSettledInviteEmail(email);
  const check = useQuery({
    ...api.queryOptions('get', '/api/v{version}/SdWorkspace/CheckIfUserCanBeInvited', {
      params: { query: { email: settled, workspaceId } },
    }),
    enabled: checkable,
  });
  const state = checkable ? check.data?.inviteCheckStatus : undefined;
  const newcomer = isNewToTenant(state);
  const offered = invitableRoles(roles);
  const chosenRole = roleId || offered[offered.length - 1]?.id || '';

  const invite = useMutation({
    mutationFn: async (body: Schema<'WorkspaceInviteRequest'>) => {
      const { data } = await api.POST('/api/v{version}/SdWorkspace/InviteUser', { body });
      if (data && !data.succeeded) throw new Error(data.errors.map((e) => e.message).join(' '));
    },
    onSuccess: () => {
      const sent = email.trim();
      setEmail('');
      setName('');
      setError(null);
      setEveryWorkspace(false);
      onInvited(sent);
    },
    onError: (e: Error) => setError(onFailed(e)),
  });

  const blocked = !checkable || check.isFetching || (isAlreadyMember(state) && !everyWorkspace);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blocked) return;
    invite.mutate({
      users: [
        {
          email: email.trim(),
          name: newcomer ? name.trim() || null : null,
          workspaceId: everyWorkspace ? null : workspaceId,
          tenantRoleId: newcomer ? chosenRole || null : null,
          inviteToAllWorkspaces: everyWorkspace,
        },
      ],
    });
  };

  return (
    <form className="rd-admin__group rd-admin__invite" onSubmit={submit} noValidate data-testid="workspace.invite">
      <h3 className="rd-admin__subtitle">{t('workspace.users.inviteTitle')}</h3>
      <InviteEmailField
        email={email}
        onEmailChange={setEmail}
        checkable={checkable}
        checking={check.isFetching}
        state={state}
        stateText={state !== undefined ? t(INVITE_CHECK_KEYS[state]) : undefined}
        testIdPrefix="workspace.invite"
      />
      {newcomer ? (
        <div className="rd-admin__row">
          <Input
            label={t('workspace.users.fullName')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            data-testid="workspace.invite.name"
          />
          <Select
            label={t('workspace.users.tenantRole')}
            value={chosenRole}
            options={offered.map((r) => ({ value: r.id, label: roleLabel(t, r) }))}
            onChange={(e) => setRoleId(e.target.value)}
            data-testid="workspace.invite.role"
          />
        </div>
      ) : null}
      <Checkbox
        label={t('workspace.users.everyWorkspace')}
        checked={everyWorkspace}
        onChange={(e) => setEveryWorkspace(e.target.checked)}
        data-testid="workspace.invite.every"
      />
      {error ? (
        <p className="rd-field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="rd-admin__actions">
        <Button
          type="submit"
          variant="primary"
          disabled={blocked}
          loading={invite.isPending}
          data-testid="workspace.invite.submit"
        >
          {t('workspace.users.invite')}
        </Button>
      </div>
    </form>
  );
}
