/**
 * Which setting a server refusal is about. The reference server's WorkspaceConfigError (10) names
 * the property it refused ("daysUntilRemoval must be a whole number between 1 and 90."), so a
 * form can show the refusal beside that field, in the person's language, instead of only at the end.
 */
import { isApiError } from '@reviewdesk/api-client';

interface ErrorItem {
  code?: number;
  message?: string;
  error?: string;
}

/** The code and message items of a refused call (the result wrapper's `errors`). */
export function errorItemsOf(error: unknown): ErrorItem[] {
  if (!isApiError(error)) return [];
  const result = error.result as { errors?: unknown } | null;
  return Array.isArray(result?.errors) ? (result.errors as ErrorItem[]) : [];
}

/** The first of `keys` a refusal's message names, with the refusal's code. */
export function refusedField<K extends string>(error: unknown, keys: readonly K[]): { key: K; code: number } | null {
  for (const item of errorItemsOf(error)) {
    const text = item.message ?? item.error ?? '';
    const key = keys.find((k) => new RegExp(`\\b${k}\\b`).test(text));
    if (key) return { key, code: item.code ?? 0 };
  }
  return null;
}
