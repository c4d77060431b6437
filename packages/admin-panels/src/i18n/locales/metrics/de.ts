import type { TranslationShape } from '@reviewdesk/ui';
import type { metricsEn } from './en';

/** German (de-DE) strings of the metrics. */
export const metricsDe: TranslationShape<typeof metricsEn> = {
  title: 'Kennzahlen',
  filtersLabel: 'Was die Kennzahlen umfassen',
  period: 'Zeitraum',
  periods: { '7d': 'Letzte 7 Tage', '30d': 'Letzte 30 Tage', '90d': 'Letzte 90 Tage', all: 'Gesamter Zeitraum' },
  workspace: 'Arbeitsbereich',
  allWorkspaces: 'Alle meine Arbeitsbereiche',
  refreshing: 'Wird aktualisiert…',
  updatedAt: 'Aktualisiert um {{time}}',
  summary: '{{workspaces}}, {{processed}}',
  summaryWorkspaces_zero: 'Keine Arbeitsbereiche',
  summaryWorkspaces_one: '{{count}} Arbeitsbereich',
  summaryWorkspaces_other: '{{count}} Arbeitsbereiche',
  summaryProcessed_zero: 'Keine Aufgaben verarbeitet',
  summaryProcessed_one: '{{count}} Aufgabe verarbeitet',
  summaryProcessed_other: '{{count}} Aufgaben verarbeitet',
  showTable: 'Zahlen anzeigen',
  noData: 'Für diesen Zeitraum gibt es nichts anzuzeigen.',
  byStatus: 'Aufgaben nach Status',
  toReview: 'Zu prüfen je Arbeitsbereich',
  reviewed: 'Geprüft je Person',
  timeByStatus: 'Durchschnittliche Zeit je Status',
  status: 'Status',
  workspaceColumn: 'Arbeitsbereich',
  person: 'Person',
  tasks: 'Aufgaben',
  averageTime: 'Durchschnittliche Zeit',
  unknownPerson: 'Unbekannte Person',
  duration: { seconds: '{{value}} s', minutes: '{{value}} min', hours: '{{value}} h', days: '{{value}} T' },
};
