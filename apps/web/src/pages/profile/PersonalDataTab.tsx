/**
 * The "email" tab: the account's e-mail and personal data (User/GetUserDetails), editing the name
 * and contact (User/SetPersonalInfo), and asking for a new e-mail address (User/ChangeEmail).
 */
import { type components, isApiError } from '@reviewdesk/api-client';
import { Button, Input, useApiClient, useNotices, useServerCapabilities } from '@reviewdesk/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useWebTranslation } from '../../i18n/useWebTranslation';
import { FeatureUnavailable } from './FeatureUnavailable';
import { IdentityErrors } from './IdentityErrors';

type CurrentUser = components['schemas']['CurrentUser'];

/** Test ids: `profile.email`, `profile.full-name`, `profile.contact`, `profile.save`, `profile.personal.errors`. */
export function PersonalDataTab({ user }: { user: CurrentUser }) {
  const { t } = useWebTranslation();
  // The change of address is offered only where the server has the call (true when it cannot say).
  const { supports } = useServerCapabilities();
  return (
    <div className="rd-app-stack">
      <dl className="rd-app-facts">
        <dt>{t('profile.email')}</dt>
        <dd>
          <span data-testid="profile.email">{user.email}</span>{' '}
          <span className="rd-app-tag" data-confirmed={user.emailConfirmed}>
            {user.emailConfirmed ? t('profile.emailConfirmed') : t('profile.emailNotConfirmed')}
          </span>
        </dd>
        <dt>{t('profile.userName')}</dt>
        <dd>{user.userName}</dd>
        <dt>{t('profile.role')}</dt>
        <dd data-testid="profile.role">{user.role}</dd>
      </dl>
      <PersonalInfoForm user={user} />
      {supports('User_ChangeEmail') ? <ChangeEmailForm user={user} /> : null}
    </div>
  );
}

function PersonalInfoForm({ user }: { user: CurrentUser }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { show } = useNotices();
  const { t } = useWebTranslation();
  const [fullName, setFullName] = useState(user.name);
  const [contact, setContact] = useState(user.contact ?? '');
  const [errors, setErrors] = useState<string[]>([]);
  const save = useMutation(api.mutationOptions('patch', '/api/v{version}/User/SetPersonalInfo'));
  const headingId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors([]);
    save.mutate(
      { body: { fullName, contact: contact.trim() === '' ? null : contact } },
      {
        onSuccess: (result) => {
          if (!result.succeeded) {
            setErrors(result.errors.length > 0 ? result.errors : [t('profile.saveFailed')]);
            return;
          }
          show({ tone: 'success', message: t('profile.saved'), durationMs: 4000 });
          void queryClient.invalidateQueries({ queryKey: ['get', '/api/v{version}/User/GetUserDetails'] });
        },
        onError: () => setErrors([t('profile.saveFailed')]),
      },
    );
  };

  return (
    <form className="rd-app-form" onSubmit={submit} aria-labelledby={headingId} data-testid="profile.personal">
      <h2 id={headingId} className="rd-app-page__subtitle">
        {t('profile.personalData')}
      </h2>
      <Input
        label={t('profile.fullName')}
        value={fullName}
        required
        autoComplete="name"
        data-testid="profile.full-name"
        onChange={(event) => setFullName(event.target.value)}
      />
      <Input
        label={t('profile.contact')}
        hint={t('profile.contactHint')}
        value={contact}
        autoComplete="tel"
        data-testid="profile.contact"
        onChange={(event) => setContact(event.target.value)}
      />
      <IdentityErrors errors={errors} testId="profile.personal.errors" />
      <div className="rd-app-form__actions">
        <Button type="submit" variant="primary" loading={save.isPending} data-testid="profile.save">
          {t('profile.save')}
        </Button>
      </div>
    </form>
  );
}

/** Asks for a confirmation e-mail to a new address; a server without the call gets an honest note. */
function ChangeEmailForm({ user }: { user: CurrentUser }) {
  const api = useApiClient();
  const { show } = useNotices();
  const { t, language } = useWebTranslation();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const change = useMutation(api.mutationOptions('patch', '/api/v{version}/User/ChangeEmail'));
  const headingId = useId();
  const heading = (
    <h2 id={headingId} className="rd-app-page__subtitle">
      {t('profile.changeEmail')}
    </h2>
  );

  if (change.error && isApiError(change.error) && change.error.status === 501) {
    return (
      <section className="rd-app-form" aria-labelledby={headingId}>
        {heading}
        <FeatureUnavailable feature="changeEmail" />
      </section>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors([]);
    change.mutate(
      { params: { query: { language } }, body: { email, userId: user.userId } },
      {
        onSuccess: (result) => {
          if (!result.succeeded) setErrors(result.errors);
          else show({ tone: 'success', message: t('profile.changeEmailSent', { email }), durationMs: 6000 });
        },
        onError: (error) => {
          if (!(isApiError(error) && error.status === 501)) setErrors([t('profile.changeEmailFailed')]);
        },
      },
    );
  };

  return (
    <form className="rd-app-form" onSubmit={submit} aria-labelledby={headingId} data-testid="profile.change-email">
      {heading}
      <Input
        label={t('profile.newEmail')}
        type="email"
        required
        autoComplete="email"
        value={email}
        data-testid="profile.new-email"
        onChange={(event) => setEmail(event.target.value)}
      />
      <IdentityErrors errors={errors} testId="profile.change-email.errors" />
      <div className="rd-app-form__actions">
        <Button type="submit" loading={change.isPending} data-testid="profile.change-email.submit">
          {t('profile.sendConfirmation')}
        </Button>
      </div>
    </form>
  );
}
