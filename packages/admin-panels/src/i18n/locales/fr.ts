import type { TranslationShape } from '@reviewdesk/ui';
import type { en } from './en';

/** French (fr-FR) strings of the `admin-panels` namespace. */
export const fr: TranslationShape<typeof en> = {
  common: {
    save: 'Enregistrer',
    saving: 'Enregistrement…',
    reset: 'Annuler les modifications',
    saved: 'Enregistré.',
    saveFailed: 'Enregistrement impossible : {{message}}',
    unsaved: 'Modifications non enregistrées',
    readOnly: 'Vous pouvez voir ces paramètres mais pas les modifier.',
    notAvailable: 'Cette partie n’est pas encore disponible sur ce serveur.',
  },
  workspace: {
    title: 'Paramètres de l’espace de travail',
    tabsLabel: 'Sections des paramètres de l’espace de travail',
    noWorkspace: 'Choisissez un espace de travail pour modifier ses paramètres.',
    tabs: {
      basic: 'Général',
      users: 'Utilisateurs',
      'default-assignment': 'Attribution par défaut',
      fields: 'Champs',
      'predefined-texts': 'Textes prédéfinis',
      'predefined-speakers': 'Intervenants prédéfinis',
      storage: 'Stockage',
      export: 'Export',
      'advanced-settings': 'Paramètres avancés',
      notifications: 'Notifications',
      'for-developers': 'Pour les développeurs',
    },
    basic: {
      displayName: 'Nom',
      displayNameRequired: 'Donnez un nom à l’espace de travail.',
      displayNameTooLong: '{{max}} caractères au maximum.',
      description: 'Description',
      descriptionTooLong: '{{max}} caractères au maximum.',
      isDefault: 'Espace de travail par défaut du locataire',
      isDefaultHint: 'Les nouveaux membres commencent dans l’espace de travail par défaut.',
      languages: 'Langues',
      languageCode: 'Langue de la transcription',
      inputLanguageCode: 'Langue source',
      outputLanguageCode: 'Langue cible',
      languageAuto: 'Détecter automatiquement',
      workspaceType: 'Type',
      workspaceTypes: {
        standard: 'Standard',
        labelingAndTraining: 'Étiquetage et entraînement',
      },
      id: 'Identifiant de l’espace de travail',
    },
  },
  tenant: {
    title: 'Paramètres du locataire',
  },
  licensing: {
    title: 'Licences',
  },
  profile: {
    title: 'Profil',
  },
  metrics: {},
  home: {},
  templates: {},
};
