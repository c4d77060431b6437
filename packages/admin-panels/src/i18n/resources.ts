/**
 * The `admin-panels` namespace in the five languages, and the typed translate hook. Every language
 * is typed as the English shape, so a missing key fails typecheck (and i18n.test.ts at run time).
 * Each screen of the package has its own top-level section (`workspace`, `tenant`, `licensing`,
 * `metrics`, `home`, `templates`), in a folder of its own under locales/, strings shared by them sit
 * in `common`; a screen registers only its sections (`screenStrings`, `useAdminPanelsStrings`). The user profile, an
 * entry of its own, keeps its strings in a namespace of its own (src/profile/i18n.ts).
 */
import {
  type NamespaceResources,
  registerTranslations,
  type TranslationKey,
  useNamespaceTranslation,
  useReviewdesk,
} from '@reviewdesk/ui';
import { commonDe } from './locales/common/de';
import { commonEn } from './locales/common/en';
import { commonEs } from './locales/common/es';
import { commonFr } from './locales/common/fr';
import { commonPt } from './locales/common/pt';
import type { en } from './locales/en';

/** The namespace of this package's strings. */
export const ADMIN_PANELS_NAMESPACE = 'admin-panels';

/** A key without its i18next plural suffix: `x_one` and `x_other` are asked for as `x` with a `count`. */
type WithoutPluralSuffix<K extends string> =
  K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base : K;

/** Every key of the namespace (`'workspace.tabs.basic'`, …); counted strings by their base key. */
export type AdminPanelsTranslationKey = WithoutPluralSuffix<TranslationKey<typeof en>>;

/** The whole namespace's shape: English, the source of the typed keys. */
export type AdminPanelsStrings = typeof en;

/** A screen's share of the namespace in the five languages: its own sections and the common strings. */
export type ScreenStrings = NamespaceResources<Partial<Record<keyof AdminPanelsStrings, object>>>;

/**
 * The strings a screen carries: its sections (`{ en: { workspace: workspaceEn }, … }`) with the
 * common ones. Each screen's entry bundles only its own, so an embedded licensing screen does not
 * download the workspace settings' strings.
 */
export function screenStrings(
  sections: NamespaceResources<Partial<Record<keyof AdminPanelsStrings, object>>>,
): ScreenStrings {
  return {
    pt: { common: commonPt, ...sections.pt },
    en: { common: commonEn, ...sections.en },
    de: { common: commonDe, ...sections.de },
    fr: { common: commonFr, ...sections.fr },
    es: { common: commonEs, ...sections.es },
  };
}

/** `t` limited to this package's keys. */
export function useAdminPanelsTranslation() {
  return useNamespaceTranslation<AdminPanelsTranslationKey>(ADMIN_PANELS_NAMESPACE);
}

/**
 * Adds a screen's strings to the namespace on the provider's own i18n instance, before the first
 * translated render of the screen (every top-level component calls it with its own; stories of
 * inner parts with all of them). Screens sharing a provider add their sections side by side.
 */
export function useAdminPanelsStrings(strings: ScreenStrings): void {
  const { i18n } = useReviewdesk();
  const missing = Object.keys(strings.en).some(
    (section) => i18n.getResource('en', ADMIN_PANELS_NAMESPACE, section) === undefined,
  );
  if (missing) registerTranslations(i18n, ADMIN_PANELS_NAMESPACE, strings);
}
