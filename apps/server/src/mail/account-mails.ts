// The account mails — confirm an address, confirm a new address — in the five cultures, in the
// language of the person they are sent to.
import type { Language } from '../formats/cultures.js';
import { composeMail, fill } from './compose.js';
import type { MailMessage } from './mailer.js';

interface AccountMailText {
  subject: string;
  greeting: string;
  body: string;
  closing: string;
}

const VERIFY: Readonly<Record<Language, AccountMailText>> = {
  pt: {
    subject: 'Confirme o seu endereço de e-mail',
    greeting: 'Olá {name},',
    body: 'Confirme o seu endereço de e-mail {email} no Reviewdesk abrindo esta ligação (válida durante {hours} horas):',
    closing: 'Se não fez este pedido, pode ignorar esta mensagem.',
  },
  en: {
    subject: 'Confirm your e-mail address',
    greeting: 'Hello {name},',
    body: 'Please confirm your e-mail address {email} for Reviewdesk by opening this link (valid for {hours} hours):',
    closing: 'If you did not ask for this, you can ignore this message.',
  },
  de: {
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
    greeting: 'Hallo {name},',
    body: 'bitte bestätigen Sie Ihre E-Mail-Adresse {email} für Reviewdesk über diesen Link (gültig für {hours} Stunden):',
    closing: 'Wenn Sie dies nicht angefordert haben, können Sie diese Nachricht ignorieren.',
  },
  fr: {
    subject: 'Confirmez votre adresse e-mail',
    greeting: 'Bonjour {name},',
    body: 'Veuillez confirmer votre adresse e-mail {email} pour Reviewdesk en ouvrant ce lien (valable {hours} heures) :',
    closing: "Si vous n'êtes pas à l'origine de cette demande, vous pouvez ignorer ce message.",
  },
  es: {
    subject: 'Confirme su dirección de correo electrónico',
    greeting: 'Hola, {name}:',
    body: 'Confirme su dirección de correo electrónico {email} en Reviewdesk abriendo este enlace (válido durante {hours} horas):',
    closing: 'Si no lo ha solicitado, puede ignorar este mensaje.',
  },
};

const CHANGE: Readonly<Record<Language, AccountMailText>> = {
  pt: {
    subject: 'Confirme o seu novo endereço de e-mail',
    greeting: 'Olá {name},',
    body: 'Para usar {email} na sua conta Reviewdesk, abra esta ligação (válida durante {hours} horas). Até lá, continua a iniciar sessão com o endereço atual.',
    closing: 'Se não fez este pedido, ignore esta mensagem.',
  },
  en: {
    subject: 'Confirm your new e-mail address',
    greeting: 'Hello {name},',
    body: 'To use {email} for your Reviewdesk account, open this link (valid for {hours} hours). Until then you keep signing in with your current address.',
    closing: 'If you did not ask for this, ignore this message.',
  },
  de: {
    subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
    greeting: 'Hallo {name},',
    body: 'um {email} für Ihr Reviewdesk-Konto zu verwenden, öffnen Sie diesen Link (gültig für {hours} Stunden). Bis dahin melden Sie sich weiter mit Ihrer bisherigen Adresse an.',
    closing: 'Wenn Sie dies nicht angefordert haben, ignorieren Sie diese Nachricht.',
  },
  fr: {
    subject: 'Confirmez votre nouvelle adresse e-mail',
    greeting: 'Bonjour {name},',
    body: "Pour utiliser {email} avec votre compte Reviewdesk, ouvrez ce lien (valable {hours} heures). D'ici là, vous continuez à vous connecter avec votre adresse actuelle.",
    closing: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.",
  },
  es: {
    subject: 'Confirme su nueva dirección de correo electrónico',
    greeting: 'Hola, {name}:',
    body: 'Para usar {email} en su cuenta de Reviewdesk, abra este enlace (válido durante {hours} horas). Hasta entonces, seguirá iniciando sesión con su dirección actual.',
    closing: 'Si no lo ha solicitado, ignore este mensaje.',
  },
};

export interface AccountMailInput {
  to: string;
  name: string;
  link: string;
  validHours: number;
  language: Language;
}

function accountMail(texts: Readonly<Record<Language, AccountMailText>>, input: AccountMailInput): MailMessage {
  const text = texts[input.language];
  const values = { name: input.name, email: input.to, hours: input.validHours };
  return composeMail(
    input.to,
    text.subject,
    [fill(text.greeting, values), fill(text.body, values), input.link, text.closing],
    input.link,
  );
}

/** Asks the owner of an address to confirm it. */
export const verificationMail = (input: AccountMailInput) => accountMail(VERIFY, input);

/** Sent to a new address: the account moves to it once the link is opened. */
export const changeEmailMail = (input: AccountMailInput) => accountMail(CHANGE, input);
