/**
 * The "email" tab: the account's address and whether it is confirmed (the confirmation mail sent
 * again on request), the personal data, a change of address (confirmed from a mail to the new
 * one), and the account's picture, default tenant, data download and deletion.
 */
import type { Schema } from '@reviewdesk/api-client';
import { Button, useApiClient } from '@reviewdesk/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { AccountDeletion, type ProfileAccountDeletedEvent } from './AccountDeletion';
import { ChangeEmailForm } from './ChangeEmailForm';
import { DefaultTenantForm } from './DefaultTenantForm';
import { IdentityErrors } from './IdentityErrors';
import { useProfileTranslation } from './i18n';
import { PersonalDataDownload } from './PersonalDataDownload';
import { PersonalInfoForm } from './PersonalInfoForm';
import { ProfilePictureForm } from './ProfilePictureForm';
import { type ProfileEvents, useProfileReporter } from './useProfileReporter';

type CurrentUser = Schema<'CurrentUser'>;

export interface EmailTabProps extends ProfileEvents {
  user: CurrentUser;
  /** The account is gone: the host signs the person out. */
  onAccountDeleted?: (event: ProfileAccountDeletedEvent) => void;
}

/** Test ids: `profile.email`, `profile.email.state`, `profile.role`. */
export function EmailTab({ user, onAccountDeleted, ...events }: EmailTabProps) {
  const { t } = useProfileTranslation();
  return (
    <div className="rd-admin__stack" data-testid="profile.email-tab">
      <dl className="rd-admin__facts">
        <dt>{t('email.address')}</dt>
        <dd>
          <span data-testid="profile.email">{user.email}</span>{' '}
          <span
            className={`rd-admin__chip rd-admin__chip--${user.emailConfirmed ? 'on' : 'off'}`}
            data-testid="profile.email.state"
          >
            {t(user.emailConfirmed ? 'email.confirmed' : 'email.notConfirmed')}
          </span>
        </dd>
        <dt>{t('email.userName')}</dt>
        <dd>{user.userName}</dd>
        <dt>{t('email.role')}</dt>
        <dd data-testid="profile.role">{user.role}</dd>
      </dl>
      {user.emailConfirmed ? null : <SendVerification email={user.email} {...events} />}
      <PersonalInfoForm user={user} {...events} />
      <ChangeEmailForm user={user} {...events} />
      <ProfilePictureForm user={user} {...events} />
      <DefaultTenantForm {...events} />
      <PersonalDataDownload {...events} />
      <AccountDeletion userId={user.userId} onAccountDeleted={onAccountDeleted} {...events} />
    </div>
  );
}

/** User/SendVerificationEmail, for an address not confirmed yet. */
function SendVerification({ email, ...events }: { email: string } & ProfileEvents) {
  const { t } = useProfileTranslation();
  const api = useApiClient();
  const report = useProfileReporter(events);
  const [errors, setErrors] = useState<string[]>([]);
  const send = useMutation({
    mutationFn: async () => (await api.POST('/api/v{version}/User/SendVerificationEmail', {})).data,
    onSuccess: (result) => {
      if (result && !result.succeeded) return setErrors(result.errors);
      setErrors([]);
      report.saved('email', t('email.verificationSent', { email }));
    },
    onError: (error: Error) => setErrors([report.failed(error)]),
  });
  return (
    <div className="rd-admin__group">
      <div className="rd-admin__actions rd-admin__actions--start">
        <Button loading={send.isPending} onClick={() => send.mutate()} data-testid="profile.send-verification">
          {t('email.sendVerification')}
        </Button>
      </div>
      <IdentityErrors errors={errors} testId="profile.send-verification.errors" />
    </div>
  );
}
