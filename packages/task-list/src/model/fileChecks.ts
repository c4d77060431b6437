/**
 * Checks a file against the workspace's import rules before a byte is sent: maxFileSizeBytes and
 * supportedFileTypes (extensions such as `.pdf`). The server checks again (and looks at the
 * content); these checks only spare the user a doomed upload and say why in plain words.
 */
import { DEFAULT_MAX_FILE_SIZE_BYTES } from '@reviewdesk/api-client';

/** The workspace's rules, from GetWorkspaceCustomConfig. */
export interface ImportRules {
  maxFileSizeBytes: number;
  /** Lower-case extensions with their dot; empty means the server decides. */
  supportedFileTypes: readonly string[];
  externalIdRequired: boolean;
}

export const DEFAULT_IMPORT_RULES: ImportRules = {
  maxFileSizeBytes: DEFAULT_MAX_FILE_SIZE_BYTES,
  supportedFileTypes: [],
  externalIdRequired: false,
};

/** Normalises the configuration's extensions (`pdf`, `.PDF` → `.pdf`). */
export function normaliseExtensions(types: readonly string[] | null | undefined): string[] {
  return [
    ...new Set(
      (types ?? [])
        .map((t) => t.trim().toLowerCase())
        .filter(Boolean)
        .map((t) => (t.startsWith('.') ? t : `.${t}`)),
    ),
  ];
}

/** The extension of a file name with its dot, lower case; '' without one. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/** Why a file cannot be imported, or null when it can. */
export type FileProblem =
  | { kind: 'empty' }
  | { kind: 'tooLarge'; size: number; max: number }
  | { kind: 'wrongType'; extension: string; accepted: readonly string[] };

export function checkFile(file: { name: string; size: number }, rules: ImportRules): FileProblem | null {
  if (file.size === 0) return { kind: 'empty' };
  if (file.size > rules.maxFileSizeBytes) return { kind: 'tooLarge', size: file.size, max: rules.maxFileSizeBytes };
  return checkFileType(file.name, rules);
}

/**
 * The type check alone, for a file whose size is not known before the server fetches it (a file of
 * a file-sharing site: its listing gives no size, so the server alone can refuse it as too large).
 */
export function checkFileType(name: string, rules: ImportRules): FileProblem | null {
  const accepted = normaliseExtensions(rules.supportedFileTypes);
  const extension = extensionOf(name);
  if (accepted.length > 0 && !accepted.includes(extension)) return { kind: 'wrongType', extension, accepted };
  return null;
}

/** A byte count for people: 20 MB, 1.5 GB, 730 KB (binary multiples, as the spec counts 20 MB = 20,971,520 bytes). */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
  }).format(value);
}
