import type { TranslationShape } from '@reviewdesk/ui';
import type { commonEn } from './en';

/** French (fr-FR) strings of strings shared by every screen. */
export const commonFr: TranslationShape<typeof commonEn> = {
  save: 'Enregistrer',
  saving: 'Enregistrement…',
  reset: 'Annuler les modifications',
  saved: 'Enregistré.',
  saveFailed: 'Enregistrement impossible : {{message}}',
  unsaved: 'Modifications non enregistrées',
  readOnly: 'Vous pouvez voir ces paramètres mais pas les modifier.',
  notAvailable: 'Cette partie n’est pas encore disponible sur ce serveur.',
  /** The address field of every invitation (shared/invite/InviteEmailField.tsx). */
  invite: {
    email: 'Adresse e-mail',
    emailInvalid: 'Saisissez une adresse e-mail complète.',
    sent: 'Invitation envoyée à {{email}}.',
    checking: 'Vérification de l’adresse…',
  },
  /** The product's roles by their server names (shared/roleLabel.ts). */
  roles: {
    Developer: 'Développeur',
    Administrator: 'Administrateur',
    Manager: 'Gestionnaire',
    Creator: 'Créateur',
    Reviewer: 'Réviseur',
    Viewer: 'Lecteur',
  },
  /** The display name of a workspace or a template (shared/displayName.ts). */
  displayNameRequired: 'Donnez un nom à l’espace de travail.',
  displayNameTooLong: '{{max}} caractères au maximum.',
};
