import type { TranslationShape } from '@reviewdesk/ui';
import type { en } from './en';

/** Spanish (es-ES) strings of the `admin-panels` namespace. */
export const es: TranslationShape<typeof en> = {
  common: {
    save: 'Guardar',
    saving: 'Guardando…',
    reset: 'Descartar cambios',
    saved: 'Guardado.',
    saveFailed: 'No se pudo guardar: {{message}}',
    unsaved: 'Cambios sin guardar',
    readOnly: 'Puede ver estos ajustes, pero no cambiarlos.',
    notAvailable: 'Esta parte aún no está disponible en este servidor.',
  },
  workspace: {
    title: 'Ajustes del espacio de trabajo',
    tabsLabel: 'Secciones de los ajustes del espacio de trabajo',
    noWorkspace: 'Elija un espacio de trabajo para editar sus ajustes.',
    tabs: {
      basic: 'Básico',
      users: 'Usuarios',
      'default-assignment': 'Asignación predeterminada',
      fields: 'Campos',
      'predefined-texts': 'Textos predefinidos',
      'predefined-speakers': 'Hablantes predefinidos',
      storage: 'Almacenamiento',
      export: 'Exportación',
      'advanced-settings': 'Ajustes avanzados',
      notifications: 'Notificaciones',
      'for-developers': 'Para desarrolladores',
    },
    basic: {
      displayName: 'Nombre',
      displayNameRequired: 'Dé un nombre al espacio de trabajo.',
      displayNameTooLong: 'Como máximo {{max}} caracteres.',
      description: 'Descripción',
      descriptionTooLong: 'Como máximo {{max}} caracteres.',
      isDefault: 'Espacio de trabajo predeterminado del inquilino',
      isDefaultHint: 'Los nuevos miembros empiezan en el espacio de trabajo predeterminado.',
      languages: 'Idiomas',
      languageCode: 'Idioma de la transcripción',
      inputLanguageCode: 'Idioma de origen',
      outputLanguageCode: 'Idioma de destino',
      languageAuto: 'Detectar automáticamente',
      workspaceType: 'Tipo',
      workspaceTypes: {
        standard: 'Estándar',
        labelingAndTraining: 'Etiquetado y entrenamiento',
      },
      id: 'Id del espacio de trabajo',
    },
  },
  tenant: {
    title: 'Ajustes del inquilino',
  },
  licensing: {
    title: 'Licencias',
  },
  profile: {
    title: 'Perfil',
  },
  metrics: {},
  home: {},
  templates: {},
};
