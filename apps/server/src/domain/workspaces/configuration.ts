// A workspace's configuration: the JSON stored in `workspaces.configuration` read with the defaults
// of its task type, the contract's WorkspaceConfiguration / Workspace / WorkspaceCustomConfig shapes,
// and the checks of a full save (PUT Configuration). Limits: history removal 1–90 days (default
// 31), stuck after ≥ 1 hour, maxRestartCount ≥ 0, checkout ≥ 1 minute, max file size default 20 MB.
import type { WorkspaceRow } from '../../db/schema.js';
import { configError, validateCategories } from './fields.js';
import { pipelineOf } from './pipelines.js';
import { type TaskTypeTemplate, templateOf } from './task-type-catalogue.js';
import type { FieldDefinition, PredefinedText, SplitSettings, WorkspaceLanguages } from './types.js';

export const DEFAULTS = {
  maxFileSizeBytes: 20_971_520,
  checkoutExpireMinutes: 30,
  daysUntilHistoryRemoval: 31,
  maxRestartCount: 3,
  hoursUntilTasksConsideredStuck: 4,
  globalAverageConfidenceRateCheck: 0.8,
  fieldsConfidenceRateCheck: 0.7,
  pagesPerChunk: 10,
  minutesPerChunk: 10,
} as const;

export const LIMITS = {
  daysUntilHistoryRemoval: { min: 1, max: 90 },
  hoursUntilTasksConsideredStuck: { min: 1 },
  maxRestartCount: { min: 0 },
  checkoutExpireMinutes: { min: 1 },
  maxFileSizeBytes: { min: 1 },
} as const;

/** Task types whose files cannot be split into chunks (product spec §5). */
export const NOT_SPLITTABLE = new Set(['ImageAnonymization', 'LegalDocument', 'Translation']);

const FLAGS = [
  'allowGroups',
  'showSummaryTab',
  'allowEditableCategory',
  'allowAddingEntities',
  'allowSelectingTextWithOcr',
  'showNotNormalizedTableFields',
  'suggestAdvancedEditingMode',
  'showModalFinishReview',
  'showConfidenceInViewer',
  'showViewerAndTaskListSideBySide',
  'dropSmallTablesAutomatically',
  'forceSingleChunk',
  'externalIdRequired',
  'allowGlobalSave',
  'isToDelAfterExport',
  'isExpirationDisabled',
  'allowEmailImportFromOutsideTenant',
] as const;
const FLAGS_ON = new Set([
  'allowEditableCategory',
  'allowAddingEntities',
  'allowSelectingTextWithOcr',
  'showModalFinishReview',
  'showConfidenceInViewer',
  'allowGlobalSave',
]);
const THRESHOLDS = [
  'globalAverageConfidenceRateCheck',
  'globalAverageConfidenceRateEntry',
  'fieldsConfidenceRateCheck',
  'fieldsConfidenceRateEntry',
] as const;

type Stored = Record<string, unknown>;

export type WorkspaceConfiguration = Record<string, unknown> & {
  id: string;
  name: string;
  tenantId: string;
  pipelineId: string;
  taskType: string;
  categories: FieldDefinition[];
  fieldsToDetect: string[];
  fieldOrder: string[];
  requiredFields: string[];
  supportedFileTypes: string[];
  fileTypesToSkipReview: string[];
  maxFileSizeBytes: number;
  checkoutExpireMinutes: number;
  daysUntilHistoryRemoval: number;
  maxRestartCount: number;
  hoursUntilTasksConsideredStuck: number;
  predefinedTexts: PredefinedText[];
  languages: WorkspaceLanguages;
  recognizerHooks: string[];
  recognizerServiceName: string;
  splitSettings: Required<SplitSettings>;
  anonymizationFillColor: string | null;
};

const pick = <T>(stored: Stored, key: string, fallback: T): T =>
  stored[key] === undefined || stored[key] === null ? fallback : (stored[key] as T);

export function storedOf(row: WorkspaceRow): Stored {
  const value = row.configuration as unknown;
  if (typeof value === 'string') return JSON.parse(value) as Stored;
  return (value ?? {}) as Stored;
}

