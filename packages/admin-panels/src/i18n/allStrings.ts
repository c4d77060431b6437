/**
 * The whole namespace in all five languages, for a host that overrides strings of several screens
 * and for the checks of every key. Screens never import it: each carries its own sections.
 */
import type { NamespaceResources } from '@reviewdesk/ui';
import { de } from './locales/de';
import { en } from './locales/en';
import { es } from './locales/es';
import { fr } from './locales/fr';
import { pt } from './locales/pt';

export const adminPanelsResources: NamespaceResources<typeof en> = { pt, en, de, fr, es };
