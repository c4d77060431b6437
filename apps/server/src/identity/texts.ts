// Texts of the server-rendered identity pages, in the two cultures they ship in (pt is the
// product's initial language). `?lang=` wins over Accept-Language.
export type PageLanguage = 'pt' | 'en';

const texts = {
  en: {
    signInTitle: 'Sign in',
    email: 'E-mail',
    password: 'Password',
    signIn: 'Sign in',
    forgotLink: 'Forgot your password?',
    wrongCredentials: 'Wrong e-mail or password.',
    lockedOut: 'This account is locked after too many failed attempts. Try again in 15 minutes.',
    sessionExpired: 'This sign-in request has expired. Go back to the application and try again.',
    forgotTitle: 'Forgot your password?',
    forgotIntro: 'Enter your e-mail address and we will send you a link to choose a new password.',
    sendLink: 'Send link',
    forgotSent: 'If an account exists for that address, a link to reset the password is on its way.',
    resetTitle: 'Choose a new password',
    newPassword: 'New password',
    confirmPassword: 'Repeat the new password',
    savePassword: 'Save password',
    passwordsDiffer: 'The two passwords are not the same.',
    resetDone: 'Your password was changed. You can sign in with it now.',
    linkInvalid: 'This link is invalid or has expired.',
    backToApp: 'Back to the application',
    emailConfirmedTitle: 'E-mail confirmed',
    emailConfirmed: 'Your e-mail address is confirmed.',
    emailChangedTitle: 'E-mail changed',
    emailChanged: 'Your e-mail address was changed.',
    deleteTitle: 'Delete account',
    deleteQuestion: 'Do you really want to delete your account? This cannot be undone.',
    deleteButton: 'Delete my account',
    deleted: 'Your account was deleted.',
    signOutTitle: 'Sign out',
    signOutQuestion: 'Do you want to sign out of Reviewdesk?',
    signOutButton: 'Sign out',
    stayButton: 'Stay signed in',
    signedOutTitle: 'Signed out',
    signedOut: 'You are signed out of Reviewdesk.',
    resetMailSubject: 'Reset your Reviewdesk password',
    resetMailBody:
      'Someone asked to reset the password of your Reviewdesk account. Open this link to choose a new one (valid for one hour):',
  },
  pt: {
    signInTitle: 'Iniciar sessão',
    email: 'E-mail',
    password: 'Palavra-passe',
    signIn: 'Entrar',
    forgotLink: 'Esqueceu-se da palavra-passe?',
    wrongCredentials: 'E-mail ou palavra-passe errados.',
    lockedOut: 'Esta conta foi bloqueada após demasiadas tentativas falhadas. Tente novamente daqui a 15 minutos.',
    sessionExpired: 'Este pedido de início de sessão expirou. Volte à aplicação e tente novamente.',
    forgotTitle: 'Esqueceu-se da palavra-passe?',
    forgotIntro: 'Indique o seu endereço de e-mail e enviaremos uma ligação para escolher uma nova palavra-passe.',
    sendLink: 'Enviar ligação',
    forgotSent: 'Se existir uma conta com esse endereço, foi enviada uma ligação para repor a palavra-passe.',
    resetTitle: 'Escolha uma nova palavra-passe',
    newPassword: 'Nova palavra-passe',
    confirmPassword: 'Repita a nova palavra-passe',
    savePassword: 'Guardar palavra-passe',
    passwordsDiffer: 'As duas palavras-passe não são iguais.',
    resetDone: 'A sua palavra-passe foi alterada. Já pode iniciar sessão com ela.',
    linkInvalid: 'Esta ligação é inválida ou expirou.',
    backToApp: 'Voltar à aplicação',
    emailConfirmedTitle: 'E-mail confirmado',
    emailConfirmed: 'O seu endereço de e-mail está confirmado.',
    emailChangedTitle: 'E-mail alterado',
    emailChanged: 'O seu endereço de e-mail foi alterado.',
    deleteTitle: 'Eliminar conta',
    deleteQuestion: 'Quer mesmo eliminar a sua conta? Esta ação não pode ser desfeita.',
    deleteButton: 'Eliminar a minha conta',
    deleted: 'A sua conta foi eliminada.',
    signOutTitle: 'Terminar sessão',
    signOutQuestion: 'Quer terminar a sessão no Reviewdesk?',
    signOutButton: 'Terminar sessão',
    stayButton: 'Manter a sessão',
    signedOutTitle: 'Sessão terminada',
    signedOut: 'Terminou a sessão no Reviewdesk.',
    resetMailSubject: 'Reponha a sua palavra-passe do Reviewdesk',
    resetMailBody:
      'Foi pedido repor a palavra-passe da sua conta Reviewdesk. Abra esta ligação para escolher uma nova (válida durante uma hora):',
  },
} as const;

export type PageTexts = { [K in keyof (typeof texts)['en']]: string };

export function pickLanguage(queryLang: unknown, acceptLanguage: string | undefined): PageLanguage {
  if (queryLang === 'en' || queryLang === 'pt') return queryLang;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag.startsWith('pt')) return 'pt';
    if (tag.startsWith('en')) return 'en';
  }
  return 'pt';
}

export function textsFor(language: PageLanguage): PageTexts {
  return texts[language];
}
