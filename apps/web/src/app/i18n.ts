/** The app's i18n instance: the ui package's per-app instance plus the app's `web` namespace. */
import { createReviewdeskI18n, type Language, type ReviewdeskI18n, registerTranslations } from '@reviewdesk/ui';
import { WEB_NAMESPACE, webResources } from '../i18n/resources';

/** Creates the instance in `language` with every bundled namespace loaded. */
export function createAppI18n(language: Language): ReviewdeskI18n {
  const i18n = createReviewdeskI18n({ language });
  registerTranslations(i18n, WEB_NAMESPACE, webResources);
  return i18n;
}
