/**
 * The tenant's "basic" tab: its name (Tenant/Update, with Tenant.EditBasic), its code and id, and
 * the signed-in person's role in it, all from Tenant/GetCurrentSession. Without Tenant.EditBasic
 * the same form shows read-only.
 */
import type { Schema } from '@reviewdesk/api-client';
import { Input, useApiClient, useCan } from '@reviewdesk/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { AdminPanelsEventProps } from '../events';
import { useAdminPanelsTranslation } from '../i18n/resources';
import { QueryStates } from '../shared/QueryStates';
import { roleLabel } from '../shared/roleLabel';
import { SaveBar } from '../shared/SaveBar';
import { useSaveReporter } from '../shared/useSaveReporter';

/** The server's limit of a tenant name. */
export const TENANT_NAME_MAX = 256;

type Events = Pick<AdminPanelsEventProps, 'onSaved' | 'onError'>;

export function TenantBasicTab(events: Events) {
  const api = useApiClient();
  const session = useQuery(api.queryOptions('get', '/api/v{version}/Tenant/GetCurrentSession', {}));
  return (
    <QueryStates query={session}>
      {(current) => (
        <TenantBasicForm key={`${current.tenant.id}-${session.dataUpdatedAt}`} session={current} {...events} />
      )}
    </QueryStates>
  );
}

function TenantBasicForm({ session, ...events }: { session: Schema<'TenantSession'> } & Events) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const can = useCan();
  const queryClient = useQueryClient();
  const report = useSaveReporter(events);
  const editable = can('Tenant.EditBasic');
  const [name, setName] = useState(session.tenant.name);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const dirty = name !== session.tenant.name;
  const nameError = !name.trim()
    ? t('tenant.basic.nameRequired')
    : name.trim().length > TENANT_NAME_MAX
      ? t('tenant.basic.nameTooLong', { max: TENANT_NAME_MAX })
      : null;

  const save = useMutation({
    mutationFn: async (body: Schema<'TenantUpdate'>) => {
      const { data } = await api.PATCH('/api/v{version}/Tenant/Update', { body });
      if (data && !data.succeeded) throw new Error(data.errors.map((e) => e.message).join(' '));
      return data;
    },
    onSuccess: () => {
      // The name shows in the tenant switcher and the header too.
      void queryClient.invalidateQueries({
        predicate: (q) => /Tenant\/(GetCurrentSession|UserTenants)/.test(String(q.queryKey[1])),
      });
      setServerError(null);
      report.saved({ screen: 'tenant', tab: 'basic' });
    },
    onError: (error: Error) => setServerError(report.failed(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (nameError || !dirty) return;
    save.mutate({ name: name.trim() });
  };

  return (
    <form className="rd-admin__form" onSubmit={submit} noValidate data-testid="tenant.basic">
      {editable ? null : (
        <p className="rd-admin__note" role="note">
          {t('common.readOnly')}
        </p>
      )}
      <fieldset className="rd-admin__fieldset" disabled={!editable || save.isPending}>
        <Input
          label={t('tenant.basic.name')}
          required
          maxLength={TENANT_NAME_MAX}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={touched ? nameError : null}
          data-testid="tenant.basic.name"
        />
      </fieldset>
      <dl className="rd-admin__facts">
        <dt>{t('tenant.basic.code')}</dt>
        <dd>
          <code data-testid="tenant.basic.code">{session.tenant.code}</code>
          <div className="rd-admin__muted">{t('tenant.basic.codeHint')}</div>
        </dd>
        <dt>{t('tenant.basic.yourRole')}</dt>
        <dd>
          {roleLabel(t, session.role)}
          {session.isTenantOwner ? <div className="rd-admin__muted">{t('tenant.basic.owner')}</div> : null}
        </dd>
        <dt>{t('tenant.basic.id')}</dt>
        <dd>
          <code>{session.tenant.id}</code>
        </dd>
      </dl>
      <SaveBar
        editable={editable}
        dirty={dirty}
        pending={save.isPending}
        error={serverError}
        onReset={() => setName(session.tenant.name)}
        testId="tenant.basic"
      />
    </form>
  );
}
