/**
 * A shared task's link names the tenant the task lives in (`tenantId`). A person who works in
 * several tenants may be in another one when they open it: the task would not be found there, so
 * the app first changes to the link's tenant (Tenant/ChangeTenant) and reloads, as the tenant
 * switcher does. A tenant the person is not a member of is left alone: the task then answers
 * "not found", as it must.
 */
import { useApiClient } from '@reviewdesk/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useEnvironment } from '../../app/environment';

/** `ready` once the app works in the link's tenant (or the link names none, or one that is not the person's). */
export function useTenantOfLink(tenantId: string | null): 'ready' | 'switching' {
  const api = useApiClient();
  const { reload } = useEnvironment();
  const current = useQuery({
    ...api.queryOptions('get', '/api/v{version}/Tenant/GetCurrentSession'),
    enabled: !!tenantId,
  });
  const tenants = useQuery({ ...api.queryOptions('get', '/api/v{version}/Tenant/UserTenants'), enabled: !!tenantId });
  const change = useMutation({
    ...api.mutationOptions('patch', '/api/v{version}/Tenant/ChangeTenant'),
    onSuccess: () => reload(),
  });
  const currentId = current.data?.tenant.id;
  const member = (tenants.data ?? []).some((link) => link.tenantId === tenantId);
  const mustChange = !!tenantId && !!currentId && currentId !== tenantId && member;
  const { mutate, isIdle } = change;
  useEffect(() => {
    if (mustChange && isIdle) mutate({ params: { query: { tenantId: tenantId as string } } });
  }, [mustChange, isIdle, mutate, tenantId]);

  if (!tenantId || current.isError || tenants.isError || change.isError) return 'ready';
  if (current.isPending || tenants.isPending) return 'switching';
  return mustChange ? 'switching' : 'ready';
}
