// The invitation to a tenant, in the five cultures: in the language the invited person last signed in
// with, else in the inviter's (who knows them), with the role named in that language — and in English
// after it, for someone who reads neither. A person new to the product gets the link that sets their
// password (its pages in the paragraph's language); one with a password is asked to sign in.
import type { Language } from '../formats/cultures.js';
import { composeMail, fill } from './compose.js';
import type { MailMessage } from './mailer.js';

interface InvitationText {
  subject: string;
  /** For a person who has no password yet: the link sets it. */
  newcomer: string;
  /** For a person who already signs in elsewhere in the product. */
  member: string;
  roles: Readonly<Record<string, string>>;
}

const TEXTS: Readonly<Record<Language, InvitationText>> = {
  pt: {
    subject: 'Convite para {tenant}',
    newcomer:
      '{inviter} convidou-o para {tenant} no Reviewdesk como {role}. Abra esta ligação para escolher a sua palavra-passe (válida durante {days} dias):',
    member: '{inviter} convidou-o para {tenant} no Reviewdesk como {role}. Inicie sessão com a sua conta:',
    roles: {
      Developer: 'Programador',
      Administrator: 'Administrador',
      Manager: 'Gestor',
      Creator: 'Criador',
      Reviewer: 'Revisor',
      Viewer: 'Leitor',
    },
  },
  en: {
    subject: 'Invitation to {tenant}',
    newcomer:
      '{inviter} invited you to {tenant} on Reviewdesk as {role}. Open this link to choose your password (valid for {days} days):',
    member: '{inviter} invited you to {tenant} on Reviewdesk as {role}. Sign in with your account:',
    roles: {
      Developer: 'Developer',
      Administrator: 'Administrator',
      Manager: 'Manager',
      Creator: 'Creator',
      Reviewer: 'Reviewer',
      Viewer: 'Viewer',
    },
  },
  de: {
    subject: 'Einladung zu {tenant}',
    newcomer:
      '{inviter} hat Sie als {role} zu {tenant} in Reviewdesk eingeladen. Öffnen Sie diesen Link, um Ihr Passwort festzulegen (gültig für {days} Tage):',
    member: '{inviter} hat Sie als {role} zu {tenant} in Reviewdesk eingeladen. Melden Sie sich mit Ihrem Konto an:',
    roles: {
      Developer: 'Entwickler',
      Administrator: 'Administrator',
      Manager: 'Manager',
      Creator: 'Ersteller',
      Reviewer: 'Prüfer',
      Viewer: 'Betrachter',
    },
  },
  fr: {
    subject: 'Invitation à {tenant}',
    newcomer:
      '{inviter} vous a invité à {tenant} sur Reviewdesk en tant que {role}. Ouvrez ce lien pour choisir votre mot de passe (valable {days} jours) :',
    member: '{inviter} vous a invité à {tenant} sur Reviewdesk en tant que {role}. Connectez-vous avec votre compte :',
    roles: {
      Developer: 'Développeur',
      Administrator: 'Administrateur',
      Manager: 'Gestionnaire',
      Creator: 'Créateur',
      Reviewer: 'Réviseur',
      Viewer: 'Lecteur',
    },
  },
  es: {
    subject: 'Invitación a {tenant}',
    newcomer:
      '{inviter} le ha invitado a {tenant} en Reviewdesk como {role}. Abra este enlace para elegir su contraseña (válido durante {days} días):',
    member: '{inviter} le ha invitado a {tenant} en Reviewdesk como {role}. Inicie sesión con su cuenta:',
    roles: {
      Developer: 'Desarrollador',
      Administrator: 'Administrador',
      Manager: 'Gestor',
      Creator: 'Creador',
      Reviewer: 'Revisor',
      Viewer: 'Lector',
    },
  },
};

export interface Invitation {
  to: string;
  inviter: string;
  tenant: string;
  /** The role's name as the server knows it (Reviewer, …). */
  roleName: string;
  /** The set-password link for a newcomer, the app's address for a member; `lang` is added here. */
  link: string;
  hasPassword: boolean;
  validDays: number;
}

/** The invitation's words and link in one language. */
function part(invitation: Invitation, language: Language): { subject: string; paragraphs: [string, string] } {
  const text = TEXTS[language];
  const values = {
    inviter: invitation.inviter,
    tenant: invitation.tenant,
    role: text.roles[invitation.roleName] ?? invitation.roleName,
    days: invitation.validDays,
  };
  const link = `${invitation.link}${invitation.link.includes('?') ? '&' : '?'}lang=${language}`;
  return {
    subject: fill(text.subject, values),
    paragraphs: [fill(invitation.hasPassword ? text.member : text.newcomer, values), link],
  };
}

export function invitationMail(invitation: Invitation, language: Language): MailMessage {
  const parts = language === 'en' ? [part(invitation, 'en')] : [part(invitation, language), part(invitation, 'en')];
  return composeMail(
    invitation.to,
    parts.map((p) => p.subject).join(' / '),
    parts.flatMap((p) => p.paragraphs),
    parts.map((p) => p.paragraphs[1]),
  );
}
