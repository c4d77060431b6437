// The context of a new task (TaskCreationRequest.context): only known properties, and the
// validation errors (1000–1026) that can be decided at creation.
import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { WorkspaceRow } from '../../db/schema.js';
import { fail } from './command-results.js';

const KNOWN_CONTEXT = new Set([
  'url',
  'blobPath',
  'containerName',
  'serviceName',
  'offsetStart',
  'offsetEnd',
  'qrCode',
  'splitOptions',
  'transcriptLanguage',
  'legalDocumentsTopic',
  'defaultSpeaker',
  'chunkPages',
  'translationGlossaryUrl',
  'sharePointSiteId',
  'sharePointDriveId',
  'sharePointItemId',
  'driveServiceName',
  'inputLanguage',
  'outputLanguage',
]);

const NOT_SPLITTABLE = new Set(['ImageAnonymization', 'LegalDocument', 'Translation']);

const isHttpUrl = (value: unknown) => {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** Context validation errors (1000–1026) that can be decided at creation. */
export function validateContext(context: Record<string, unknown> | null | undefined, workspace: WorkspaceRow): void {
  if (!context) return;
  for (const key of Object.keys(context)) {
    if (!KNOWN_CONTEXT.has(key)) {
      throw fail(TaskErrorCode.ContextUnknownProperty, `The context property '${key}' is not known.`);
    }
  }
  if (context.url != null && !isHttpUrl(context.url)) {
    throw fail(TaskErrorCode.ContextInvalidUrl, 'The context url is not a valid http(s) URL.');
  }
  if (context.translationGlossaryUrl != null && !isHttpUrl(context.translationGlossaryUrl)) {
    throw fail(TaskErrorCode.ContextInvalidTranslationGlossaryUrl, 'The translation glossary URL is not valid.');
  }
  const start = context.offsetStart;
  const end = context.offsetEnd;
  if (typeof start === 'number' && typeof end === 'number' && end < start) {
    throw fail(TaskErrorCode.ContextOffsetEndBeforeOffsetStart, 'offsetEnd must not be before offsetStart.');
  }
  const split = context.splitOptions as Record<string, unknown> | null | undefined;
  if (split != null) {
    if (typeof split !== 'object' || Array.isArray(split)) {
      throw fail(TaskErrorCode.ContextInvalidSplitOptions, 'splitOptions must be an object.');
    }
    if (split.enabled === true && NOT_SPLITTABLE.has(workspace.task_type)) {
      throw fail(TaskErrorCode.ContextTaskNotSplittable, `${workspace.task_type} tasks cannot be split.`);
    }
    for (const key of ['minutesPerChunk', 'pagesPerChunk'] as const) {
      const value = split[key];
      if (value != null && (typeof value !== 'number' || !Number.isInteger(value) || value < 1)) {
        throw fail(TaskErrorCode.ContextSplitChunkTooSmall, `${key} must be a whole number of at least 1.`);
      }
    }
  }
  const input = context.inputLanguage;
  const output = context.outputLanguage;
  if (typeof input === 'string' && typeof output === 'string' && input.toLowerCase() === output.toLowerCase()) {
    throw fail(
      TaskErrorCode.ContextOutputLanguageSameAsInput,
      'The output language must differ from the input language.',
    );
  }
}
