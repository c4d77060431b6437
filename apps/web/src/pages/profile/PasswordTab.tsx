/**
 * The "password" tab: User/ChangePassword. The server's IdentityResult errors (wrong current
 * password, a password too weak) are shown as it wrote them.
 */
import type { components } from '@reviewdesk/api-client';
import { Button, Input, useApiClient, useNotices } from '@reviewdesk/ui';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useWebTranslation } from '../../i18n/useWebTranslation';
import { IdentityErrors } from './IdentityErrors';

type CurrentUser = components['schemas']['CurrentUser'];

/** Test ids: `profile.current-password`, `profile.new-password`, `profile.confirm-password`, `profile.change-password`, `profile.password.errors`. */
export function PasswordTab({ user }: { user: CurrentUser }) {
  const api = useApiClient();
  const { show } = useNotices();
  const { t } = useWebTranslation();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const change = useMutation(api.mutationOptions('post', '/api/v{version}/User/ChangePassword'));

  if (!user.hasPassword) return <p className="rd-app-page__lead">{t('profile.noPassword')}</p>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (newPassword !== confirm) {
      setErrors([t('profile.passwordsDiffer')]);
      return;
    }
    setErrors([]);
    change.mutate(
      { body: { oldPassword, newPassword } },
      {
        onSuccess: (result) => {
          if (!result.succeeded) {
            setErrors(result.errors.length > 0 ? result.errors : [t('profile.passwordChangeFailed')]);
            return;
          }
          setOldPassword('');
          setNewPassword('');
          setConfirm('');
          show({ tone: 'success', message: t('profile.passwordChanged'), durationMs: 4000 });
        },
        onError: () => setErrors([t('profile.passwordChangeFailed')]),
      },
    );
  };

  return (
    <form className="rd-app-form" onSubmit={submit} data-testid="profile.password">
      <Input
        label={t('profile.currentPassword')}
        type="password"
        required
        autoComplete="current-password"
        value={oldPassword}
        data-testid="profile.current-password"
        onChange={(event) => setOldPassword(event.target.value)}
      />
      <Input
        label={t('profile.newPassword')}
        type="password"
        required
        autoComplete="new-password"
        value={newPassword}
        data-testid="profile.new-password"
        onChange={(event) => setNewPassword(event.target.value)}
      />
      <Input
        label={t('profile.confirmPassword')}
        type="password"
        required
        autoComplete="new-password"
        value={confirm}
        data-testid="profile.confirm-password"
        onChange={(event) => setConfirm(event.target.value)}
      />
      <IdentityErrors errors={errors} testId="profile.password.errors" />
      <div className="rd-app-form__actions">
        <Button type="submit" variant="primary" loading={change.isPending} data-testid="profile.change-password">
          {t('profile.changePassword')}
        </Button>
      </div>
    </form>
  );
}
