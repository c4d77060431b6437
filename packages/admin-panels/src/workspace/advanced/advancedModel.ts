/**
 * The advanced settings as a form: the contract's AdvancedSettings turned into what the person types
 * (numbers as text, the file size in MB, confidence thresholds in percent) and back, with the limits
 * of product-spec §5 and the contract checked per field before anything is sent: history 1–90 days,
 * stuck after at least 1 hour, restarts at least 0, checkout at least 1 minute, file size above 0,
 * split chunks at least 1 page or minute, thresholds 0–100 %, fill colour #rrggbb or #rrggbbaa,
 * extensions like `.pdf`, and file types that skip review among the supported ones.
 */
import type { Schema } from '@reviewdesk/api-client';

export type AdvancedSettings = Schema<'AdvancedSettings'>;

export const NUMBER_KEYS = [
  'daysUntilRemoval',
  'hoursUntilTasksConsideredStuck',
  'maxRestartCount',
  'checkoutExpireMinutes',
  'maxFileSizeMb',
  'pagesPerChunk',
  'minutesPerChunk',
] as const;
export const THRESHOLD_KEYS = [
  'globalAverageConfidenceRateCheck',
  'globalAverageConfidenceRateEntry',
  'fieldsConfidenceRateCheck',
  'fieldsConfidenceRateEntry',
] as const;
export const FLAG_KEYS = [
  'externalIdRequired',
  'allowGlobalSave',
  'isExpirationDisabled',
  'allowEmailImportFromOutsideTenant',
  'forceSingleChunk',
] as const;

export type NumberKey = (typeof NUMBER_KEYS)[number];
export type ThresholdKey = (typeof THRESHOLD_KEYS)[number];
export type FlagKey = (typeof FLAG_KEYS)[number];

/** Inclusive limits; `max` absent means none. `whole` numbers only unless said. */
export const LIMITS: Record<NumberKey, { min: number; max?: number; whole: boolean }> = {
  daysUntilRemoval: { min: 1, max: 90, whole: true },
  hoursUntilTasksConsideredStuck: { min: 1, whole: true },
  maxRestartCount: { min: 0, whole: true },
  checkoutExpireMinutes: { min: 1, whole: true },
  maxFileSizeMb: { min: 0.01, whole: false },
  pagesPerChunk: { min: 1, whole: true },
  minutesPerChunk: { min: 1, whole: true },
};

const MB = 1024 * 1024;
export const EXTENSION = /^\.[A-Za-z0-9]+$/;
export const EXTENSION_MAX = 16;
export const FILL_COLOUR = /^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$/;

export interface AdvancedDraft {
  numbers: Record<NumberKey, string>;
  thresholds: Record<ThresholdKey, string>;
  flags: Record<FlagKey, boolean>;
  splitEnabled: boolean;
  supportedFileTypes: string[];
  fileTypesToSkipReview: string[];
  anonymizationFillColor: string;
}

const percent = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(Math.round(value * 10000) / 100);

export function draftOf(settings: AdvancedSettings): AdvancedDraft {
  return {
    numbers: {
      daysUntilRemoval: String(settings.daysUntilRemoval),
      hoursUntilTasksConsideredStuck: String(settings.hoursUntilTasksConsideredStuck),
      maxRestartCount: String(settings.maxRestartCount),
      checkoutExpireMinutes: String(settings.checkoutExpireMinutes),
      maxFileSizeMb: String(Math.round(((settings.maxFileSizeBytes ?? 20_971_520) / MB) * 100) / 100),
      pagesPerChunk: String(settings.splitSettings?.pagesPerChunk ?? 10),
      minutesPerChunk: String(settings.splitSettings?.minutesPerChunk ?? 10),
    },
    thresholds: {
      globalAverageConfidenceRateCheck: percent(settings.globalAverageConfidenceRateCheck),
      globalAverageConfidenceRateEntry: percent(settings.globalAverageConfidenceRateEntry),
      fieldsConfidenceRateCheck: percent(settings.fieldsConfidenceRateCheck),
      fieldsConfidenceRateEntry: percent(settings.fieldsConfidenceRateEntry),
    },
    flags: {
      externalIdRequired: settings.externalIdRequired ?? false,
      allowGlobalSave: settings.allowGlobalSave ?? true,
      isExpirationDisabled: settings.isExpirationDisabled ?? false,
      allowEmailImportFromOutsideTenant: settings.allowEmailImportFromOutsideTenant ?? false,
      forceSingleChunk: settings.forceSingleChunk ?? false,
    },
    splitEnabled: settings.splitSettings?.isEnabled ?? false,
    supportedFileTypes: [...(settings.supportedFileTypes ?? [])],
    fileTypesToSkipReview: [...(settings.fileTypesToSkipReview ?? [])],
    anonymizationFillColor: settings.anonymizationFillColor ?? '',
  };
}

export type Problem =
  | { kind: 'required' }
  | { kind: 'whole' }
  | { kind: 'range'; min: number; max: number }
  | { kind: 'atLeast'; min: number }
  | { kind: 'colour' }
  | { kind: 'noFileTypes' };

