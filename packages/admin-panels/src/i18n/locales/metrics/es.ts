import type { TranslationShape } from '@reviewdesk/ui';
import type { metricsEn } from './en';

/** Spanish (es-ES) strings of the metrics. */
export const metricsEs: TranslationShape<typeof metricsEn> = {
  title: 'Métricas',
  filtersLabel: 'Qué abarcan las métricas',
  period: 'Periodo',
  periods: { '7d': 'Últimos 7 días', '30d': 'Últimos 30 días', '90d': 'Últimos 90 días', all: 'Desde el principio' },
  workspace: 'Espacio de trabajo',
  allWorkspaces: 'Todos mis espacios de trabajo',
  refreshing: 'Actualizando…',
  updatedAt: 'Actualizado a las {{time}}',
  summary: '{{workspaces}}, {{processed}}',
  summaryWorkspaces_zero: 'Ningún espacio de trabajo',
  summaryWorkspaces_one: '{{count}} espacio de trabajo',
  summaryWorkspaces_other: '{{count}} espacios de trabajo',
  summaryProcessed_zero: 'Ninguna tarea procesada',
  summaryProcessed_one: '{{count}} tarea procesada',
  summaryProcessed_other: '{{count}} tareas procesadas',
  showTable: 'Mostrar las cifras',
  noData: 'No hay nada que mostrar en este periodo.',
  byStatus: 'Tareas por estado',
  toReview: 'Por revisar en cada espacio de trabajo',
  reviewed: 'Revisadas por persona',
  timeByStatus: 'Tiempo medio por estado',
  status: 'Estado',
  workspaceColumn: 'Espacio de trabajo',
  person: 'Persona',
  tasks: 'Tareas',
  averageTime: 'Tiempo medio',
  unknownPerson: 'Persona desconocida',
  duration: { seconds: '{{value}} s', minutes: '{{value}} min', hours: '{{value}} h', days: '{{value}} d' },
};
