/**
 * The "licences" tab: the licence in force (License/Get; none is said plainly), the activation of a
 * code (License/Activate, with Licensing.ActivateLicense; a refused code is named in the person's
 * language and the code stays in the field) and the licences activated before (License/
 * GetLicenseHistory, a continuation page at a time).
 */
import { isApiError, type Schema } from '@reviewdesk/api-client';
import {
  Button,
  EmptyState,
  ErrorState,
  LoadingState,
  TableShell,
  useApiClient,
  useCan,
  useServerMessages,
} from '@reviewdesk/ui';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { AdminPanelsEventProps } from '../events';
import { useAdminPanelsTranslation } from '../i18n/resources';
import { useSaveReporter } from '../shared/useSaveReporter';

type Events = Pick<AdminPanelsEventProps, 'onSaved' | 'onError'>;
type License = Schema<'License'>;

/** The key of the licence history pages, shared with the activation that adds to it. */
export const LICENCE_HISTORY_KEY = ['admin-panels', 'licensing', 'history'] as const;

export function LicencesTab(events: Events) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const can = useCan();
  const currentQuery = api.queryOptions('get', '/api/v{version}/License/Get', {});
  const current = useQuery(currentQuery);
  const { errorMessage } = useServerMessages();
  // No licence is a 404 of License/Get: a state of the tenant, not a failure of the screen.
  const none = current.isError && isApiError(current.error) && current.error.status === 404;
  return (
    <div className="rd-admin__stack" data-testid="licensing.licences">
      <section className="rd-admin__group" aria-labelledby="rd-licence-current">
        <h3 className="rd-admin__subtitle" id="rd-licence-current">
          {t('licensing.current.title')}
        </h3>
        {current.isPending ? (
          <LoadingState />
        ) : none ? (
          <p data-testid="licensing.current.none">{t('licensing.current.none')}</p>
        ) : current.isError ? (
          <ErrorState description={errorMessage(current.error).message} onRetry={() => void current.refetch()} />
        ) : (
          <CurrentLicence licence={current.data} />
        )}
      </section>
      {can('Licensing.ActivateLicense') ? <ActivationForm {...events} /> : null}
      <LicenceHistory />
    </div>
  );
}

function CurrentLicence({ licence }: { licence: License }) {
  const { t, culture } = useAdminPanelsTranslation();
  const date = new Intl.DateTimeFormat(culture, { dateStyle: 'medium' });
  const number = new Intl.NumberFormat(culture);
  const used = licence.volume > 0 ? Math.round(((licence.volume - licence.currentVolume) / licence.volume) * 100) : 0;
  return (
    <div data-testid="licensing.current">
      <p>
        <span className="rd-admin__chip rd-admin__chip--tag">
          {t(licence.isTrial ? 'licensing.current.trial' : 'licensing.current.paid')}
        </span>{' '}
        <span
          className={`rd-admin__chip rd-admin__chip--${licence.expired ? 'off' : 'on'}`}
          data-testid="licensing.current.state"
        >
          {t(licence.expired ? 'licensing.current.expired' : 'licensing.current.running')}
        </span>
      </p>
      <meter
        className="rd-admin-licensing__meter"
        min={0}
        max={Math.max(licence.volume, 1)}
        value={Math.max(licence.volume - licence.currentVolume, 0)}
        aria-label={t('licensing.current.used', { percent: used })}
      />
      <dl className="rd-admin__facts">
        <dt>{t('licensing.current.volume')}</dt>
        <dd data-testid="licensing.current.volume">{number.format(licence.volume)}</dd>
        <dt>{t('licensing.current.currentVolume')}</dt>
        <dd data-testid="licensing.current.currentVolume">
          {number.format(licence.currentVolume)} ({t('licensing.current.used', { percent: used })})
        </dd>
        <dt>{t('licensing.current.activationDate')}</dt>
        <dd>{licence.activationDate ? date.format(new Date(licence.activationDate)) : '—'}</dd>
        <dt>{t('licensing.current.expirationDate')}</dt>
        <dd>{licence.expirationDate ? date.format(new Date(licence.expirationDate)) : t('licensing.current.noEnd')}</dd>
      </dl>
      {licence.storeUrl ? (
        <a href={licence.storeUrl} target="_blank" rel="noreferrer" className="rd-focusable">
          {t('licensing.current.store')}
        </a>
      ) : null}
    </div>
  );
}

