import type { TranslationShape } from '@reviewdesk/ui';
import type { licensingEn } from './en';

/** French (fr-FR) strings of licensing. */
export const licensingFr: TranslationShape<typeof licensingEn> = {
  title: 'Licences',
  tabsLabel: 'Sections des licences',
  tabs: {
    licences: 'Licences',
    'usage-history': 'Historique d’utilisation',
  },
  current: {
    title: 'Licence en vigueur',
    none: 'L’organisation n’a pas de licence. Activez-en une avec le code reçu.',
    trial: 'Essai',
    paid: 'Licence',
    expired: 'Expirée',
    running: 'En vigueur',
    volume: 'Crédits accordés',
    currentVolume: 'Crédits restants',
    used: '{{percent}} % utilisés',
    activationDate: 'Activée le',
    expirationDate: 'Valable jusqu’au',
    noEnd: 'Sans date de fin',
    store: 'Acheter ou prolonger une licence',
  },
  activate: {
    title: 'Activer une licence',
    code: 'Code d’activation',
    codeHint: 'Collez le code reçu en entier, tel quel.',
    codeRequired: 'Collez le code d’activation.',
    submit: 'Activer',
    activated: 'Licence activée.',
  },
  history: {
    caption: 'Licences de l’organisation',
    licenseId: 'Licence',
    kind: 'Type',
    volume: 'Crédits',
    activationDate: 'Activée le',
    expirationDate: 'Valable jusqu’au',
    state: 'État',
    none: 'Aucune licence activée pour l’instant.',
    more: 'Afficher plus',
  },
  usage: {
    caption: 'Crédits utilisés, les plus récents d’abord',
    processDate: 'Traité le',
    documentName: 'Document',
    pages: 'Pages',
    creditsSpent: 'Crédits',
    left: 'Restants ensuite',
    none: 'Aucun crédit utilisé pour l’instant.',
    more: 'Afficher plus',
    loadingMore: 'Chargement…',
  },
};