/** The stored configuration with every default filled in, in the contract's WorkspaceConfiguration shape. */
export function resolveConfiguration(row: WorkspaceRow): WorkspaceConfiguration {
  const stored = storedOf(row);
  const template = templateOf(row.task_type);
  const categories = pick<FieldDefinition[]>(stored, 'categories', template.baseFields);
  const fieldsToDetect = pick<string[]>(
    stored,
    'fieldsToDetect',
    categories.filter((c) => !c.parentCategoryKey).map((c) => c.categoryKey),
  );
  const storedLanguages = pick<WorkspaceLanguages>(stored, 'languages', {});
  const split = pick<SplitSettings>(stored, 'splitSettings', {});
  const config: WorkspaceConfiguration = {
    id: row.id,
    name: row.display_name,
    tenantId: row.tenant_id,
    pipelineId: pipelineOf(row).pipelineId,
    taskType: template.taskType,
    categories,
    fieldsToDetect,
    fieldOrder: pick<string[]>(stored, 'fieldOrder', fieldsToDetect),
    requiredFields: pick<string[]>(
      stored,
      'requiredFields',
      categories.filter((c) => c.fieldConfig.isRequired).map((c) => c.categoryKey),
    ),
    customForm: pick(stored, 'customForm', null),
    contextCustomForm: pick(stored, 'contextCustomForm', null),
    defaultsCustomForm: pick(stored, 'defaultsCustomForm', null),
    groupNameKey: pick(stored, 'groupNameKey', null),
    ...Object.fromEntries(FLAGS.map((flag) => [flag, pick(stored, flag, FLAGS_ON.has(flag))])),
    globalAverageConfidenceRateCheck: pick(
      stored,
      'globalAverageConfidenceRateCheck',
      DEFAULTS.globalAverageConfidenceRateCheck,
    ),
    globalAverageConfidenceRateEntry: pick(stored, 'globalAverageConfidenceRateEntry', null),
    fieldsConfidenceRateCheck: pick(stored, 'fieldsConfidenceRateCheck', DEFAULTS.fieldsConfidenceRateCheck),
    fieldsConfidenceRateEntry: pick(stored, 'fieldsConfidenceRateEntry', null),
    supportedFileTypes: pick<string[]>(stored, 'supportedFileTypes', template.supportedFileTypes),
    fileTypesToSkipReview: pick<string[]>(stored, 'fileTypesToSkipReview', []),
    customModel: pick(stored, 'customModel', null),
    templateName: template.displayName,
    templateDescription: template.description,
    recognizerServiceName: pick(stored, 'recognizerServiceName', template.recognizer),
    checkoutExpireMinutes: pick(stored, 'checkoutExpireMinutes', DEFAULTS.checkoutExpireMinutes),
    predefinedTexts: pick<PredefinedText[]>(stored, 'predefinedTexts', []),
    maxFileSizeBytes: pick(stored, 'maxFileSizeBytes', DEFAULTS.maxFileSizeBytes),
    languages: {
      languageCode: storedLanguages.languageCode ?? pick<string | null>(stored, 'transcriptLanguage', null),
      inputLanguageCode: storedLanguages.inputLanguageCode ?? null,
      outputLanguageCode: storedLanguages.outputLanguageCode ?? null,
    },
    daysUntilHistoryRemoval: pick(stored, 'daysUntilHistoryRemoval', DEFAULTS.daysUntilHistoryRemoval),
    maxRestartCount: pick(stored, 'maxRestartCount', DEFAULTS.maxRestartCount),
    hoursUntilTasksConsideredStuck: pick(
      stored,
      'hoursUntilTasksConsideredStuck',
      DEFAULTS.hoursUntilTasksConsideredStuck,
    ),
    anonymizationFillColor: pick<string | null>(
      stored,
      'anonymizationFillColor',
      template.group === 'anonymization' ? '#000000' : null,
    ),
    creditsMultiplierPerUnit: pick(stored, 'creditsMultiplierPerUnit', null),
    creditsTrainingMultiplierPerUnit: pick(stored, 'creditsTrainingMultiplierPerUnit', null),
    storageConfig: pick(stored, 'storageConfig', null),
    recognizerHooks: pick<string[]>(stored, 'recognizerHooks', []),
    splitSettings: {
      isEnabled: split.isEnabled ?? false,
      pagesPerChunk: split.pagesPerChunk ?? DEFAULTS.pagesPerChunk,
      minutesPerChunk: split.minutesPerChunk ?? DEFAULTS.minutesPerChunk,
    },
  };
  return config;
}

/** Whether the set-up of a workspace is complete: it takes files and, if it reviews fields, selects some. */
export function isConfigured(
  config: WorkspaceConfiguration,
  template: TaskTypeTemplate = templateOf(config.taskType),
): boolean {
  return config.supportedFileTypes.length > 0 && (!template.hasFields || config.fieldsToDetect.length > 0);
}

