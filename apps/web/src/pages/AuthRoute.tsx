/**
 * The /authentication/* routes: the auth package's AuthenticationPage with the app's translated
 * texts. The failure and signed-out pages also offer the server's forgot-password page.
 */
import { type AuthenticationAction, AuthenticationPage, type AuthMessages } from '@reviewdesk/auth';
import { useMemo } from 'react';
import { useWebTranslation } from '../i18n/useWebTranslation';
import { FORGOT_PASSWORD_PATH } from '../routes/paths';

/** The auth package's texts in the current language. */
export function useAuthMessages(): AuthMessages {
  const { t } = useWebTranslation();
  return useMemo(
    () => ({
      userClosedWindow: t('auth.userClosedWindow'),
      signInFailed: t('auth.signInFailed'),
      missingConfiguration: t('auth.missingConfiguration'),
      abilitiesFailed: t('auth.abilitiesFailed'),
      signingIn: t('auth.signingIn'),
      signingOut: t('auth.signingOut'),
      loggedOut: t('auth.loggedOut'),
      signInAgain: t('auth.signInAgain'),
    }),
    [t],
  );
}

/** Test ids: `login-error` on the login-failed page, `auth.<action>` on the others, `auth.forgot-password`. */
export function AuthRoute({ action }: { action: AuthenticationAction }) {
  const messages = useAuthMessages();
  const { t, language } = useWebTranslation();
  const offerReset = action === 'login-failed' || action === 'logged-out';
  return (
    <div className="rd-app-auth" data-testid={action === 'login-failed' ? 'login-error' : `auth.${action}`}>
      <p className="rd-app-auth__brand">{t('app.name')}</p>
      <AuthenticationPage action={action} messages={messages} />
      {offerReset ? (
        // A full page load: the server renders this page, the SPA has no route for it.
        <a
          className="rd-app-auth__link"
          href={`${FORGOT_PASSWORD_PATH}?lang=${language}`}
          data-testid="auth.forgot-password"
        >
          {t('auth.forgotPassword')}
        </a>
      ) : null}
    </div>
  );
}
