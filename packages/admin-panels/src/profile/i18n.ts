/**
 * The profile's strings, in a namespace of their own: only the profile entry bundles them, so a
 * host embedding another screen of the package does not download them (and the profile does not
 * download the other screens' strings).
 */
import {
  type NamespaceResources,
  registerTranslations,
  type TranslationKey,
  type TranslationShape,
  useNamespaceTranslation,
  useReviewdesk,
} from '@reviewdesk/ui';
import { de } from './locales/de';
import { en } from './locales/en';
import { es } from './locales/es';
import { fr } from './locales/fr';
import { pt } from './locales/pt';

/** The namespace of the profile's strings. */
export const PROFILE_NAMESPACE = 'admin-panels-profile';

/** Every key of the profile's namespace (`'password.change'`, …). */
export type ProfileTranslationKey = TranslationKey<typeof en>;

/** The shape of the profile's strings in every language (a host overriding some follows it). */
export type ProfileStrings = TranslationShape<typeof en>;

/** The profile's strings in the five languages. */
export const profileResources: NamespaceResources<ProfileStrings> = { pt, en, de, fr, es };

/** `t` limited to the profile's keys. */
export function useProfileTranslation() {
  return useNamespaceTranslation<ProfileTranslationKey>(PROFILE_NAMESPACE);
}

/** Registers the namespace on the provider's own i18n instance before the first translated render. */
export function useProfileStrings(): void {
  const { i18n } = useReviewdesk();
  if (!i18n.hasResourceBundle('en', PROFILE_NAMESPACE)) registerTranslations(i18n, PROFILE_NAMESPACE, profileResources);
}
