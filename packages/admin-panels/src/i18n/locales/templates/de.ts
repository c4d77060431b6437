import type { TranslationShape } from '@reviewdesk/ui';
import type { templatesEn } from './en';

/** German (de-DE) strings of the template lists. */
export const templatesDe: TranslationShape<typeof templatesEn> = {
  titles: {
    configure: 'Vorlagen',
    labelling: 'Annotation',
    training: 'Modelltraining',
  },
  intro: {
    configure:
      'Jede Vorlage gehört zu einem Arbeitsbereich für Annotation und Training. Legen Sie die Felder ihrer Dokumente fest.',
    labelling:
      'Annotieren Sie die Dokumente jeder Vorlage: Markieren Sie jedes Feld auf der Seite und schließen Sie die Prüfung ab.',
    training:
      'Trainieren Sie ein Modell mit den annotierten Dokumenten, verfolgen Sie das Training und aktivieren Sie die gewünschte Version.',
  },
  empty: 'Noch keine Vorlagen.',
  emptyHint:
    'Vorlagen liegen in Arbeitsbereichen für Annotation und Training; bitten Sie einen Administrator, einen anzulegen.',
  edit: 'Bearbeiten',
  editNamed: 'Vorlage {{name}} bearbeiten',
  editTitle: 'Vorlage {{name}}',
  close: 'Schließen',
  tabsLabel: 'Vorlageneinstellungen',
  tabs: {
    basic: 'Allgemein',
    'for-developers': 'Für Entwickler',
  },
  name: 'Name',
  description: 'Beschreibung',
  workspace: 'Arbeitsbereich: {{name}}',
  kinds: {
    '30': 'Vorlagenmodell',
    '50': 'Neuronales Modell',
    any: 'Vorlagen- oder neuronales Modell',
  },
  readiness: {
    unclassified_zero: 'Kein Dokument wartet auf Annotation.',
    unclassified_one: '{{count}} Dokument wartet auf Annotation.',
    unclassified_other: '{{count}} Dokumente warten auf Annotation.',
    enoughTasks: 'Mindestens {{min}} Dokumente sind annotiert: genug für ein gutes Ergebnis.',
    fewTasks: 'Weniger als {{min}} Dokumente sind annotiert: Annotieren Sie mehr für ein gutes Ergebnis.',
    pagesOk: 'Die annotierten Seiten liegen im Rahmen.',
    pagesWrong30: 'Annotieren Sie mindestens ein Dokument; das Vorlagentraining nimmt höchstens 500 Seiten.',
    pagesWrong50: 'Annotieren Sie mindestens ein Dokument; das neuronale Training nimmt höchstens 50.000 Seiten.',
  },
  labelling: {
    open: 'Dokumente annotieren',
  },
  training: {
    train30: 'Vorlagenmodell trainieren',
    train50: 'Neuronales Modell trainieren',
    refused: 'Der Server hat die Anfrage abgelehnt.',
    noModels: 'Noch kein Modell trainiert.',
    versions: 'Modellversionen',
    versionColumn: 'Version',
    statusColumn: 'Status',
    accuracyColumn: 'Durchschnittliche Konfidenz',
    durationColumn: 'Trainingsdauer',
    createdColumn: 'Erstellt',
    actionsColumn: 'Aktionen',
    version: 'Version {{n}}',
    progress: 'Trainingsfortschritt von {{name}}, Version {{n}}',
    failedBecause: 'Grund: {{reason}}',
    needsRetraining: 'In einem früheren Modellformat gelernt: liest keine Felder, bis eine neue Version trainiert ist.',
    activate: 'Aktivieren',
    activateVersion: 'Version {{n}} aktivieren',
  },
  status: {
    '20': 'Gelöscht',
    '30': 'Wartet auf Vorverarbeitung',
    '31': 'Vorverarbeitung läuft',
    '32': 'Vorverarbeitung fehlgeschlagen',
    '33': 'Vorverarbeitet',
    '40': 'Wartet auf Training',
    '41': 'Training läuft',
    '42': 'Training fehlgeschlagen',
    '43': 'Training abgeschlossen',
    '50': 'Trainiert',
    '60': 'Aktiv',
  },
  developers: {
    workspaceId: 'Arbeitsbereich-ID',
    templateType: 'Vorlagentyp',
    calls: 'API-Aufrufe',
    traces: 'Trainings-Trace',
    events: 'Ereignisse',
  },
};
