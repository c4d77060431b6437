import type { TranslationShape } from '@reviewdesk/ui';
import type { metricsEn } from './en';

/** French (fr-FR) strings of the metrics. */
export const metricsFr: TranslationShape<typeof metricsEn> = {
  title: 'Indicateurs',
  filtersLabel: 'Ce que couvrent les indicateurs',
  period: 'Période',
  periods: {
    '7d': '7 derniers jours',
    '30d': '30 derniers jours',
    '90d': '90 derniers jours',
    all: 'Depuis le début',
  },
  workspace: 'Espace de travail',
  allWorkspaces: 'Tous mes espaces de travail',
  refreshing: 'Mise à jour…',
  updatedAt: 'Mis à jour à {{time}}',
  summary: '{{workspaces}}, {{processed}}',
  summaryWorkspaces_zero: 'Aucun espace de travail',
  summaryWorkspaces_one: '{{count}} espace de travail',
  summaryWorkspaces_other: '{{count}} espaces de travail',
  summaryProcessed_zero: 'Aucune tâche traitée',
  summaryProcessed_one: '{{count}} tâche traitée',
  summaryProcessed_other: '{{count}} tâches traitées',
  showTable: 'Afficher les chiffres',
  noData: 'Rien à afficher pour cette période.',
  byStatus: 'Tâches par statut',
  toReview: 'À vérifier par espace de travail',
  reviewed: 'Vérifiées par personne',
  timeByStatus: 'Temps moyen par statut',
  status: 'Statut',
  workspaceColumn: 'Espace de travail',
  person: 'Personne',
  tasks: 'Tâches',
  averageTime: 'Temps moyen',
  unknownPerson: 'Personne inconnue',
  duration: { seconds: '{{value}} s', minutes: '{{value}} min', hours: '{{value}} h', days: '{{value}} j' },
};
