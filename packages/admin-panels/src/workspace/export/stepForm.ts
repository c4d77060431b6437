/**
 * A pipeline step's configuration form (its `configurationCustomForm`) as plain fields, and the
 * checks the server makes of the values (POST StepConfig: required fields, min and max — of a number
 * or of a text's length —, a regular expression with the form's own message), made here first so
 * the person sees them beside each field.
 */
import type { Schema } from '@reviewdesk/api-client';

export type FormField = Schema<'FormField'>;
export type FormValues = Schema<'FormFieldValues'>;
export type FormValue = Schema<'FormFieldValue'>;

/** How a field is edited here. */
export type Control = 'switch' | 'number' | 'select' | 'password' | 'area' | 'text';

export function controlOf(field: FormField): Control {
  switch (field.type) {
    case 11:
    case 23:
      return 'switch';
    case 7:
    case 19:
    case 20:
      return 'number';
    case 9:
      return 'select';
    case 8:
      return 'password';
    case 4:
      return 'area';
    default:
      return 'text';
  }
}

/** The visible fields of a form, in order of its sections. */
export function fieldsOf(form: Schema<'CustomForm'> | null | undefined): FormField[] {
  return (form?.sections ?? []).flatMap((section) => section.fields ?? []).filter((f) => !f.hidden && f.name);
}

export type FieldProblem =
  | { kind: 'required' }
  | { kind: 'number' }
  | { kind: 'min'; limit: number; length: boolean }
  | { kind: 'max'; limit: number; length: boolean }
  | { kind: 'pattern'; message: string };

const isEmpty = (value: FormValue | undefined) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

export function fieldProblem(field: FormField, value: FormValue | undefined): FieldProblem | null {
  const config = field.configurations;
  if (isEmpty(value)) return field.isRequired ? { kind: 'required' } : null;
  if (controlOf(field) === 'number') {
    const n = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
    if (!Number.isFinite(n)) return { kind: 'number' };
    if (config?.min !== undefined && config.min !== null && n < config.min)
      return { kind: 'min', limit: config.min, length: false };
    if (config?.max !== undefined && config.max !== null && n > config.max)
      return { kind: 'max', limit: config.max, length: false };
    return null;
  }
  if (typeof value === 'string') {
    if (config?.min !== undefined && config.min !== null && value.length < config.min)
      return { kind: 'min', limit: config.min, length: true };
    if (config?.max !== undefined && config.max !== null && value.length > config.max)
      return { kind: 'max', limit: config.max, length: true };
    const match = config?.matches;
    if (match?.regExp) {
      try {
        if (!new RegExp(match.regExp).test(value)) return { kind: 'pattern', message: match.message ?? match.regExp };
      } catch {
        // A pattern this browser cannot read is left to the server.
      }
    }
  }
  return null;
}

/** The values to send: numbers as numbers, the rest as typed. */
export function valuesToSend(fields: readonly FormField[], values: FormValues): FormValues {
  const out: FormValues = { ...values };
  for (const field of fields) {
    const value = values[field.name ?? ''];
    if (controlOf(field) === 'number' && typeof value === 'string')
      out[field.name ?? ''] = value.trim() ? Number(value.replace(',', '.')) : null;
  }
  return out;
}