function ActivationForm(events: Events) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const report = useSaveReporter(events);
  const { codeMessage } = useServerMessages();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; detail?: string } | null>(null);
  const activate = useMutation({
    mutationFn: async (activationCode: string) => {
      const { data } = await api.POST('/api/v{version}/License/Activate', { body: { activationCode } });
      return data;
    },
    onSuccess: (data) => {
      if (!data?.succeeded) {
        const first = data?.errors[0];
        setRefusal(codeMessage('LicenseErrorCode', first?.code, first?.message));
        return;
      }
      setRefusal(null);
      setCode('');
      setTouched(false);
      void queryClient.invalidateQueries({ predicate: (q) => /License\//.test(String(q.queryKey[1])) });
      void queryClient.invalidateQueries({ queryKey: LICENCE_HISTORY_KEY });
      report.saved({ screen: 'licensing', tab: 'licences' });
    },
    onError: (error: Error) => setRefusal({ message: report.failed(error) }),
  });
  const missing = !code.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (missing) return;
    activate.mutate(code.trim());
  };
  return (
    <form className="rd-admin__group" onSubmit={submit} noValidate data-testid="licensing.activate">
      <h3 className="rd-admin__subtitle">{t('licensing.activate.title')}</h3>
      <div className="rd-field">
        <label className="rd-field__label" htmlFor="rd-licence-code">
          {t('licensing.activate.code')}
        </label>
        <textarea
          id="rd-licence-code"
          className="rd-input rd-focusable rd-admin__textarea rd-admin-licensing__code"
          rows={3}
          spellCheck={false}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={touched && missing ? true : undefined}
          aria-describedby="rd-licence-code-hint"
          data-testid="licensing.activate.code"
        />
        <div className="rd-field__hint" id="rd-licence-code-hint">
          {t('licensing.activate.codeHint')}
        </div>
        {touched && missing ? <div className="rd-field__error">{t('licensing.activate.codeRequired')}</div> : null}
      </div>
      {refusal ? (
        <div className="rd-field__error" role="alert" data-testid="licensing.activate.error">
          <div>{refusal.message}</div>
          {refusal.detail ? <div className="rd-admin__muted">{refusal.detail}</div> : null}
        </div>
      ) : null}
      <div className="rd-admin__actions">
        <Button type="submit" variant="primary" loading={activate.isPending} data-testid="licensing.activate.submit">
          {t('licensing.activate.submit')}
        </Button>
      </div>
    </form>
  );
}

function LicenceHistory() {
  const { t, culture } = useAdminPanelsTranslation();
  const api = useApiClient();
  const date = new Intl.DateTimeFormat(culture, { dateStyle: 'medium' });
  const number = new Intl.NumberFormat(culture);
  const history = useInfiniteQuery({
    queryKey: LICENCE_HISTORY_KEY,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const { data } = await api.GET('/api/v{version}/License/GetLicenseHistory', {
        params: { query: pageParam ? { continuationToken: pageParam } : {} },
      });
      return data ?? { items: [], continuationToken: null };
    },
    getNextPageParam: (last) => last.continuationToken ?? undefined,
  });
  const rows = history.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <TableShell
      caption={t('licensing.history.caption')}
      columns={[
        { id: 'licence', header: t('licensing.history.licenseId') },
        { id: 'kind', header: t('licensing.history.kind') },
        { id: 'volume', header: t('licensing.history.volume') },
        { id: 'activated', header: t('licensing.history.activationDate') },
        { id: 'until', header: t('licensing.history.expirationDate') },
        { id: 'state', header: t('licensing.history.state') },
      ]}
      status={history.isPending ? 'loading' : history.isError ? 'error' : rows.length === 0 ? 'empty' : 'ready'}
      empty={<EmptyState title={t('licensing.history.none')} />}
      onRetry={() => void history.refetch()}
      footer={
        history.hasNextPage ? (
          <Button
            loading={history.isFetchingNextPage}
            onClick={() => void history.fetchNextPage()}
            data-testid="licensing.history.more"
          >
            {t('licensing.history.more')}
          </Button>
        ) : null
      }
    >
      {rows.map((row) => (
        <tr key={row.id} className="rd-table__row" data-testid={`licensing.history.row.${row.licenseId}`}>
          <td className="rd-table__cell">
            <code>{row.licenseId}</code>
          </td>
          <td className="rd-table__cell">{t(row.isTrial ? 'licensing.current.trial' : 'licensing.current.paid')}</td>
          <td className="rd-table__cell">{number.format(row.volume)}</td>
          <td className="rd-table__cell">{row.activationDate ? date.format(new Date(row.activationDate)) : '—'}</td>
          <td className="rd-table__cell">
            {row.expirationDate ? date.format(new Date(row.expirationDate)) : t('licensing.current.noEnd')}
          </td>
          <td className="rd-table__cell">
            <span className={`rd-admin__chip rd-admin__chip--${row.expired ? 'off' : 'on'}`}>
              {t(row.expired ? 'licensing.current.expired' : 'licensing.current.running')}
            </span>
          </td>
        </tr>
      ))}
    </TableShell>
  );
}
