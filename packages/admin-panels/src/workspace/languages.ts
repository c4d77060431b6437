/**
 * Languages a workspace can be set to (WorkspaceLanguages: culture names, null = detect
 * automatically), named in the interface's own language by Intl.DisplayNames.
 */
export const WORKSPACE_LANGUAGE_CODES = [
  'pt-PT',
  'pt-BR',
  'en-US',
  'en-GB',
  'de-DE',
  'fr-FR',
  'es-ES',
  'it-IT',
  'nl-NL',
  'pl-PL',
] as const;

/** The options of a language picker: the known cultures, plus the current one if it is another. */
export function languageOptions(culture: string, current: string | null | undefined) {
  const names = new Intl.DisplayNames([culture], { type: 'language' });
  const codes: string[] = [...WORKSPACE_LANGUAGE_CODES];
  if (current && !codes.includes(current)) codes.push(current);
  return codes.map((code) => ({ value: code, label: names.of(code) ?? code }));
}
