import type { Language } from './languages';
import { de } from './locales/de';
import { en } from './locales/en';
import { es } from './locales/es';
import { fr } from './locales/fr';
import { pt } from './locales/pt';
import type { UiResource } from './resource-type';

/** The namespace this package's strings live in. Each feature package registers its own. */
export const UI_NAMESPACE = 'ui';

/** All five languages of the `ui` namespace, bundled (they are small and needed at first paint). */
export const uiResources: Readonly<Record<Language, UiResource>> = { pt, en, de, fr, es };
