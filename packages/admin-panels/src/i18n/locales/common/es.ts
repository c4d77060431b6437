import type { TranslationShape } from '@reviewdesk/ui';
import type { commonEn } from './en';

/** Spanish (es-ES) strings of strings shared by every screen. */
export const commonEs: TranslationShape<typeof commonEn> = {
  save: 'Guardar',
  saving: 'Guardando…',
  reset: 'Descartar cambios',
  saved: 'Guardado.',
  saveFailed: 'No se pudo guardar: {{message}}',
  unsaved: 'Cambios sin guardar',
  readOnly: 'Puede ver estos ajustes, pero no cambiarlos.',
  notAvailable: 'Esta parte aún no está disponible en este servidor.',
  /** The address field of every invitation (shared/invite/InviteEmailField.tsx). */
  invite: {
    email: 'Correo electrónico',
    emailInvalid: 'Escriba una dirección de correo completa.',
    sent: 'Invitación enviada a {{email}}.',
    checking: 'Comprobando la dirección…',
  },
  /** The product's roles by their server names (shared/roleLabel.ts). */
  roles: {
    Developer: 'Desarrollador',
    Administrator: 'Administrador',
    Manager: 'Gestor',
    Creator: 'Creador',
    Reviewer: 'Revisor',
    Viewer: 'Lector',
  },
  /** The display name of a workspace or a template (shared/displayName.ts). */
  displayNameRequired: 'Dé un nombre al espacio de trabajo.',
  displayNameTooLong: 'Como máximo {{max}} caracteres.',
};
