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
  summary: '{{workspaces}} espacios de trabajo, {{processed}} tareas procesadas',
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
