import type { TranslationShape } from '@reviewdesk/ui';
import type { en } from './en';

/** Portuguese (pt-PT) strings of the `admin-panels` namespace. */
export const pt: TranslationShape<typeof en> = {
  common: {
    save: 'Guardar',
    saving: 'A guardar…',
    reset: 'Descartar alterações',
    saved: 'Guardado.',
    saveFailed: 'Não foi possível guardar: {{message}}',
    unsaved: 'Alterações por guardar',
    readOnly: 'Pode ver estas definições, mas não alterá-las.',
    notAvailable: 'Esta parte ainda não está disponível neste servidor.',
  },
  workspace: {
    title: 'Definições da área de trabalho',
    tabsLabel: 'Secções das definições da área de trabalho',
    noWorkspace: 'Escolha uma área de trabalho para editar as suas definições.',
    tabs: {
      basic: 'Básico',
      users: 'Utilizadores',
      'default-assignment': 'Atribuição predefinida',
      fields: 'Campos',
      'predefined-texts': 'Textos predefinidos',
      'predefined-speakers': 'Oradores predefinidos',
      storage: 'Armazenamento',
      export: 'Exportação',
      'advanced-settings': 'Definições avançadas',
      notifications: 'Notificações',
      'for-developers': 'Para programadores',
    },
    basic: {
      displayName: 'Nome',
      displayNameRequired: 'Dê um nome à área de trabalho.',
      displayNameTooLong: 'No máximo {{max}} caracteres.',
      description: 'Descrição',
      descriptionTooLong: 'No máximo {{max}} caracteres.',
      isDefault: 'Área de trabalho predefinida do inquilino',
      isDefaultHint: 'Os novos membros começam na área de trabalho predefinida.',
      languages: 'Idiomas',
      languageCode: 'Idioma da transcrição',
      inputLanguageCode: 'Idioma de origem',
      outputLanguageCode: 'Idioma de destino',
      languageAuto: 'Detetar automaticamente',
      workspaceType: 'Tipo',
      workspaceTypes: {
        standard: 'Normal',
        labelingAndTraining: 'Etiquetagem e treino',
      },
      id: 'Id da área de trabalho',
    },
  },
  tenant: {
    title: 'Definições do inquilino',
  },
  licensing: {
    title: 'Licenças',
  },
  profile: {
    title: 'Perfil',
  },
  metrics: {},
  home: {},
  templates: {},
};
