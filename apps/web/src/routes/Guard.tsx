/**
 * A route behind a permission: the auth package's RequireAbility, with the app's loading and
 * sign-in error screens, and the router's location as the place to come back to after sign-in.
 */
import { type AuthError, type Permission, RequireAbility, useAuth } from '@reviewdesk/auth';
import { Button, ErrorState, LoadingState } from '@reviewdesk/ui';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useWebTranslation } from '../i18n/useWebTranslation';

/** Props of {@link Guard}. */
export interface GuardProps {
  permission: Permission;
  children?: ReactNode;
}

/** Renders `children` only for a signed-in user holding `permission` (else sign-in or /not-authorized). */
export function Guard({ permission, children }: GuardProps) {
  const location = useLocation();
  const returnUrl = `${location.pathname}${location.search}${location.hash}`;
  return (
    <RequireAbility
      I={permission}
      returnUrl={returnUrl}
      loading={<LoadingState />}
      renderError={(error) => <SignInError error={error} returnUrl={returnUrl} />}
    >
      {children}
    </RequireAbility>
  );
}

/** Sign-in or loading the abilities failed. Test id: `login-error`. */
function SignInError({ error, returnUrl }: { error: AuthError; returnUrl: string }) {
  const { signIn } = useAuth();
  const { t } = useWebTranslation();
  return (
    <div data-testid="login-error">
      <ErrorState
        title={t('auth.signInFailed')}
        description={error.message}
        action={
          <Button variant="primary" onClick={() => void signIn({ returnUrl })}>
            {t('auth.signInAgain')}
          </Button>
        }
      />
    </div>
  );
}
