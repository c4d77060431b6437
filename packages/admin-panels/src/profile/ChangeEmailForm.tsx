/**
 * A change of e-mail address (User/ChangeEmail): the server mails a confirmation link, in the
 * person's language, to the new address, which replaces the old one only once the link is opened.
 * Offered where the server has the call; a 501 is said plainly.
 */
import { isApiError, type Schema } from '@reviewdesk/api-client';
import { Button, Input, useApiClient, useServerCapabilities } from '@reviewdesk/ui';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { IdentityErrors } from './IdentityErrors';
import { useProfileTranslation } from './i18n';
import { Unavailable } from './ProfileStates';
import { type ProfileEvents, useProfileReporter } from './useProfileReporter';

/** Loose on purpose: the server checks the address for real; this only catches what is plainly not one. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Test ids: `profile.change-email`, `profile.new-email`, `profile.change-email.submit`, `profile.change-email.errors`. */
export function ChangeEmailForm({ user, ...events }: { user: Schema<'CurrentUser'> } & ProfileEvents) {
  const { supports } = useServerCapabilities();
  if (!supports('User_ChangeEmail')) return null;
  return <ChangeEmail user={user} {...events} />;
}

function ChangeEmail({ user, ...events }: { user: Schema<'CurrentUser'> } & ProfileEvents) {
  const { t, language } = useProfileTranslation();
  const api = useApiClient();
  const report = useProfileReporter(events);
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const headingId = useId();
  const change = useMutation({
    mutationFn: async (address: string) =>
      (
        await api.PATCH('/api/v{version}/User/ChangeEmail', {
          params: { query: { language } },
          body: { email: address, userId: user.userId },
        })
      ).data,
    onSuccess: (result, address) => {
      if (result && !result.succeeded) return setErrors(result.errors);
      setErrors([]);
      setEmail('');
      setTouched(false);
      report.saved('email', t('email.changeSent', { email: address }));
    },
    onError: (error: Error) => {
      if (!(isApiError(error) && error.status === 501)) setErrors([report.failed(error)]);
    },
  });
  const trimmed = email.trim();
  const problem = !EMAIL.test(trimmed)
    ? t('email.invalidEmail')
    : trimmed.toLowerCase() === user.email.toLowerCase()
      ? t('email.sameEmail')
      : undefined;
  const heading = (
    <h3 id={headingId} className="rd-admin__subtitle">
      {t('email.changeTitle')}
    </h3>
  );
  if (change.error && isApiError(change.error) && change.error.status === 501) {
    return (
      <section className="rd-admin__group" aria-labelledby={headingId}>
        {heading}
        <Unavailable text={t('email.changeUnavailable')} />
      </section>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    change.mutate(trimmed);
  };
  return (
    <form
      className="rd-admin__group rd-admin__form"
      onSubmit={submit}
      noValidate
      aria-labelledby={headingId}
      data-testid="profile.change-email"
    >
      {heading}
      <Input
        label={t('email.newEmail')}
        type="email"
        required
        autoComplete="email"
        value={email}
        error={touched && problem ? problem : undefined}
        data-testid="profile.new-email"
        onChange={(event) => setEmail(event.target.value)}
      />
      <IdentityErrors errors={errors} testId="profile.change-email.errors" />
      <div className="rd-admin__actions rd-admin__actions--start">
        <Button type="submit" loading={change.isPending} data-testid="profile.change-email.submit">
          {t('email.sendConfirmation')}
        </Button>
      </div>
    </form>
  );
}
