/**
 * The `admin-panels` namespace in the five languages, and the typed translate hook. Every language
 * is typed as the English shape, so a missing key fails typecheck (and i18n.test.ts at run time).
 * Each screen of the package has its own top-level section (`workspace`, `tenant`, `licensing`,
 * `metrics`, `home`, `templates`), strings shared by them sit in `common`. The user profile, an
 * entry of its own, keeps its strings in a namespace of its own (src/profile/i18n.ts).
 */
import {
  type NamespaceResources,
  registerTranslations,
  type TranslationKey,
  useNamespaceTranslation,
  useReviewdesk,
} from '@reviewdesk/ui';
import { de } from './locales/de';
import { en } from './locales/en';
import { es } from './locales/es';
import { fr } from './locales/fr';
import { pt } from './locales/pt';

/** The namespace of this package's strings. */
export const ADMIN_PANELS_NAMESPACE = 'admin-panels';

/** A key without its i18next plural suffix: `x_one` and `x_other` are asked for as `x` with a `count`. */
type WithoutPluralSuffix<K extends string> =
  K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base : K;

/** Every key of the namespace (`'workspace.tabs.basic'`, …); counted strings by their base key. */
export type AdminPanelsTranslationKey = WithoutPluralSuffix<TranslationKey<typeof en>>;

/** The namespace in all five languages, bundled: they are small and needed at first paint. */
export const adminPanelsResources: NamespaceResources<typeof en> = { pt, en, de, fr, es };

/** `t` limited to this package's keys. */
export function useAdminPanelsTranslation() {
  return useNamespaceTranslation<AdminPanelsTranslationKey>(ADMIN_PANELS_NAMESPACE);
}

/**
 * Registers the namespace on the provider's own i18n instance, before the first translated render
 * of a screen of this package (every top-level component calls it; stories of inner parts too).
 */
export function useAdminPanelsStrings(): void {
  const { i18n } = useReviewdesk();
  if (!i18n.hasResourceBundle('en', ADMIN_PANELS_NAMESPACE))
    registerTranslations(i18n, ADMIN_PANELS_NAMESPACE, adminPanelsResources);
}