/** Field name (a number, threshold key or `anonymizationFillColor`, `supportedFileTypes`) → problem. */
export function problemsOf(draft: AdvancedDraft): Map<string, Problem> {
  const problems = new Map<string, Problem>();
  for (const key of NUMBER_KEYS) {
    const text = draft.numbers[key].trim().replace(',', '.');
    const limit = LIMITS[key];
    const value = Number(text);
    if (!text) problems.set(key, { kind: 'required' });
    else if (!Number.isFinite(value)) problems.set(key, { kind: 'whole' });
    else if (limit.whole && !Number.isInteger(value)) problems.set(key, { kind: 'whole' });
    else if (value < limit.min || (limit.max !== undefined && value > limit.max))
      problems.set(
        key,
        limit.max === undefined
          ? { kind: 'atLeast', min: limit.min }
          : { kind: 'range', min: limit.min, max: limit.max },
      );
  }
  for (const key of THRESHOLD_KEYS) {
    const text = draft.thresholds[key].trim().replace(',', '.');
    if (!text) continue;
    const value = Number(text);
    if (!Number.isFinite(value) || value < 0 || value > 100) problems.set(key, { kind: 'range', min: 0, max: 100 });
  }
  if (draft.anonymizationFillColor && !FILL_COLOUR.test(draft.anonymizationFillColor))
    problems.set('anonymizationFillColor', { kind: 'colour' });
  if (draft.supportedFileTypes.length === 0) problems.set('supportedFileTypes', { kind: 'noFileTypes' });
  return problems;
}

const number = (text: string) => Number(text.trim().replace(',', '.'));
const threshold = (text: string) => (text.trim() ? Math.round(number(text) * 100) / 10000 : null);

/** The body of PATCH AdvancedSettings (detectableFields left out: the server ignores it). */
export function settingsOf(draft: AdvancedDraft): AdvancedSettings {
  const skip = new Set(draft.supportedFileTypes);
  return {
    daysUntilRemoval: number(draft.numbers.daysUntilRemoval),
    hoursUntilTasksConsideredStuck: number(draft.numbers.hoursUntilTasksConsideredStuck),
    maxRestartCount: number(draft.numbers.maxRestartCount),
    checkoutExpireMinutes: number(draft.numbers.checkoutExpireMinutes),
    maxFileSizeBytes: Math.round(number(draft.numbers.maxFileSizeMb) * MB),
    ...draft.flags,
    globalAverageConfidenceRateCheck: threshold(draft.thresholds.globalAverageConfidenceRateCheck),
    globalAverageConfidenceRateEntry: threshold(draft.thresholds.globalAverageConfidenceRateEntry),
    fieldsConfidenceRateCheck: threshold(draft.thresholds.fieldsConfidenceRateCheck),
    fieldsConfidenceRateEntry: threshold(draft.thresholds.fieldsConfidenceRateEntry),
    supportedFileTypes: draft.supportedFileTypes,
    // A type no longer supported cannot skip review either (the server refuses the pair).
    fileTypesToSkipReview: draft.fileTypesToSkipReview.filter((ext) => skip.has(ext)),
    anonymizationFillColor: draft.anonymizationFillColor || null,
    splitSettings: {
      isEnabled: draft.splitEnabled,
      pagesPerChunk: number(draft.numbers.pagesPerChunk),
      minutesPerChunk: number(draft.numbers.minutesPerChunk),
    },
  };
}

/** A typed extension made canonical (`PDF` → `.pdf`), or null when it cannot be one. */
export function extensionOf(typed: string): string | null {
  const text = typed.trim().toLowerCase();
  const ext = text.startsWith('.') ? text : `.${text}`;
  return EXTENSION.test(ext) && ext.length <= EXTENSION_MAX ? ext : null;
}

/** The server's property name for a form field, to place a server refusal (serverProblems.ts). */
export const SERVER_KEYS: Record<string, string> = {
  daysUntilRemoval: 'daysUntilRemoval',
  hoursUntilTasksConsideredStuck: 'hoursUntilTasksConsideredStuck',
  maxRestartCount: 'maxRestartCount',
  checkoutExpireMinutes: 'checkoutExpireMinutes',
  maxFileSizeBytes: 'maxFileSizeMb',
  pagesPerChunk: 'pagesPerChunk',
  minutesPerChunk: 'minutesPerChunk',
  globalAverageConfidenceRateCheck: 'globalAverageConfidenceRateCheck',
  globalAverageConfidenceRateEntry: 'globalAverageConfidenceRateEntry',
  fieldsConfidenceRateCheck: 'fieldsConfidenceRateCheck',
  fieldsConfidenceRateEntry: 'fieldsConfidenceRateEntry',
  anonymizationFillColor: 'anonymizationFillColor',
  supportedFileTypes: 'supportedFileTypes',
  fileTypesToSkipReview: 'supportedFileTypes',
  split: 'splitEnabled',
};
