// The words a Word export writes itself, in the reader's language: the heading of the fields
// without a group, the fields table's header and a translation's heading. Field categories, group and column names are the
// workspace's data and stay as they are.
import type { Language } from '../cultures.js';

export interface DocxLabels {
  fields: string;
  field: string;
  value: string;
  page: string;
  /** A Translation task's heading, before the language pair. */
  translation: string;
}

export const DOCX_LABELS: Readonly<Record<Language, DocxLabels>> = {
  pt: { fields: 'Campos', field: 'Campo', value: 'Valor', page: 'Página', translation: 'Tradução' },
  en: { fields: 'Fields', field: 'Field', value: 'Value', page: 'Page', translation: 'Translation' },
  de: { fields: 'Felder', field: 'Feld', value: 'Wert', page: 'Seite', translation: 'Übersetzung' },
  fr: { fields: 'Champs', field: 'Champ', value: 'Valeur', page: 'Page', translation: 'Traduction' },
  es: { fields: 'Campos', field: 'Campo', value: 'Valor', page: 'Página', translation: 'Traducción' },
};
