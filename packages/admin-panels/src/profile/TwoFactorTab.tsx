/**
 * The "2fa" tab: two-factor sign-in with an authenticator app (TOTP). Off: "Turn on" asks the
 * server for a new key (User/TwoFactor/Begin), shown once as a QR code and as text, and a first
 * code from the app turns it on (User/TwoFactor/Confirm), which hands out the recovery codes —
 * shown this once. On: how many recovery codes are left, and turning it off with a code, a
 * recovery code or the password (User/TwoFactor/Disable).
 */
import type { Schema } from '@reviewdesk/api-client';
import { Button, Input, useApiClient } from '@reviewdesk/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { IdentityErrors } from './IdentityErrors';
import { useProfileTranslation } from './i18n';
import { ProfileStates } from './ProfileStates';
import { TWO_FACTOR_KEY } from './queries';
import { type ProfileEvents, useProfileReporter } from './useProfileReporter';

/** Test ids: `profile.2fa`, `profile.2fa.state`, and those of its steps below. */
export function TwoFactorTab(events: ProfileEvents) {
  const { t } = useProfileTranslation();
  const api = useApiClient();
  const status = useQuery(api.queryOptions('get', '/api/v{version}/User/TwoFactor'));
  // Kept here, not in the query: the codes are shown once, even though the state is read again.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return (
    <div className="rd-admin__stack" data-testid="profile.2fa">
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : (
        <ProfileStates query={status} unavailable={t('twoFactor.unavailable')}>
          {(found) =>
            found.enabled ? (
              <TwoFactorOn status={found} {...events} />
            ) : (
              <TwoFactorOff onEnabled={setRecoveryCodes} {...events} />
            )
          }
        </ProfileStates>
      )}
    </div>
  );
}

