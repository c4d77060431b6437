import type { TranslationShape } from '@reviewdesk/ui';
import type { templatesEn } from './en';

/** French (fr-FR) strings of the template lists. */
export const templatesFr: TranslationShape<typeof templatesEn> = {
  titles: {
    configure: 'Modèles',
    labelling: 'Annotation',
    training: 'Entraînement de modèles',
  },
  intro: {
    configure:
      "Chaque modèle appartient à un espace de travail d'annotation et d'entraînement. Définissez les champs de ses documents.",
    labelling: 'Annotez les documents de chaque modèle : marquez chaque champ sur la page et terminez la révision.',
    training: "Entraînez un modèle sur les documents annotés, suivez l'entraînement et activez la version à utiliser.",
  },
  empty: 'Aucun modèle pour le moment.',
  emptyHint:
    "Les modèles se trouvent dans les espaces de travail d'annotation et d'entraînement ; demandez à un administrateur d'en créer un.",
  edit: 'Modifier',
  editNamed: 'Modifier le modèle {{name}}',
  editTitle: 'Modèle {{name}}',
  close: 'Fermer',
  tabsLabel: 'Paramètres du modèle',
  tabs: {
    basic: 'Général',
    'for-developers': 'Pour les développeurs',
  },
  name: 'Nom',
  description: 'Description',
  workspace: 'Espace de travail : {{name}}',
  kinds: {
    '30': 'Modèle par gabarit',
    '50': 'Modèle neuronal',
    any: 'Modèle par gabarit ou neuronal',
  },
  readiness: {
    unclassified_zero: "Aucun document n'attend d'être annoté.",
    unclassified_one: "{{count}} document attend d'être annoté.",
    unclassified_other: "{{count}} documents attendent d'être annotés.",
    enoughTasks: 'Au moins {{min}} documents sont annotés : assez pour un bon résultat.',
    fewTasks: 'Moins de {{min}} documents sont annotés : annotez-en davantage pour un bon résultat.',
    pagesOk: 'Les pages annotées respectent la limite.',
    pagesWrong30: "Annotez au moins un document ; l'entraînement par gabarit accepte au plus 500 pages.",
    pagesWrong50: "Annotez au moins un document ; l'entraînement neuronal accepte au plus 50 000 pages.",
  },
  labelling: {
    open: 'Annoter des documents',
  },
  training: {
    train30: 'Entraîner le modèle par gabarit',
    train50: 'Entraîner le modèle neuronal',
    refused: 'Le serveur a refusé la demande.',
    noModels: 'Aucun modèle entraîné pour le moment.',
    versions: 'Versions du modèle',
    versionColumn: 'Version',
    statusColumn: 'État',
    accuracyColumn: 'Confiance moyenne',
    durationColumn: "Durée d'entraînement",
    createdColumn: 'Créé',
    actionsColumn: 'Actions',
    version: 'Version {{n}}',
    progress: "Progression de l'entraînement de {{name}}, version {{n}}",
    failedBecause: 'Raison : {{reason}}',
    needsRetraining:
      'Appris dans un ancien format de modèle : ne lit aucun champ tant qu’une nouvelle version n’est pas entraînée.',
    activate: 'Activer',
    activateVersion: 'Activer la version {{n}}',
  },
  status: {
    '20': 'Supprimé',
    '30': 'En attente de prétraitement',
    '31': 'Prétraitement en cours',
    '32': 'Échec du prétraitement',
    '33': 'Prétraité',
    '40': "En attente d'entraînement",
    '41': 'Entraînement en cours',
    '42': "Échec de l'entraînement",
    '43': 'Entraînement terminé',
    '50': 'Entraîné',
    '60': 'Actif',
  },
  developers: {
    workspaceId: "Id de l'espace de travail",
    templateType: 'Type de modèle',
    calls: "Appels de l'API",
    traces: "Trace de l'entraînement",
    events: 'Événements',
  },
};
