/**
 * The "notifications" tab. The API keeps no notification choice per person: each workspace says
 * who is mailed (its creator, its reviewers, chosen addresses) when a task is ready to review or
 * goes to history. The tab says so, where the mails go and in which language.
 */
import type { Schema } from '@reviewdesk/api-client';
import { useProfileTranslation } from './i18n';

/** Test ids: `profile.notifications`, `profile.notifications.unconfirmed`. */
export function NotificationsTab({ user }: { user: Schema<'CurrentUser'> }) {
  const { t } = useProfileTranslation();
  return (
    <section className="rd-admin__group" data-testid="profile.notifications">
      <h3 className="rd-admin__subtitle">{t('notifications.title')}</h3>
      <p>{t('notifications.description')}</p>
      <p>{t('notifications.address', { email: user.email })}</p>
      {user.emailConfirmed ? null : (
        <p className="rd-admin__note" data-testid="profile.notifications.unconfirmed">
          {t('notifications.unconfirmed')}
        </p>
      )}
      <p className="rd-admin__muted">{t('notifications.language')}</p>
    </section>
  );
}
