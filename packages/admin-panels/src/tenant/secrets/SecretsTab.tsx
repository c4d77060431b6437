/**
 * The tenant's "API secrets" tab: the credentials with their client id, end date and expired state
 * (Tenant/Secrets); with Tenant.CreateSecrets a new one (Secrets/Create) or a new secret for the
 * newest client id (Secrets/Update), valid until a date in the future. The secret itself is in the
 * answer only: it is shown once, in a dialog that says so, and never kept by the screen afterwards.
 */
import type { Schema } from '@reviewdesk/api-client';
import { Button, Dialog, EmptyState, Input, TableShell, useApiClient, useCan } from '@reviewdesk/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminPanelsEventProps } from '../../events';
import { useAdminPanelsTranslation } from '../../i18n/resources';
import { useSaveReporter } from '../../shared/useSaveReporter';

type Events = Pick<AdminPanelsEventProps, 'onSaved' | 'onError'>;
type Credential = Schema<'ApiCredential'>;

/** `YYYY-MM-DD` of a day `days` from now, in the person's time zone. */
function dayFromNow(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The end of the chosen day in the person's time zone, as the ISO date-time the server takes. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59`).toISOString();

export function SecretsTab(events: Events) {
  const { t, culture } = useAdminPanelsTranslation();
  const api = useApiClient();
  const can = useCan();
  const queryClient = useQueryClient();
  const report = useSaveReporter(events);
  const listQuery = api.queryOptions('get', '/api/v{version}/Tenant/Secrets', {});
  const secrets = useQuery(listQuery);
  const [day, setDay] = useState(() => dayFromNow(365));
  const [shown, setShown] = useState<Credential | null>(null);
  const [copied, setCopied] = useState(false);
  const inFuture = day > dayFromNow(0);
  const date = new Intl.DateTimeFormat(culture, { dateStyle: 'medium' });

  const issue = useMutation({
    mutationFn: async (renew: boolean) => {
      const query = { expiration: endOfDay(day) };
      const { data } = renew
        ? await api.POST('/api/v{version}/Tenant/Secrets/Update', { params: { query } })
        : await api.POST('/api/v{version}/Tenant/Secrets/Create', { params: { query } });
      if (!data?.succeeded || !data.result) throw new Error(data?.errors.map((e) => e.message).join(' ') || '');
      return data.result;
    },
    onSuccess: (credential) => {
      setCopied(false);
      setShown(credential);
      void queryClient.invalidateQueries({ queryKey: listQuery.queryKey });
      report.saved({ screen: 'tenant', tab: 'secrets' });
    },
    onError: (error: Error) => report.failed(error),
  });

  const list = secrets.data ?? [];
  const copy = async () => {
    if (!shown?.clientSecret) return;
    await navigator.clipboard?.writeText(shown.clientSecret);
    setCopied(true);
  };
  return (
    <div className="rd-admin__stack" data-testid="tenant.secrets">
      <p className="rd-admin__muted">{t('tenant.secrets.intro')}</p>
      <TableShell
        caption={t('tenant.secrets.caption')}
        columns={[
          { id: 'clientId', header: t('tenant.secrets.clientId') },
          { id: 'expiration', header: t('tenant.secrets.expiration') },
          { id: 'state', header: t('tenant.secrets.state') },
        ]}
        status={secrets.isPending ? 'loading' : secrets.isError ? 'error' : list.length === 0 ? 'empty' : 'ready'}
        empty={<EmptyState title={t('tenant.secrets.none')} />}
        onRetry={() => void secrets.refetch()}
      >
        {list.map((credential) => (
          <tr
            key={credential.clientId}
            className="rd-table__row"
            data-testid={`tenant.secrets.row.${credential.clientId}`}
          >
            <td className="rd-table__cell">
              <code>{credential.clientId}</code>
            </td>
            <td className="rd-table__cell">{date.format(new Date(credential.expiration))}</td>
            <td className="rd-table__cell">
              <span className={`rd-admin__chip rd-admin__chip--${credential.expired ? 'off' : 'on'}`}>
                {t(credential.expired ? 'tenant.secrets.expired' : 'tenant.secrets.valid')}
              </span>
            </td>
          </tr>
        ))}
      </TableShell>
      {can('Tenant.CreateSecrets') ? (
        <div className="rd-admin__group" data-testid="tenant.secrets.issue">
          <Input
            label={t('tenant.secrets.newExpiration')}
            type="date"
            min={dayFromNow(1)}
            value={day}
            onChange={(e) => setDay(e.target.value)}
            error={inFuture ? null : t('tenant.secrets.expirationInPast')}
            data-testid="tenant.secrets.expiration"
          />
          <div className="rd-admin__actions">
            {list.length > 0 ? (
              <Button
                disabled={!inFuture || issue.isPending}
                onClick={() => issue.mutate(true)}
                title={t('tenant.secrets.renewHint')}
                data-testid="tenant.secrets.renew"
              >
                {t('tenant.secrets.renew')}
              </Button>
            ) : null}
            <Button
              variant="primary"
              disabled={!inFuture}
              loading={issue.isPending && issue.variables === false}
              onClick={() => issue.mutate(false)}
              data-testid="tenant.secrets.create"
            >
              {t('tenant.secrets.create')}
            </Button>
          </div>
          {list.length > 0 ? <p className="rd-admin__muted">{t('tenant.secrets.renewHint')}</p> : null}
        </div>
      ) : null}
      <Dialog
        open={shown !== null}
        // Closed only on purpose: a click beside it must not lose the one view of the secret.
        closeOnOutsidePress={false}
        onOpenChange={(open) => {
          if (!open) setShown(null);
        }}
        title={t('tenant.secrets.shownOnceTitle')}
        description={t('tenant.secrets.shownOnce')}
        footer={
          <Button variant="primary" onClick={() => setShown(null)} data-testid="tenant.secrets.done">
            {t('tenant.secrets.done')}
          </Button>
        }
      >
        {shown ? (
          <dl className="rd-admin__facts" data-testid="tenant.secrets.shown">
            <dt>{t('tenant.secrets.clientId')}</dt>
            <dd>
              <code>{shown.clientId}</code>
            </dd>
            <dt>{t('tenant.secrets.secret')}</dt>
            <dd>
              <code className="rd-admin__secret" data-testid="tenant.secrets.secret">
                {shown.clientSecret}
              </code>
              <Button size="sm" onClick={() => void copy()} data-testid="tenant.secrets.copy">
                {copied ? t('tenant.secrets.copied') : t('tenant.secrets.copy')}
              </Button>
            </dd>
            <dt>{t('tenant.secrets.expiration')}</dt>
            <dd>{date.format(new Date(shown.expiration))}</dd>
          </dl>
        ) : null}
      </Dialog>
    </div>
  );
}
