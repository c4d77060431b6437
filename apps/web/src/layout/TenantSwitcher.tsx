/**
 * The tenant switcher: the user's tenants (Tenant/UserTenants), the current one
 * (Tenant/GetCurrentSession), and Tenant/ChangeTenant. Abilities depend on the tenant, so after a
 * change the app reloads, which signs in silently again and loads the new tenant's abilities.
 */
import { Select, useApiClient, useNotices } from '@reviewdesk/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEnvironment } from '../app/environment';
import { useWebTranslation } from '../i18n/useWebTranslation';
import { SwitcherNote } from './SwitcherNote';

/** Test ids: `tenant-switcher` (the select), `tenant-switcher.error`. */
export function TenantSwitcher() {
  const api = useApiClient();
  const { reload } = useEnvironment();
  const { show } = useNotices();
  const { t } = useWebTranslation();
  const tenants = useQuery(api.queryOptions('get', '/api/v{version}/Tenant/UserTenants'));
  const current = useQuery(api.queryOptions('get', '/api/v{version}/Tenant/GetCurrentSession'));
  const change = useMutation({
    ...api.mutationOptions('patch', '/api/v{version}/Tenant/ChangeTenant'),
    onSuccess: () => reload(),
    onError: () => show({ tone: 'error', message: t('header.changeTenantFailed') }),
  });

  if (tenants.isError || current.isError) {
    return (
      <SwitcherNote label={t('header.tenant')} note={t('header.tenantUnavailable')} testId="tenant-switcher.error" />
    );
  }
  const options = (tenants.data ?? []).map((link) => ({ value: link.tenantId, label: link.tenantName }));
  return (
    <Select
      className="rd-app-switcher"
      label={t('header.tenant')}
      options={options}
      value={current.data?.tenant.id ?? ''}
      // One tenant: nothing to switch to, but the name still says where the user works.
      disabled={options.length < 2 || change.isPending}
      aria-busy={change.isPending || undefined}
      hint={change.isPending ? t('header.changingTenant') : undefined}
      data-testid="tenant-switcher"
      onChange={(event) => change.mutate({ params: { query: { tenantId: event.target.value } } })}
    />
  );
}