const CULTURE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

export function checkLanguages(languages: WorkspaceLanguages | undefined): void {
  for (const [key, code] of Object.entries(languages ?? {})) {
    if (code !== null && code !== undefined && !CULTURE.test(code)) {
      throw configError(`The language '${code}' (${key}) is not a culture name such as en-US.`);
    }
  }
}

const inRange = (name: keyof typeof LIMITS, value: unknown, label = name) => {
  if (value === undefined) return;
  const limit = LIMITS[name] as { min: number; max?: number };
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < limit.min ||
    (limit.max !== undefined && value > limit.max)
  ) {
    const range = limit.max === undefined ? `at least ${limit.min}` : `between ${limit.min} and ${limit.max}`;
    throw configError(`${label} must be a whole number ${range}.`);
  }
};

/** Lower-cased, de-duplicated extensions. */
export const normaliseExtensions = (list: string[]) => [...new Set(list.map((e) => e.toLowerCase()))];

/** Range and consistency checks shared by PUT Configuration and PATCH AdvancedSettings. */
export function checkLimits(
  values: {
    daysUntilHistoryRemoval?: unknown;
    hoursUntilTasksConsideredStuck?: unknown;
    maxRestartCount?: unknown;
    checkoutExpireMinutes?: unknown;
    maxFileSizeBytes?: unknown;
    supportedFileTypes?: string[];
    fileTypesToSkipReview?: string[];
    splitSettings?: SplitSettings;
    taskType: string;
    thresholds?: Record<string, unknown>;
  },
  daysLabel = 'daysUntilHistoryRemoval',
): void {
  inRange('daysUntilHistoryRemoval', values.daysUntilHistoryRemoval, daysLabel as 'daysUntilHistoryRemoval');
  inRange('hoursUntilTasksConsideredStuck', values.hoursUntilTasksConsideredStuck);
  inRange('maxRestartCount', values.maxRestartCount);
  inRange('checkoutExpireMinutes', values.checkoutExpireMinutes);
  inRange('maxFileSizeBytes', values.maxFileSizeBytes);
  for (const [name, value] of Object.entries(values.thresholds ?? {})) {
    if (value !== null && value !== undefined && (typeof value !== 'number' || value < 0 || value > 1)) {
      throw configError(`${name} must be between 0 and 1.`);
    }
  }
  if (values.supportedFileTypes && values.fileTypesToSkipReview) {
    const supported = new Set(normaliseExtensions(values.supportedFileTypes));
    for (const ext of normaliseExtensions(values.fileTypesToSkipReview)) {
      if (!supported.has(ext))
        throw configError(`The file type '${ext}' skips review but is not a supported file type.`);
    }
  }
  if (values.splitSettings?.isEnabled && NOT_SPLITTABLE.has(values.taskType)) {
    throw configError(`Tasks of type ${values.taskType} cannot be split.`);
  }
}

/**
 * Checks a full configuration (PUT) and returns what to store. Values the server owns (tenant,
 * pipeline, credit multipliers, custom model, template name) are ignored, and so are storage and
 * recognizer hooks, which have their own calls and permissions (Storage/{id}, RecognizerHooks/{id}).
 */
