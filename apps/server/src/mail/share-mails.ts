// The mail that brings a shared task to a person, in the five cultures: who shared which task of
// which workspace, the sharer's message when there is one, and the link that opens the task after
// signing in. A person new to the tenant also gets the invitation to choose a password.
import type { Language } from '../formats/cultures.js';
import { composeMail, fill } from './compose.js';
import type { MailMessage } from './mailer.js';

interface TaskShareText {
  subject: string;
  body: string;
  message: string;
  open: string;
  newcomer: string;
}

const TEXTS: Readonly<Record<Language, TaskShareText>> = {
  pt: {
    subject: '{sharer} partilhou consigo: {task}',
    body: '{sharer} partilhou consigo a tarefa «{task}» da área de trabalho «{workspace}» ({tenant}).',
    message: 'Mensagem:',
    open: 'Abrir a tarefa (inicie sessão com a sua conta):',
    newcomer: 'Se ainda não tem palavra-passe, receberá outra mensagem para a escolher.',
  },
  en: {
    subject: '{sharer} shared with you: {task}',
    body: '{sharer} shared the task “{task}” of the workspace “{workspace}” ({tenant}) with you.',
    message: 'Message:',
    open: 'Open the task (sign in with your account):',
    newcomer: 'If you have no password yet, another message lets you choose one.',
  },
  de: {
    subject: '{sharer} hat mit Ihnen geteilt: {task}',
    body: '{sharer} hat die Aufgabe „{task}“ des Arbeitsbereichs „{workspace}“ ({tenant}) mit Ihnen geteilt.',
    message: 'Nachricht:',
    open: 'Aufgabe öffnen (melden Sie sich mit Ihrem Konto an):',
    newcomer: 'Wenn Sie noch kein Passwort haben, erhalten Sie eine weitere Nachricht, um eines festzulegen.',
  },
  fr: {
    subject: '{sharer} a partagé avec vous : {task}',
    body: '{sharer} a partagé avec vous la tâche « {task} » de l’espace de travail « {workspace} » ({tenant}).',
    message: 'Message :',
    open: 'Ouvrir la tâche (connectez-vous avec votre compte) :',
    newcomer: 'Si vous n’avez pas encore de mot de passe, un autre message vous permet d’en choisir un.',
  },
  es: {
    subject: '{sharer} ha compartido con usted: {task}',
    body: '{sharer} ha compartido con usted la tarea «{task}» del espacio de trabajo «{workspace}» ({tenant}).',
    message: 'Mensaje:',
    open: 'Abrir la tarea (inicie sesión con su cuenta):',
    newcomer: 'Si aún no tiene contraseña, otro mensaje le permitirá elegirla.',
  },
};

export interface TaskShareMailInput {
  to: string;
  language: Language;
  sharer: string;
  task: string;
  workspace: string;
  tenant: string;
  description: string | null;
  link: string;
  newcomer: boolean;
}

export function taskShareMail(input: TaskShareMailInput): MailMessage {
  const text = TEXTS[input.language];
  const values = { sharer: input.sharer, task: input.task, workspace: input.workspace, tenant: input.tenant };
  const paragraphs = [fill(text.body, values)];
  if (input.description) paragraphs.push(`${text.message}\n${input.description}`);
  paragraphs.push(text.open, input.link);
  if (input.newcomer) paragraphs.push(text.newcomer);
  return composeMail(input.to, fill(text.subject, values), paragraphs, input.link);
}

interface SegmentShareText {
  subject: string;
  body: string;
  message: string;
  open: string;
  expires: string;
}

const SEGMENT_TEXTS: Readonly<Record<Language, SegmentShareText>> = {
  pt: {
    subject: '{sharer} partilhou um excerto de {task}',
    body: '{sharer} partilhou consigo o excerto {start}–{end} de «{task}».',
    message: 'Mensagem:',
    open: 'Ver e ouvir o excerto (sem iniciar sessão):',
    expires: 'A ligação deixa de funcionar em {expires}.',
  },
  en: {
    subject: '{sharer} shared an excerpt of {task}',
    body: '{sharer} shared the excerpt {start}–{end} of “{task}” with you.',
    message: 'Message:',
    open: 'Watch and listen to the excerpt (no sign-in needed):',
    expires: 'The link stops working on {expires}.',
  },
  de: {
    subject: '{sharer} hat einen Ausschnitt von {task} geteilt',
    body: '{sharer} hat den Ausschnitt {start}–{end} von „{task}“ mit Ihnen geteilt.',
    message: 'Nachricht:',
    open: 'Ausschnitt ansehen und anhören (ohne Anmeldung):',
    expires: 'Der Link funktioniert bis {expires}.',
  },
  fr: {
    subject: '{sharer} a partagé un extrait de {task}',
    body: '{sharer} a partagé avec vous l’extrait {start}–{end} de « {task} ».',
    message: 'Message :',
    open: 'Voir et écouter l’extrait (sans connexion) :',
    expires: 'Le lien cesse de fonctionner le {expires}.',
  },
  es: {
    subject: '{sharer} ha compartido un fragmento de {task}',
    body: '{sharer} ha compartido con usted el fragmento {start}–{end} de «{task}».',
    message: 'Mensaje:',
    open: 'Ver y escuchar el fragmento (sin iniciar sesión):',
    expires: 'El enlace deja de funcionar el {expires}.',
  },
};

export interface SegmentShareMailInput {
  to: string;
  language: Language;
  sharer: string;
  task: string;
  /** The segment as clock times (`1:05`). */
  start: string;
  end: string;
  /** The expiry, already written in the recipient's culture. */
  expires: string;
  description: string | null;
  link: string;
}

export function segmentShareMail(input: SegmentShareMailInput): MailMessage {
  const text = SEGMENT_TEXTS[input.language];
  const values = { sharer: input.sharer, task: input.task, start: input.start, end: input.end, expires: input.expires };
  const paragraphs = [fill(text.body, values)];
  if (input.description) paragraphs.push(`${text.message}\n${input.description}`);
  paragraphs.push(text.open, input.link, fill(text.expires, values));
  return composeMail(input.to, fill(text.subject, values), paragraphs, input.link);
}
