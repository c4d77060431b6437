import type { TranslationShape } from '@reviewdesk/ui';
import type { licensingEn } from './en';

/** Spanish (es-ES) strings of licensing. */
export const licensingEs: TranslationShape<typeof licensingEn> = {
  title: 'Licencias',
  tabsLabel: 'Secciones de las licencias',
  tabs: {
    licences: 'Licencias',
    'usage-history': 'Historial de uso',
  },
  current: {
    title: 'Licencia en vigor',
    none: 'La organización no tiene licencia. Active una con el código que recibió.',
    trial: 'Prueba',
    paid: 'Licencia',
    expired: 'Caducada',
    running: 'En vigor',
    volume: 'Créditos concedidos',
    currentVolume: 'Créditos restantes',
    used: '{{percent}} % usado',
    activationDate: 'Activada',
    expirationDate: 'Válida hasta',
    noEnd: 'Sin fecha de fin',
    store: 'Comprar o ampliar una licencia',
  },
  activate: {
    title: 'Activar una licencia',
    code: 'Código de activación',
    codeHint: 'Pegue el código completo que recibió, tal cual.',
    codeRequired: 'Pegue el código de activación.',
    submit: 'Activar',
    activated: 'Licencia activada.',
  },
  history: {
    caption: 'Licencias de la organización',
    licenseId: 'Licencia',
    kind: 'Tipo',
    volume: 'Créditos',
    activationDate: 'Activada',
    expirationDate: 'Válida hasta',
    state: 'Estado',
    none: 'Aún no se ha activado ninguna licencia.',
    more: 'Mostrar más',
  },
  usage: {
    caption: 'Créditos usados, los más recientes primero',
    processDate: 'Procesado',
    documentName: 'Documento',
    pages: 'Páginas',
    creditsSpent: 'Créditos',
    left: 'Restantes después',
    none: 'Aún no se han usado créditos.',
    more: 'Mostrar más',
    loadingMore: 'Cargando…',
  },
};