export function configurationToStore(current: WorkspaceConfiguration, body: Stored): Stored {
  const categories = body.categories as FieldDefinition[];
  validateCategories(categories);
  const keys = new Set(categories.map((c) => c.categoryKey));
  for (const list of ['fieldsToDetect', 'fieldOrder', 'requiredFields'] as const) {
    for (const key of body[list] as string[]) {
      if (!keys.has(key)) throw configError(`The key '${key}' of ${list} is not a field of this workspace.`);
    }
  }
  const groupNameKey = body.groupNameKey as string | null | undefined;
  if (groupNameKey && !keys.has(groupNameKey)) {
    throw configError(`The group name key '${groupNameKey}' is not a field of this workspace.`);
  }
  checkLimits({
    ...body,
    supportedFileTypes: body.supportedFileTypes as string[],
    fileTypesToSkipReview: (body.fileTypesToSkipReview as string[] | undefined) ?? current.fileTypesToSkipReview,
    splitSettings: body.splitSettings as SplitSettings | undefined,
    taskType: current.taskType,
    thresholds: Object.fromEntries(THRESHOLDS.map((t) => [t, body[t]])),
  });
  checkLanguages(body.languages as WorkspaceLanguages | undefined);
  const predefinedTexts = (body.predefinedTexts as PredefinedText[] | undefined) ?? current.predefinedTexts;
  checkPredefinedTexts(predefinedTexts);
  // A field listed as required is required, and the other way round.
  const requiredKeys = new Set([
    ...(body.requiredFields as string[]),
    ...categories.filter((c) => c.fieldConfig.isRequired).map((c) => c.categoryKey),
  ]);
  const normalised = categories.map((c) => ({
    ...c,
    fieldConfig: { ...c.fieldConfig, isRequired: requiredKeys.has(c.categoryKey) },
  }));
  const {
    id: _id,
    tenantId: _tenant,
    pipelineId: _pipeline,
    taskType: _taskType,
    name: _name,
    customModel: _model,
    creditsMultiplierPerUnit: _c1,
    creditsTrainingMultiplierPerUnit: _c2,
    templateName: _tn,
    templateDescription: _td,
    storageConfig: _storage,
    recognizerHooks: _hooks,
    ...rest
  } = body;
  return {
    ...rest,
    categories: normalised,
    requiredFields: normalised.filter((c) => c.fieldConfig.isRequired).map((c) => c.categoryKey),
    supportedFileTypes: normaliseExtensions(body.supportedFileTypes as string[]),
    fileTypesToSkipReview: normaliseExtensions(
      (body.fileTypesToSkipReview as string[] | undefined) ?? current.fileTypesToSkipReview,
    ),
    predefinedTexts,
  };
}

/** Predefined texts: no empty text, no id twice. */
export function checkPredefinedTexts(texts: PredefinedText[]): void {
  const ids = new Set<string>();
  for (const [index, t] of texts.entries()) {
    if (!t.text.trim()) throw configError(`The predefined text ${index + 1} is empty.`);
    if (ids.has(t.id.toLowerCase())) throw configError(`The predefined text id '${t.id}' is used twice.`);
    ids.add(t.id.toLowerCase());
  }
}

/** The contract's Workspace (basic record). */
export function toWorkspaceRecord(row: WorkspaceRow, emailAlias: string | null) {
  const config = resolveConfiguration(row);
  const template = templateOf(row.task_type);
  return {
    id: row.id,
    displayName: row.display_name,
    description: row.description,
    isDefault: row.is_default,
    languages: config.languages,
    tenantId: row.tenant_id,
    workspaceType: row.workspace_type,
    templateType: row.template_type,
    allowGlobalSave: config.allowGlobalSave as boolean,
    checkoutExpireMinutes: config.checkoutExpireMinutes,
    pipelineId: config.pipelineId,
    daysUntilHistoryRemoval: config.daysUntilHistoryRemoval,
    maxRestartCount: config.maxRestartCount,
    hoursUntilTasksConsideredStuck: config.hoursUntilTasksConsideredStuck,
    customConfigRowKey: null,
    trainingConfigRowKey: null,
    storageConfigRowKey: null,
    templatePartitionKey: template.group,
    templateRowKey: template.taskType,
    emailAlias,
    customModelId: (config.customModel as { id?: string } | null)?.id ?? null,
    softDeleted: row.soft_deleted,
  };
}

/** The contract's WorkspaceCustomConfig: the configuration as the pipeline and the import dialog see it. */
export function toCustomConfig(row: WorkspaceRow, tenantCode: string | null) {
  const config = resolveConfiguration(row);
  const pipeline = pipelineOf(row, tenantCode);
  return {
    workspaceId: row.id,
    tenantCode,
    pipelineId: pipeline.pipelineId,
    taskType: config.taskType,
    detectableFields: config.categories,
    customFormValuesCustomForm: config.customForm ?? null,
    customFormValuesDefaultsCustomForm: config.defaultsCustomForm ?? null,
    contextCustomForm: config.contextCustomForm ?? null,
    externalIdRequired: config.externalIdRequired as boolean,
    suggestAdvancedEditingMode: config.suggestAdvancedEditingMode as boolean,
    supportedFileTypes: config.supportedFileTypes,
    forceSingleChunk: config.forceSingleChunk as boolean,
    maxFileSizeBytes: config.maxFileSizeBytes,
    preProcessingStepIds: pipeline.preProcessingStepIds,
    recognizerStepId: pipeline.recognizerStepId,
    postProcessingStepIds: pipeline.postProcessingStepIds,
    integrationStepIds: pipeline.integrationStepIds,
  };
}
