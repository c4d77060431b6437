/**
 * The tenant the person starts in after signing in (User/UpdateCurrentUserDefaultTenant), among
 * their tenants (Tenant/UserTenants). Shown only to whom belongs to more than one tenant.
 */
import { Button, Select, useApiClient } from '@reviewdesk/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useProfileTranslation } from './i18n';
import { USER_TENANTS_KEY } from './queries';
import { type ProfileEvents, useProfileReporter } from './useProfileReporter';

/** Test ids: `profile.default-tenant`, `profile.default-tenant.select`, `profile.default-tenant.save`, `profile.default-tenant.error`. */
export function DefaultTenantForm(events: ProfileEvents) {
  const api = useApiClient();
  const tenants = useQuery(api.queryOptions('get', '/api/v{version}/Tenant/UserTenants'));
  // One tenant leaves nothing to choose; a failed list hides the choice rather than the profile.
  if (!tenants.data || tenants.data.length < 2) return null;
  const current = tenants.data.find((link) => link.isDefault)?.tenantId ?? '';
  return (
    <DefaultTenantChoice
      key={current}
      current={current}
      options={tenants.data.map((link) => ({ value: link.tenantId, label: link.tenantName }))}
      {...events}
    />
  );
}

function DefaultTenantChoice({
  current,
  options,
  ...events
}: { current: string; options: { value: string; label: string }[] } & ProfileEvents) {
  const { t } = useProfileTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const report = useProfileReporter(events);
  const [chosen, setChosen] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const save = useMutation({
    mutationFn: async (tenantId: string) =>
      (await api.POST('/api/v{version}/User/UpdateCurrentUserDefaultTenant', { body: { tenantId } })).data,
    onSuccess: (result) => {
      // Refusals come as errors (404 for a tenant one is not an active member of); a false result
      // carries the server's own sentence.
      if (result && !result.succeeded) return setError(result.errors[0]?.message ?? t('loadFailed'));
      setError(null);
      report.saved('email', t('defaultTenant.saved'));
      void queryClient.invalidateQueries({ queryKey: USER_TENANTS_KEY });
    },
    onError: (failure: Error) => setError(report.failed(failure)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(chosen);
  };
  return (
    <form
      className="rd-admin__group rd-admin__form"
      onSubmit={submit}
      aria-labelledby={headingId}
      data-testid="profile.default-tenant"
    >
      <h3 id={headingId} className="rd-admin__subtitle">
        {t('defaultTenant.title')}
      </h3>
      <Select
        label={t('defaultTenant.label')}
        options={options}
        value={chosen}
        error={error ?? undefined}
        data-testid="profile.default-tenant.select"
        onChange={(event) => setChosen(event.target.value)}
      />
      <div className="rd-admin__actions rd-admin__actions--start">
        <Button
          type="submit"
          disabled={chosen === current}
          loading={save.isPending}
          data-testid="profile.default-tenant.save"
        >
          {t('defaultTenant.save')}
        </Button>
      </div>
    </form>
  );
}
