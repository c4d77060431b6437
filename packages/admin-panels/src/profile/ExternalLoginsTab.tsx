/**
 * The "external-logins" tab: the identity providers linked to the account (User/GetExternalLogins),
 * each removable (User/RemoveLogin) while the account keeps another way to sign in.
 */
import type { Schema } from '@reviewdesk/api-client';
import { Button, useApiClient } from '@reviewdesk/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { IdentityErrors } from './IdentityErrors';
import { useProfileTranslation } from './i18n';
import { ProfileStates } from './ProfileStates';
import { EXTERNAL_LOGINS_KEY } from './queries';
import { type ProfileEvents, useProfileReporter } from './useProfileReporter';

type ExternalLogin = Schema<'ExternalLogin'>;
const nameOf = (login: ExternalLogin) => login.providerDisplayName ?? login.loginProvider;

/** Test ids: `profile.external-logins`, `profile.external-login`, `profile.external-login.remove`, `profile.external-logins.errors`. */
export function ExternalLoginsTab(events: ProfileEvents) {
  const { t } = useProfileTranslation();
  const api = useApiClient();
  const logins = useQuery(api.queryOptions('get', '/api/v{version}/User/GetExternalLogins'));
  return (
    <ProfileStates query={logins} unavailable={t('externalLogins.unavailable')}>
      {(found) =>
        found.currentLogins.length === 0 ? (
          <p className="rd-admin__muted" data-testid="profile.external-logins.none">
            {t('externalLogins.none')}
          </p>
        ) : (
          <LoginList logins={found} {...events} />
        )
      }
    </ProfileStates>
  );
}

function LoginList({ logins, ...events }: { logins: Schema<'ExternalLogins'> } & ProfileEvents) {
  const { t } = useProfileTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const report = useProfileReporter(events);
  const [errors, setErrors] = useState<string[]>([]);
  const remove = useMutation({
    mutationFn: async (login: ExternalLogin) =>
      (
        await api.POST('/api/v{version}/User/RemoveLogin', {
          body: { loginProvider: login.loginProvider, providerKey: login.providerKey },
        })
      ).data,
    onSuccess: (result, login) => {
      if (result && !result.succeeded) return setErrors(result.errors);
      setErrors([]);
      report.saved('external-logins', t('externalLogins.removed', { provider: nameOf(login) }));
      void queryClient.invalidateQueries({ queryKey: EXTERNAL_LOGINS_KEY });
    },
    onError: (error: Error) => setErrors([report.failed(error)]),
  });
  return (
    <div className="rd-admin__stack">
      <ul className="rd-admin-profile__logins" data-testid="profile.external-logins">
        {logins.currentLogins.map((login) => (
          <li key={`${login.loginProvider}:${login.providerKey}`} data-testid="profile.external-login">
            <span>{nameOf(login)}</span>
            {logins.canRemoveLogin ? (
              <Button
                size="sm"
                variant="danger"
                loading={remove.isPending && remove.variables === login}
                onClick={() => remove.mutate(login)}
                data-testid="profile.external-login.remove"
              >
                {t('externalLogins.remove', { provider: nameOf(login) })}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {logins.canRemoveLogin ? null : (
        <p className="rd-admin__muted" data-testid="profile.external-logins.locked">
          {t('externalLogins.cannotRemove')}
        </p>
      )}
      <IdentityErrors errors={errors} testId="profile.external-logins.errors" />
    </div>
  );
}
