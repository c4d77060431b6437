// The words a Word export writes itself, in the reader's language: the heading of the fields
// without a group and the fields table's header. Field categories, group and column names are the
// workspace's data and stay as they are.
import type { Language } from '../cultures.js';

export interface DocxLabels {
  fields: string;
  field: string;
  value: string;
  page: string;
}

export const DOCX_LABELS: Readonly<Record<Language, DocxLabels>> = {
  pt: { fields: 'Campos', field: 'Campo', value: 'Valor', page: 'Página' },
  en: { fields: 'Fields', field: 'Field', value: 'Value', page: 'Page' },
  de: { fields: 'Felder', field: 'Feld', value: 'Wert', page: 'Seite' },
  fr: { fields: 'Champs', field: 'Champ', value: 'Valeur', page: 'Page' },
  es: { fields: 'Campos', field: 'Campo', value: 'Valor', page: 'Página' },
};
