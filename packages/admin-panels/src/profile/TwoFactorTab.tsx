/** The "2fa" tab: two-factor sign-in, where the server offers it. */

import { useProfileTranslation } from './i18n';
import { Unavailable } from './ProfileStates';

/** Test id: `profile.unavailable` while the server has no two-factor calls. */
export function TwoFactorTab() {
  const { t } = useProfileTranslation();
  return <Unavailable text={t('twoFactor.unavailable')} />;
}
