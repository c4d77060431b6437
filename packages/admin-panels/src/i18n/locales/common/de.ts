import type { TranslationShape } from '@reviewdesk/ui';
import type { commonEn } from './en';

/** German (de-DE) strings of strings shared by every screen. */
export const commonDe: TranslationShape<typeof commonEn> = {
  save: 'Speichern',
  saving: 'Wird gespeichert…',
  reset: 'Änderungen verwerfen',
  saved: 'Gespeichert.',
  saveFailed: 'Speichern nicht möglich: {{message}}',
  unsaved: 'Ungespeicherte Änderungen',
  readOnly: 'Sie können diese Einstellungen sehen, aber nicht ändern.',
  notAvailable: 'Dieser Teil ist auf diesem Server noch nicht verfügbar.',
  /** The address field of every invitation (shared/invite/InviteEmailField.tsx). */
  invite: {
    email: 'E-Mail-Adresse',
    emailInvalid: 'Geben Sie eine vollständige E-Mail-Adresse ein.',
    sent: 'Einladung an {{email}} gesendet.',
    checking: 'Adresse wird geprüft…',
  },
  /** The product's roles by their server names (shared/roleLabel.ts). */
  roles: {
    Developer: 'Entwickler',
    Administrator: 'Administrator',
    Manager: 'Manager',
    Creator: 'Ersteller',
    Reviewer: 'Prüfer',
    Viewer: 'Betrachter',
  },
  /** The display name of a workspace or a template (shared/displayName.ts). */
  displayNameRequired: 'Geben Sie dem Arbeitsbereich einen Namen.',
  displayNameTooLong: 'Höchstens {{max}} Zeichen.',
};
