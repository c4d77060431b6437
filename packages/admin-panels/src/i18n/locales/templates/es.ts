import type { TranslationShape } from '@reviewdesk/ui';
import type { templatesEn } from './en';

/** Spanish (es-ES) strings of the template lists. */
export const templatesEs: TranslationShape<typeof templatesEn> = {
  titles: {
    configure: 'Plantillas',
    labelling: 'Etiquetado',
    training: 'Entrenamiento de modelos',
  },
  intro: {
    configure:
      'Cada plantilla pertenece a un espacio de trabajo de etiquetado y entrenamiento. Defina los campos de sus documentos.',
    labelling: 'Etiquete los documentos de cada plantilla: marque cada campo en la página y termine la revisión.',
    training:
      'Entrene un modelo con los documentos etiquetados, siga el entrenamiento y active la versión que quiera usar.',
  },
  empty: 'Todavía no hay plantillas.',
  emptyHint:
    'Las plantillas están en espacios de trabajo de etiquetado y entrenamiento; pida a un administrador que cree uno.',
  edit: 'Editar',
  editNamed: 'Editar la plantilla {{name}}',
  editTitle: 'Plantilla {{name}}',
  close: 'Cerrar',
  tabsLabel: 'Ajustes de la plantilla',
  tabs: {
    basic: 'Básico',
    'for-developers': 'Para desarrolladores',
  },
  name: 'Nombre',
  description: 'Descripción',
  workspace: 'Espacio de trabajo: {{name}}',
  kinds: {
    '30': 'Modelo por plantilla',
    '50': 'Modelo neuronal',
    any: 'Modelo por plantilla o neuronal',
  },
  readiness: {
    unclassified_zero: 'Ningún documento espera ser etiquetado.',
    unclassified_one: '{{count}} documento espera ser etiquetado.',
    unclassified_other: '{{count}} documentos esperan ser etiquetados.',
    enoughTasks: 'Al menos {{min}} documentos están etiquetados: suficientes para un buen resultado.',
    fewTasks: 'Menos de {{min}} documentos están etiquetados: etiquete más para un buen resultado.',
    pagesOk: 'Las páginas etiquetadas están dentro del límite.',
    pagesWrong30: 'Etiquete al menos un documento; el entrenamiento por plantilla admite como máximo 500 páginas.',
    pagesWrong50: 'Etiquete al menos un documento; el entrenamiento neuronal admite como máximo 50 000 páginas.',
  },
  labelling: {
    open: 'Etiquetar documentos',
  },
  training: {
    train30: 'Entrenar modelo por plantilla',
    train50: 'Entrenar modelo neuronal',
    refused: 'El servidor rechazó la solicitud.',
    noModels: 'Todavía no se ha entrenado ningún modelo.',
    versions: 'Versiones del modelo',
    versionColumn: 'Versión',
    statusColumn: 'Estado',
    accuracyColumn: 'Confianza media',
    durationColumn: 'Tiempo de entrenamiento',
    createdColumn: 'Creado',
    actionsColumn: 'Acciones',
    version: 'Versión {{n}}',
    progress: 'Progreso del entrenamiento de {{name}}, versión {{n}}',
    failedBecause: 'Motivo: {{reason}}',
    needsRetraining:
      'Aprendido en un formato de modelo anterior: no lee ningún campo hasta que se entrene una nueva versión.',
    activate: 'Activar',
    activateVersion: 'Activar la versión {{n}}',
  },
  status: {
    '20': 'Eliminado',
    '30': 'En cola de preprocesamiento',
    '31': 'Preprocesando',
    '32': 'Error de preprocesamiento',
    '33': 'Preprocesado',
    '40': 'En cola de entrenamiento',
    '41': 'Entrenando',
    '42': 'Error de entrenamiento',
    '43': 'Entrenamiento terminado',
    '50': 'Entrenado',
    '60': 'Activo',
  },
  developers: {
    workspaceId: 'Id del espacio de trabajo',
    templateType: 'Tipo de plantilla',
    calls: 'Llamadas de la API',
    traces: 'Traza del entrenamiento',
    events: 'Eventos',
  },
};
