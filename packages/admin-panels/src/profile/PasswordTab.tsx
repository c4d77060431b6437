/**
 * The "password" tab: change the password (User/ChangePassword), or give one to an account that
 * signs in only through an external login (User/AddPassword). The server's IdentityResult errors
 * (a wrong current password, a password too weak) are shown as it wrote them; a new password
 * repeated differently is not sent.
 */
import type { Schema } from '@reviewdesk/api-client';
import { Button, Input, useApiClient } from '@reviewdesk/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { IdentityErrors } from './IdentityErrors';
import { useProfileTranslation } from './i18n';
import { USER_DETAILS_KEY } from './queries';
import { type ProfileEvents, useProfileReporter } from './useProfileReporter';

type Change = { oldPassword: string | null; newPassword: string };

/** Test ids: `profile.password`, `profile.current-password`, `profile.new-password`, `profile.confirm-password`, `profile.change-password`, `profile.password.errors`. */
export function PasswordTab({ user, ...events }: { user: Schema<'CurrentUser'> } & ProfileEvents) {
  const { t } = useProfileTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const report = useProfileReporter(events);
  const adding = !user.hasPassword;
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const change = useMutation({
    mutationFn: async ({ oldPassword, newPassword }: Change) =>
      oldPassword === null
        ? (await api.POST('/api/v{version}/User/AddPassword', { body: { newPassword } })).data
        : (await api.POST('/api/v{version}/User/ChangePassword', { body: { oldPassword, newPassword } })).data,
    onSuccess: (result) => {
      if (result && !result.succeeded) return setErrors(result.errors);
      setErrors([]);
      setOldPassword('');
      setNewPassword('');
      setConfirm('');
      report.saved('password', t(adding ? 'password.added' : 'password.changed'));
      if (adding) void queryClient.invalidateQueries({ queryKey: USER_DETAILS_KEY });
    },
    onError: (error: Error) => setErrors([report.failed(error)]),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (newPassword !== confirm) return setErrors([t('password.differ')]);
    setErrors([]);
    change.mutate({ oldPassword: adding ? null : oldPassword, newPassword });
  };
  return (
    <form className="rd-admin__group rd-admin__form" onSubmit={submit} data-testid="profile.password">
      {adding ? (
        <p className="rd-admin__muted" data-testid="profile.no-password">
          {t('password.noPasswordYet')}
        </p>
      ) : (
        <Input
          label={t('password.current')}
          type="password"
          required
          autoComplete="current-password"
          value={oldPassword}
          data-testid="profile.current-password"
          onChange={(event) => setOldPassword(event.target.value)}
        />
      )}
      <Input
        label={t('password.new')}
        type="password"
        required
        autoComplete="new-password"
        value={newPassword}
        data-testid="profile.new-password"
        onChange={(event) => setNewPassword(event.target.value)}
      />
      <Input
        label={t('password.confirm')}
        type="password"
        required
        autoComplete="new-password"
        value={confirm}
        data-testid="profile.confirm-password"
        onChange={(event) => setConfirm(event.target.value)}
      />
      <IdentityErrors errors={errors} testId="profile.password.errors" />
      <div className="rd-admin__actions rd-admin__actions--start">
        <Button type="submit" variant="primary" loading={change.isPending} data-testid="profile.change-password">
          {t(adding ? 'password.add' : 'password.change')}
        </Button>
      </div>
    </form>
  );
}
