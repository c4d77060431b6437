// Advanced settings (SdWorkspace/AdvancedSettings/{workspaceId}): the settings variant of the
// configuration. History removal 1–90 days (default 31), stuck after at least 1 hour, restarts ≥ 0,
// checkout ≥ 1 minute, file size ≥ 1 byte (default 20 MB); breaking one is WorkspaceConfigError (10).
// `detectableFields` is informative and ignored on PATCH; properties left out keep their value.
import type { Db } from '../../db/database.js';
import type { Session } from '../session.js';
import { openWorkspace } from './access.js';
import {
  checkLimits,
  normaliseExtensions,
  resolveConfiguration,
  storedOf,
  type WorkspaceConfiguration,
} from './configuration.js';
import type { SplitSettings } from './types.js';

const PASSED_THROUGH = [
  'hoursUntilTasksConsideredStuck',
  'maxRestartCount',
  'checkoutExpireMinutes',
  'maxFileSizeBytes',
  'externalIdRequired',
  'allowGlobalSave',
  'isToDelAfterExport',
  'isExpirationDisabled',
  'allowEmailImportFromOutsideTenant',
  'forceSingleChunk',
  'globalAverageConfidenceRateCheck',
  'globalAverageConfidenceRateEntry',
  'fieldsConfidenceRateCheck',
  'fieldsConfidenceRateEntry',
  'anonymizationFillColor',
] as const;

export function toAdvancedSettings(config: WorkspaceConfiguration) {
  return {
    daysUntilRemoval: config.daysUntilHistoryRemoval,
    ...Object.fromEntries(PASSED_THROUGH.map((key) => [key, config[key]])),
    supportedFileTypes: config.supportedFileTypes,
    fileTypesToSkipReview: config.fileTypesToSkipReview,
    detectableFields: config.categories,
    splitSettings: config.splitSettings,
  } as Record<string, unknown> & { daysUntilRemoval: number };
}

export async function getAdvancedSettings(db: Db, session: Session, workspaceId: string) {
  const { row } = await openWorkspace(db, session, workspaceId);
  return toAdvancedSettings(resolveConfiguration(row));
}

export async function patchAdvancedSettings(
  db: Db,
  session: Session,
  workspaceId: string,
  body: Record<string, unknown>,
) {
  const { scope, row } = await openWorkspace(db, session, workspaceId);
  const current = resolveConfiguration(row);
  const supportedFileTypes = (body.supportedFileTypes as string[] | undefined) ?? current.supportedFileTypes;
  const fileTypesToSkipReview = (body.fileTypesToSkipReview as string[] | undefined) ?? current.fileTypesToSkipReview;
  const splitSettings = { ...current.splitSettings, ...((body.splitSettings as SplitSettings | undefined) ?? {}) };
  checkLimits(
    {
      daysUntilHistoryRemoval: body.daysUntilRemoval,
      hoursUntilTasksConsideredStuck: body.hoursUntilTasksConsideredStuck,
      maxRestartCount: body.maxRestartCount,
      checkoutExpireMinutes: body.checkoutExpireMinutes,
      maxFileSizeBytes: body.maxFileSizeBytes,
      supportedFileTypes,
      fileTypesToSkipReview,
      splitSettings,
      taskType: current.taskType,
      thresholds: {
        globalAverageConfidenceRateCheck: body.globalAverageConfidenceRateCheck,
        globalAverageConfidenceRateEntry: body.globalAverageConfidenceRateEntry,
        fieldsConfidenceRateCheck: body.fieldsConfidenceRateCheck,
        fieldsConfidenceRateEntry: body.fieldsConfidenceRateEntry,
      },
    },
    'daysUntilRemoval',
  );
  const changes: Record<string, unknown> = {
    daysUntilHistoryRemoval: body.daysUntilRemoval,
    supportedFileTypes: normaliseExtensions(supportedFileTypes),
    fileTypesToSkipReview: normaliseExtensions(fileTypesToSkipReview),
    splitSettings,
  };
  for (const key of PASSED_THROUGH) if (body[key] !== undefined) changes[key] = body[key];
  const configuration = { ...storedOf(row), ...changes };
  await scope.update(workspaceId, { configuration });
  const saved = resolveConfiguration({ ...row, configuration });
  return { succeeded: true, errors: [], result: toAdvancedSettings(saved) };
}
