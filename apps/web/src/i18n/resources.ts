/** The app's own translation namespace, in the five languages of the product. */
import type { NamespaceResources, TranslationKey } from '@reviewdesk/ui';
import { de } from './locales/de';
import { en } from './locales/en';
import { es } from './locales/es';
import { fr } from './locales/fr';
import { pt } from './locales/pt';

/** The namespace the app registers with `registerTranslations` (packages own the others). */
export const WEB_NAMESPACE = 'web';

/** A key of the `web` namespace (`'menu.taskList'`); a typo does not compile. */
export type WebKey = TranslationKey<typeof en>;

export const webResources: NamespaceResources = { pt, en, de, fr, es };
