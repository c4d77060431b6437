/**
 * Acting as another role (Tenant/UpdateUserImpersonateRoleId): a developer sees the product with the
 * abilities of a lower role until they switch back. The abilities come with the sign-in, so after a
 * change the host reloads them — it hears `onSaved` with the tab `impersonation`.
 */
import type { Schema } from '@reviewdesk/api-client';
import { Select, useApiClient } from '@reviewdesk/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSavedEvent } from '../../events';
import { useAdminPanelsTranslation } from '../../i18n/resources';
import { roleLabel } from '../../shared/roleLabel';

export interface ImpersonationFormProps {
  session: Schema<'TenantSession'>;
  roles: readonly Schema<'Role'>[];
  onChanged: (event: AdminSavedEvent) => void;
  onFailed: (error: Error) => string;
}

export function ImpersonationForm({ session, roles, onChanged, onFailed }: ImpersonationFormProps) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  // Only roles below the person's own: nobody acts as someone with more rights.
  const below = roles.filter((r) => r.order > session.role.order && !r.hidden).sort((a, b) => a.order - b.order);
  const change = useMutation({
    mutationFn: async (roleId: string) => {
      const { data } = await api.PATCH('/api/v{version}/Tenant/UpdateUserImpersonateRoleId', {
        params: { query: roleId ? { roleId } : {} },
      });
      if (data && !data.succeeded) throw new Error(data.errors.map((e) => e.message).join(' '));
    },
    onSuccess: () => {
      void queryClient.invalidateQueries();
      onChanged({ screen: 'tenant', tab: 'impersonation' });
    },
    onError: (e: Error) => onFailed(e),
  });

  return (
    <div className="rd-admin__group" data-testid="tenant.impersonation">
      <h3 className="rd-admin__subtitle">{t('tenant.users.impersonateTitle')}</h3>
      <Select
        label={t('tenant.users.impersonate')}
        hint={
          session.impersonateRole
            ? t('tenant.users.impersonating', { role: roleLabel(t, session.impersonateRole) })
            : t('tenant.users.impersonateHint')
        }
        value={session.impersonateRole?.id ?? ''}
        disabled={change.isPending}
        aria-busy={change.isPending || undefined}
        options={[
          { value: '', label: t('tenant.users.ownRole', { role: roleLabel(t, session.role) }) },
          ...below.map((r) => ({ value: r.id, label: roleLabel(t, r) })),
        ]}
        onChange={(e) => change.mutate(e.target.value)}
        data-testid="tenant.impersonation.role"
      />
    </div>
  );
}
