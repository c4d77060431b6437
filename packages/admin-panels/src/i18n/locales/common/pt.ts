import type { TranslationShape } from '@reviewdesk/ui';
import type { commonEn } from './en';

/** Portuguese (pt-PT) strings of strings shared by every screen. */
export const commonPt: TranslationShape<typeof commonEn> = {
  save: 'Guardar',
  saving: 'A guardar…',
  reset: 'Descartar alterações',
  saved: 'Guardado.',
  saveFailed: 'Não foi possível guardar: {{message}}',
  unsaved: 'Alterações por guardar',
  readOnly: 'Pode ver estas definições, mas não alterá-las.',
  notAvailable: 'Esta parte ainda não está disponível neste servidor.',
  /** The address field of every invitation (shared/invite/InviteEmailField.tsx). */
  invite: {
    email: 'Endereço de e-mail',
    emailInvalid: 'Escreva um endereço de e-mail completo.',
    sent: 'Convite enviado para {{email}}.',
    checking: 'A verificar o endereço…',
  },
  /** The product's roles by their server names (shared/roleLabel.ts). */
  roles: {
    Developer: 'Programador',
    Administrator: 'Administrador',
    Manager: 'Gestor',
    Creator: 'Criador',
    Reviewer: 'Revisor',
    Viewer: 'Leitor',
  },
  /** The display name of a workspace or a template (shared/displayName.ts). */
  displayNameRequired: 'Dê um nome à área de trabalho.',
  displayNameTooLong: 'No máximo {{max}} caracteres.',
};
