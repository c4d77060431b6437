import type { TranslationShape } from '@reviewdesk/ui';
import type { en } from './en';

/** German (de-DE) strings of the `admin-panels` namespace. */
export const de: TranslationShape<typeof en> = {
  common: {
    save: 'Speichern',
    saving: 'Wird gespeichert…',
    reset: 'Änderungen verwerfen',
    saved: 'Gespeichert.',
    saveFailed: 'Speichern nicht möglich: {{message}}',
    unsaved: 'Ungespeicherte Änderungen',
    readOnly: 'Sie können diese Einstellungen sehen, aber nicht ändern.',
    notAvailable: 'Dieser Teil ist auf diesem Server noch nicht verfügbar.',
  },
  workspace: {
    title: 'Arbeitsbereich-Einstellungen',
    tabsLabel: 'Bereiche der Arbeitsbereich-Einstellungen',
    noWorkspace: 'Wählen Sie einen Arbeitsbereich, um seine Einstellungen zu bearbeiten.',
    tabs: {
      basic: 'Allgemein',
      users: 'Benutzer',
      'default-assignment': 'Standardzuweisung',
      fields: 'Felder',
      'predefined-texts': 'Vordefinierte Texte',
      'predefined-speakers': 'Vordefinierte Sprecher',
      storage: 'Speicher',
      export: 'Export',
      'advanced-settings': 'Erweiterte Einstellungen',
      notifications: 'Benachrichtigungen',
      'for-developers': 'Für Entwickler',
    },
    basic: {
      displayName: 'Name',
      displayNameRequired: 'Geben Sie dem Arbeitsbereich einen Namen.',
      displayNameTooLong: 'Höchstens {{max}} Zeichen.',
      description: 'Beschreibung',
      descriptionTooLong: 'Höchstens {{max}} Zeichen.',
      isDefault: 'Standard-Arbeitsbereich des Mandanten',
      isDefaultHint: 'Neue Mitglieder beginnen im Standard-Arbeitsbereich.',
      languages: 'Sprachen',
      languageCode: 'Sprache der Transkription',
      inputLanguageCode: 'Ausgangssprache',
      outputLanguageCode: 'Zielsprache',
      languageAuto: 'Automatisch erkennen',
      workspaceType: 'Art',
      workspaceTypes: {
        standard: 'Standard',
        labelingAndTraining: 'Beschriftung und Training',
      },
      id: 'Arbeitsbereich-ID',
    },
  },
  tenant: {
    title: 'Mandanten-Einstellungen',
  },
  licensing: {
    title: 'Lizenzen',
  },
  profile: {
    title: 'Profil',
  },
  metrics: {},
  home: {},
  templates: {},
};