function TwoFactorOff({ onEnabled, ...events }: { onEnabled: (codes: string[]) => void } & ProfileEvents) {
  const { t } = useProfileTranslation();
  const api = useApiClient();
  const report = useProfileReporter(events);
  const [error, setError] = useState<string | null>(null);
  const begin = useMutation({
    mutationFn: async () => (await api.POST('/api/v{version}/User/TwoFactor/Begin', {})).data,
    onSuccess: () => setError(null),
    onError: (failure: Error) => setError(report.failed(failure)),
  });
  return (
    <section className="rd-admin__group">
      <p data-testid="profile.2fa.state">{t('twoFactor.off')}</p>
      {begin.data ? (
        <ConfirmKey setup={begin.data} onEnabled={onEnabled} {...events} />
      ) : (
        <div className="rd-admin__actions rd-admin__actions--start">
          <Button
            variant="primary"
            loading={begin.isPending}
            onClick={() => begin.mutate()}
            data-testid="profile.2fa.begin"
          >
            {t('twoFactor.begin')}
          </Button>
        </div>
      )}
      {error ? (
        <p className="rd-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/** Test ids: `profile.2fa.qr`, `profile.2fa.secret`, `profile.2fa.code`, `profile.2fa.confirm`, `profile.2fa.errors`. */
function ConfirmKey({
  setup,
  onEnabled,
  ...events
}: { setup: Schema<'TwoFactorSetup'>; onEnabled: (codes: string[]) => void } & ProfileEvents) {
  const { t } = useProfileTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const report = useProfileReporter(events);
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const confirm = useMutation({
    mutationFn: async (typed: string) =>
      (await api.POST('/api/v{version}/User/TwoFactor/Confirm', { body: { code: typed } })).data,
    onSuccess: (result) => {
      if (!result?.succeeded) return setErrors(result?.errors ?? []);
      setErrors([]);
      onEnabled(result.recoveryCodes);
      report.saved('2fa', t('twoFactor.enabled'));
      void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
    },
    onError: (failure: Error) => setErrors([report.failed(failure)]),
  });
  const digits = code.replace(/\s/g, '');
  const missing = !/^\d{6}$/.test(digits);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!missing) confirm.mutate(digits);
  };
  // An image, not inline markup: the server's SVG is shown without ever being part of the page's DOM.
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrCodeSvg)}`;
  return (
    <form className="rd-admin__form rd-admin__stack" onSubmit={submit} noValidate>
      <p>{t('twoFactor.scan')}</p>
      <img src={qr} alt={t('twoFactor.qrAlt')} className="rd-admin-profile__qr" data-testid="profile.2fa.qr" />
      <dl className="rd-admin__facts">
        <dt>{t('twoFactor.key')}</dt>
        <dd>
          <code className="rd-admin-profile__key" data-testid="profile.2fa.secret">
            {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
          </code>
        </dd>
      </dl>
      <Input
        label={t('twoFactor.code')}
        hint={t('twoFactor.codeHint')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={8}
        value={code}
        error={touched && missing ? t('twoFactor.codeRequired') : undefined}
        data-testid="profile.2fa.code"
        onChange={(event) => setCode(event.target.value)}
      />
      <IdentityErrors errors={errors} testId="profile.2fa.errors" />
      <div className="rd-admin__actions rd-admin__actions--start">
        <Button type="submit" variant="primary" loading={confirm.isPending} data-testid="profile.2fa.confirm">
          {t('twoFactor.confirm')}
        </Button>
      </div>
    </form>
  );
}

/** Test ids: `profile.2fa.recovery`, `profile.2fa.recovery.done`. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useProfileTranslation();
  return (
    <section className="rd-admin__group" aria-labelledby="rd-profile-recovery">
      <h3 className="rd-admin__subtitle" id="rd-profile-recovery">
        {t('twoFactor.recoveryTitle')}
      </h3>
      <p>{t('twoFactor.recoveryIntro')}</p>
      <ul className="rd-admin-profile__codes" data-testid="profile.2fa.recovery">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="rd-admin__actions rd-admin__actions--start">
        <Button variant="primary" onClick={onDone} data-testid="profile.2fa.recovery.done">
          {t('twoFactor.recoveryDone')}
        </Button>
      </div>
    </section>
  );
}

/** Test ids: `profile.2fa.codes-left`, `profile.2fa.disable-code`, `profile.2fa.disable-password`, `profile.2fa.disable`, `profile.2fa.disable.errors`. */
function TwoFactorOn({ status, ...events }: { status: Schema<'TwoFactorStatus'> } & ProfileEvents) {
  const { t } = useProfileTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const report = useProfileReporter(events);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const disable = useMutation({
    mutationFn: async (body: Schema<'TwoFactorDisableRequest'>) =>
      (await api.POST('/api/v{version}/User/TwoFactor/Disable', { body })).data,
    onSuccess: (result) => {
      if (result && !result.succeeded) return setErrors(result.errors);
      setErrors([]);
      report.saved('2fa', t('twoFactor.disabled'));
      void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
    },
    onError: (failure: Error) => setErrors([report.failed(failure)]),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim() && !password) return setErrors([t('twoFactor.disableMissing')]);
    disable.mutate({ code: code.trim() || null, password: password || null });
  };
  return (
    <>
      <section className="rd-admin__group">
        <p data-testid="profile.2fa.state">{t('twoFactor.on')}</p>
        <p className="rd-admin__muted" data-testid="profile.2fa.codes-left">
          {t('twoFactor.codesLeft', { count: status.recoveryCodesLeft })}
        </p>
      </section>
      <form
        className="rd-admin__group rd-admin__form"
        onSubmit={submit}
        noValidate
        aria-labelledby="rd-profile-2fa-off"
      >
        <h3 className="rd-admin__subtitle" id="rd-profile-2fa-off">
          {t('twoFactor.disableTitle')}
        </h3>
        <p className="rd-admin__muted">{t('twoFactor.disableHint')}</p>
        <Input
          label={t('twoFactor.disableCode')}
          autoComplete="one-time-code"
          maxLength={32}
          value={code}
          data-testid="profile.2fa.disable-code"
          onChange={(event) => setCode(event.target.value)}
        />
        <Input
          label={t('twoFactor.disablePassword')}
          type="password"
          autoComplete="current-password"
          value={password}
          data-testid="profile.2fa.disable-password"
          onChange={(event) => setPassword(event.target.value)}
        />
        <IdentityErrors errors={errors} testId="profile.2fa.disable.errors" />
        <div className="rd-admin__actions rd-admin__actions--start">
          <Button type="submit" variant="danger" loading={disable.isPending} data-testid="profile.2fa.disable">
            {t('twoFactor.disable')}
          </Button>
        </div>
      </form>
    </>
  );
}
