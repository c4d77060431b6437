import type { TranslationShape } from '@reviewdesk/ui';
import type { licensingEn } from './en';

/** German (de-DE) strings of licensing. */
export const licensingDe: TranslationShape<typeof licensingEn> = {
  title: 'Lizenzen',
  tabsLabel: 'Bereiche der Lizenzen',
  tabs: {
    licences: 'Lizenzen',
    'usage-history': 'Verbrauchsverlauf',
  },
  current: {
    title: 'Gültige Lizenz',
    none: 'Der Mandant hat keine Lizenz. Aktivieren Sie eine mit dem erhaltenen Code.',
    trial: 'Testversion',
    paid: 'Lizenz',
    expired: 'Abgelaufen',
    running: 'Gültig',
    volume: 'Gewährte Credits',
    currentVolume: 'Verbleibende Credits',
    used: '{{percent}} % verbraucht',
    activationDate: 'Aktiviert',
    expirationDate: 'Gültig bis',
    noEnd: 'Kein Enddatum',
    store: 'Lizenz kaufen oder verlängern',
  },
  activate: {
    title: 'Lizenz aktivieren',
    code: 'Aktivierungscode',
    codeHint: 'Fügen Sie den ganzen erhaltenen Code unverändert ein.',
    codeRequired: 'Fügen Sie den Aktivierungscode ein.',
    submit: 'Aktivieren',
    activated: 'Lizenz aktiviert.',
  },
  history: {
    caption: 'Lizenzen des Mandanten',
    licenseId: 'Lizenz',
    kind: 'Art',
    volume: 'Credits',
    activationDate: 'Aktiviert',
    expirationDate: 'Gültig bis',
    state: 'Zustand',
    none: 'Noch keine Lizenz aktiviert.',
    more: 'Mehr anzeigen',
  },
  usage: {
    caption: 'Verbrauchte Credits, neueste zuerst',
    processDate: 'Verarbeitet',
    documentName: 'Dokument',
    pages: 'Seiten',
    creditsSpent: 'Credits',
    left: 'Danach übrig',
    none: 'Noch keine Credits verbraucht.',
    more: 'Mehr anzeigen',
    loadingMore: 'Wird geladen…',
  },
};
