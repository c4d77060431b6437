import type { TranslationShape } from '@reviewdesk/ui';
import type { metricsEn } from './en';

/** Portuguese (pt-PT) strings of the metrics. */
export const metricsPt: TranslationShape<typeof metricsEn> = {
  title: 'Métricas',
  filtersLabel: 'O que as métricas abrangem',
  period: 'Período',
  periods: { '7d': 'Últimos 7 dias', '30d': 'Últimos 30 dias', '90d': 'Últimos 90 dias', all: 'Todo o período' },
  workspace: 'Área de trabalho',
  allWorkspaces: 'Todas as minhas áreas de trabalho',
  refreshing: 'A atualizar…',
  updatedAt: 'Atualizado às {{time}}',
  summary: '{{workspaces}}, {{processed}}',
  summaryWorkspaces_zero: 'Nenhuma área de trabalho',
  summaryWorkspaces_one: '{{count}} área de trabalho',
  summaryWorkspaces_other: '{{count}} áreas de trabalho',
  summaryProcessed_zero: 'Nenhuma tarefa processada',
  summaryProcessed_one: '{{count}} tarefa processada',
  summaryProcessed_other: '{{count}} tarefas processadas',
  showTable: 'Mostrar os números',
  noData: 'Nada a mostrar neste período.',
  byStatus: 'Tarefas por estado',
  toReview: 'Por rever em cada área de trabalho',
  reviewed: 'Revistas por pessoa',
  timeByStatus: 'Tempo médio por estado',
  status: 'Estado',
  workspaceColumn: 'Área de trabalho',
  person: 'Pessoa',
  tasks: 'Tarefas',
  averageTime: 'Tempo médio',
  unknownPerson: 'Pessoa desconhecida',
  duration: { seconds: '{{value}} s', minutes: '{{value}} min', hours: '{{value}} h', days: '{{value}} d' },
};
