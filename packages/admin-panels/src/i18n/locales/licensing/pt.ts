import type { TranslationShape } from '@reviewdesk/ui';
import type { licensingEn } from './en';

/** Portuguese (pt-PT) strings of licensing. */
export const licensingPt: TranslationShape<typeof licensingEn> = {
  title: 'Licenças',
  tabsLabel: 'Secções das licenças',
  tabs: {
    licences: 'Licenças',
    'usage-history': 'Histórico de utilização',
  },
  current: {
    title: 'Licença em vigor',
    none: 'A organização não tem licença. Ative uma com o código que recebeu.',
    trial: 'Avaliação',
    paid: 'Licença',
    expired: 'Expirada',
    running: 'Em vigor',
    volume: 'Créditos concedidos',
    currentVolume: 'Créditos restantes',
    used: '{{percent}} % utilizados',
    activationDate: 'Ativada em',
    expirationDate: 'Válida até',
    noEnd: 'Sem data de fim',
    store: 'Comprar ou prolongar uma licença',
  },
  activate: {
    title: 'Ativar uma licença',
    code: 'Código de ativação',
    codeHint: 'Cole o código completo que recebeu, tal como está.',
    codeRequired: 'Cole o código de ativação.',
    submit: 'Ativar',
    activated: 'Licença ativada.',
  },
  history: {
    caption: 'Licenças da organização',
    licenseId: 'Licença',
    kind: 'Tipo',
    volume: 'Créditos',
    activationDate: 'Ativada em',
    expirationDate: 'Válida até',
    state: 'Estado',
    none: 'Ainda não foi ativada nenhuma licença.',
    more: 'Mostrar mais',
  },
  usage: {
    caption: 'Créditos utilizados, os mais recentes primeiro',
    processDate: 'Processado em',
    documentName: 'Documento',
    pages: 'Páginas',
    creditsSpent: 'Créditos',
    left: 'Restantes depois',
    none: 'Ainda não foram utilizados créditos.',
    more: 'Mostrar mais',
    loadingMore: 'A carregar…',
  },
};
