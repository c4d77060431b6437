/** The name and contact of the account (User/SetPersonalInfo); the server's refusals as it wrote them. */
import type { Schema } from '@reviewdesk/api-client';
import { Button, Input, useApiClient } from '@reviewdesk/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { IdentityErrors } from './IdentityErrors';
import { useProfileTranslation } from './i18n';
import { USER_DETAILS_KEY } from './queries';
import { type ProfileEvents, useProfileReporter } from './useProfileReporter';

/** Test ids: `profile.personal`, `profile.full-name`, `profile.contact`, `profile.save`, `profile.personal.errors`. */
export function PersonalInfoForm({ user, ...events }: { user: Schema<'CurrentUser'> } & ProfileEvents) {
  const { t } = useProfileTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const report = useProfileReporter(events);
  const [fullName, setFullName] = useState(user.name);
  const [contact, setContact] = useState(user.contact ?? '');
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const headingId = useId();
  const save = useMutation({
    mutationFn: async (body: Schema<'ProfileUpdate'>) =>
      (await api.PATCH('/api/v{version}/User/SetPersonalInfo', { body })).data,
    onSuccess: (result) => {
      if (result && !result.succeeded) return setErrors(result.errors);
      setErrors([]);
      report.saved('email', t('personal.saved'));
      void queryClient.invalidateQueries({ queryKey: USER_DETAILS_KEY });
    },
    onError: (error: Error) => setErrors([report.failed(error)]),
  });
  const nameMissing = fullName.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (nameMissing) return;
    save.mutate({ fullName: fullName.trim(), contact: contact.trim() === '' ? null : contact.trim() });
  };
  return (
    <form
      className="rd-admin__group rd-admin__form"
      onSubmit={submit}
      noValidate
      aria-labelledby={headingId}
      data-testid="profile.personal"
    >
      <h3 id={headingId} className="rd-admin__subtitle">
        {t('personal.title')}
      </h3>
      <Input
        label={t('personal.fullName')}
        value={fullName}
        required
        maxLength={256}
        autoComplete="name"
        error={touched && nameMissing ? t('personal.fullNameRequired') : undefined}
        data-testid="profile.full-name"
        onChange={(event) => setFullName(event.target.value)}
      />
      <Input
        label={t('personal.contact')}
        hint={t('personal.contactHint')}
        value={contact}
        maxLength={256}
        autoComplete="tel"
        data-testid="profile.contact"
        onChange={(event) => setContact(event.target.value)}
      />
      <IdentityErrors errors={errors} testId="profile.personal.errors" />
      <div className="rd-admin__actions rd-admin__actions--start">
        <Button type="submit" variant="primary" loading={save.isPending} data-testid="profile.save">
          {t('personal.save')}
        </Button>
      </div>
    </form>
  );
}
