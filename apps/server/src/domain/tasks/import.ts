// Creating a task from a file (Import, Process): the workspace's rules are checked in a fixed
// order, the file's real type is read from its bytes, and the task starts in QueuedForPreProcessing
// (30) for the pipeline to pick up. The uploaded name is kept as data only; the bytes live under a
// generated storage key.

import { randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { Db } from '../../db/database.js';
import { TasksRepository } from '../../db/repositories/tasks.js';
import type { WorkspaceRow } from '../../db/schema.js';
import { detectFileType, type FileKind } from '../../formats/file-type.js';
import { type BlobStorage, blobStorageFor } from '../../storage/blob-storage.js';
import { describeStored, FileTooLargeError, type IngestedFile, ingest } from '../../storage/ingest.js';
import { forbidden, invalid } from '../errors.js';
import type { Services } from '../services.js';
import type { Session } from '../session.js';
import { canAccessWorkspace } from '../workspaces/access.js';
import { validateAssignment } from './assignment.js';
import { actorOf, apiClientOf } from './callers.js';
import { recordEvent, TASK_EVENT } from './events.js';
import { TASK_STATUS } from './flags.js';

export const DEFAULT_MAX_FILE_SIZE_BYTES = 20_971_520;
/** Cap while the workspace is not known yet (a multipart file part before the workspaceId field). */
export const ABSOLUTE_MAX_FILE_SIZE_BYTES = 2 * 1024 * 1024 * 1024;

export const taskError = (code: number, message: string) => invalid(message, code);

/** The creation fields of TaskCreationRequest (Import's multipart fields, Process's JSON). */
export interface CreationFields {
  workspaceId: string;
  externalId?: string | null | undefined;
  displayName?: string | null | undefined;
  description?: string | null | undefined;
  batchId?: string | null | undefined;
  forceAddToBatch?: boolean | undefined;
  priority?: number | null | undefined;
  context?: Record<string, unknown> | null | undefined;
  customFormValues?: Record<string, unknown> | null | undefined;
  id?: string | null | undefined;
  taskAssignment?: { assignedUsers: string[]; order: number } | null | undefined;
  metadata?: Record<string, string> | null | undefined;
  isImportedViaWeb?: boolean | undefined;
  useHigherQuality?: boolean | undefined;
  url?: string | null | undefined;
  uploadId?: string | null | undefined;
}

/** A file already taken into storage by the handler (the multipart part). */
export interface ReceivedFile extends IngestedFile {
  fileName: string;
}

export interface WorkspaceRules {
  maxFileSizeBytes: number;
  supportedFileTypes: string[];
  externalIdRequired: boolean;
  maxRestartCount: number;
}

export function workspaceRules(workspace: WorkspaceRow): WorkspaceRules {
  const config = (workspace.configuration ?? {}) as Record<string, unknown>;
  const max = Number(config.maxFileSizeBytes);
  const restarts = Number(config.maxRestartCount);
  return {
    maxFileSizeBytes: Number.isFinite(max) && max > 0 ? max : DEFAULT_MAX_FILE_SIZE_BYTES,
    supportedFileTypes: Array.isArray(config.supportedFileTypes)
      ? (config.supportedFileTypes as unknown[]).map((t) => normalizeExtension(String(t)))
      : [],
    externalIdRequired: config.externalIdRequired === true,
    maxRestartCount: Number.isFinite(restarts) && restarts >= 0 ? restarts : 3,
  };
}

const normalizeExtension = (ext: string) => (ext.startsWith('.') ? ext : `.${ext}`).toLowerCase();

/** Extensions that stand for a detected kind (a workspace lists extensions). */
const EXTENSIONS: Record<FileKind, string[]> = {
  pdf: ['.pdf'],
  png: ['.png'],
  jpeg: ['.jpg', '.jpeg'],
  tiff: ['.tif', '.tiff'],
  gif: ['.gif'],
  webp: ['.webp'],
  bmp: ['.bmp'],
  mp3: ['.mp3'],
  wav: ['.wav'],
  mp4: ['.mp4'],
  mov: ['.mov'],
  m4a: ['.m4a'],
  ogg: ['.ogg'],
  flac: ['.flac'],
  webm: ['.webm'],
  mkv: ['.mkv'],
  docx: ['.docx'],
  xlsx: ['.xlsx'],
  pptx: ['.pptx'],
  'legacy-office': ['.doc', '.xls', '.ppt'],
  zip: ['.zip'],
  'einvoice-xml': ['.xml'],
};

/** A name safe to show and keep: no folders, no control characters, at most 255 characters. */
export function cleanFileName(name: string | null | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // Control characters (C0, DEL, C1) and the bidirectional embeddings, overrides and isolates
  // (U+202A–U+202E, U+2066–U+2069), which make `invoice\u202Efdp.exe` show as `invoiceexe.pdf`.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  // Cut by code points, so that a character outside the BMP is never split into a lone surrogate.
  return Array.from(cleaned).slice(0, 255).join('');
}

/** The workspace of the caller's tenant, else 403 NoWorkspaceAccess (another tenant's id looks the same). */
export async function workspaceForTask(db: Db, session: Session, workspaceId: string): Promise<WorkspaceRow> {
  const workspace = await session.scope.workspace(workspaceId);
  // API clients act for the whole tenant; people only in the workspaces they belong to.
  const reachable = apiClientOf(session) !== null || (await canAccessWorkspace(db, session, workspaceId));
  if (!workspace || workspace.soft_deleted || !reachable) {
    throw forbidden('You have no access to this workspace.', TaskErrorCode.NoWorkspaceAccess);
  }
  return workspace;
}

/** The size limit for a file part: the workspace's when it can be found, the absolute cap otherwise. */
export async function fileLimitFor(session: Session, workspaceId: unknown): Promise<number> {
  if (typeof workspaceId !== 'string' || !/^[0-9a-f-]{36}$/i.test(workspaceId)) return ABSOLUTE_MAX_FILE_SIZE_BYTES;
  const workspace = await session.scope.workspace(workspaceId);
  return workspace ? workspaceRules(workspace).maxFileSizeBytes : ABSOLUTE_MAX_FILE_SIZE_BYTES;
}

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
      throw taskError(TaskErrorCode.ContextUnknownProperty, `The context property '${key}' is not known.`);
    }
  }
  if (context.url != null && !isHttpUrl(context.url)) {
    throw taskError(TaskErrorCode.ContextInvalidUrl, 'The context url is not a valid http(s) URL.');
  }
  if (context.translationGlossaryUrl != null && !isHttpUrl(context.translationGlossaryUrl)) {
    throw taskError(TaskErrorCode.ContextInvalidTranslationGlossaryUrl, 'The translation glossary URL is not valid.');
  }
  const start = context.offsetStart;
  const end = context.offsetEnd;
  if (typeof start === 'number' && typeof end === 'number' && end < start) {
    throw taskError(TaskErrorCode.ContextOffsetEndBeforeOffsetStart, 'offsetEnd must not be before offsetStart.');
  }
  const split = context.splitOptions as Record<string, unknown> | null | undefined;
  if (split != null) {
    if (typeof split !== 'object' || Array.isArray(split)) {
      throw taskError(TaskErrorCode.ContextInvalidSplitOptions, 'splitOptions must be an object.');
    }
    if (split.enabled === true && NOT_SPLITTABLE.has(workspace.task_type)) {
      throw taskError(TaskErrorCode.ContextTaskNotSplittable, `${workspace.task_type} tasks cannot be split.`);
    }
    for (const key of ['minutesPerChunk', 'pagesPerChunk'] as const) {
      const value = split[key];
      if (value != null && (typeof value !== 'number' || !Number.isInteger(value) || value < 1)) {
        throw taskError(TaskErrorCode.ContextSplitChunkTooSmall, `${key} must be a whole number of at least 1.`);
      }
    }
  }
  const input = context.inputLanguage;
  const output = context.outputLanguage;
  if (typeof input === 'string' && typeof output === 'string' && input.toLowerCase() === output.toLowerCase()) {
    throw taskError(
      TaskErrorCode.ContextOutputLanguageSameAsInput,
      'The output language must differ from the input language.',
    );
  }
}

// --- files from a URL ---

const PRIVATE_V4 = [
  /^10\./,
  /^127\./,
  /^169\.254\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^192\.168\./,
  /^0\./,
  /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./,
];

function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 4) return PRIVATE_V4.some((r) => r.test(address));
  const a = address.toLowerCase();
  if (a.startsWith('::ffff:')) return isPrivateAddress(a.slice(7));
  return a === '::1' || a === '::' || a.startsWith('fc') || a.startsWith('fd') || a.startsWith('fe80');
}

/** Refuses URLs that point into the server's own network, unless URL_IMPORT_ALLOW_PRIVATE=true. */
async function assertPublicHost(url: URL): Promise<void> {
  if (process.env.URL_IMPORT_ALLOW_PRIVATE === 'true') return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  if (addresses.some(isPrivateAddress)) throw new Error('private address');
}

function nameFromResponse(response: Response, url: URL): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  let name = '';
  try {
    name = star?.[1]
      ? decodeURIComponent(star[1])
      : (plain?.[1] ?? decodeURIComponent(url.pathname.split('/').pop() ?? ''));
  } catch {
    name = url.pathname.split('/').pop() ?? '';
  }
  return cleanFileName(name) || url.hostname;
}

/** Downloads the file at `url` into storage, following at most 3 redirects. */
export async function fetchIntoStorage(storage: BlobStorage, rawUrl: string, maxBytes: number): Promise<ReceivedFile> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw taskError(TaskErrorCode.BlobStorageUrlError, 'The url is not valid.');
  }
  for (let hop = 0; hop < 4; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw taskError(TaskErrorCode.BlobStorageUrlError, 'Only http and https URLs can be imported.');
    }
    try {
      await assertPublicHost(url);
    } catch {
      throw taskError(TaskErrorCode.BlobStorageUrlError, `The file at ${url.host} cannot be reached from the server.`);
    }
    let response: Response;
    try {
      response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(60_000) });
    } catch {
      throw taskError(TaskErrorCode.BlobStorageUrlError, `The file at ${url.host} could not be downloaded.`);
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url);
      continue;
    }
    if (!response.ok || !response.body) {
      throw taskError(TaskErrorCode.BlobStorageUrlError, `Downloading the file failed with status ${response.status}.`);
    }
    const length = Number(response.headers.get('content-length'));
    if (Number.isFinite(length) && length > maxBytes) {
      await response.body.cancel();
      throw tooLarge(maxBytes);
    }
    const fileName = nameFromResponse(response, url);
    try {
      const stored = await ingest(storage, Readable.fromWeb(response.body as WebReadableStream), maxBytes);
      return { ...stored, fileName };
    } catch (error) {
      if (error instanceof FileTooLargeError) throw tooLarge(maxBytes);
      throw taskError(TaskErrorCode.BlobStorageUrlError, `The file at ${url.host} could not be downloaded.`);
    }
  }
  throw taskError(TaskErrorCode.BlobStorageUrlError, 'The url redirects too often.');
}

export const tooLarge = (maxBytes: number) =>
  taskError(
    TaskErrorCode.MaximumFileSize,
    `The file is larger than this workspace allows (${maxBytes.toLocaleString('en-US')} bytes).`,
  );

// --- creation ---

export interface CreatedTask {
  taskId: string;
  displayName: string;
  externalId: string | null;
}

interface Source {
  file: ReceivedFile;
  /** Set when the file is a finished resumable upload (its bytes stay where they are). */
  uploadId: string | null;
  sourceUrl: string | null;
  /** Whether a failure must remove the bytes (files received for this call only). */
  ownBytes: boolean;
}

/**
 * Creates the task. `received` is the file of a multipart request, already in storage; it is removed
 * again when the creation is refused.
 */
export async function createTask(
  services: Services,
  session: Session,
  fields: CreationFields,
  received: ReceivedFile | null,
): Promise<CreatedTask> {
  const storage = blobStorageFor(services.config);
  let source: Source | null = received ? { file: received, uploadId: null, sourceUrl: null, ownBytes: true } : null;
  try {
    const workspace = await workspaceForTask(services.db, session, fields.workspaceId);
    const rules = workspaceRules(workspace);
    const repo = new TasksRepository(services.db, session.membership.tenant_id);
    const externalId = fields.externalId?.trim() || null;
    if (rules.externalIdRequired && !externalId) {
      throw taskError(0, 'This workspace requires an externalId for every task.');
    }
    if (fields.batchId) {
      const batch = (await session.scope.batches(workspace.id)).find((b) => b.id === fields.batchId);
      if (!batch) {
        const elsewhere = await services.db
          .selectFrom('batches')
          .select('id')
          .where('tenant_id', '=', repo.tenantId)
          .where('id', '=', fields.batchId)
          .executeTakeFirst();
        if (elsewhere) throw taskError(TaskErrorCode.WorkspacesDontMatch, 'The batch belongs to another workspace.');
        throw taskError(TaskErrorCode.NotFound, 'The batch does not exist.');
      }
      if (!batch.is_open && fields.forceAddToBatch !== true) {
        throw taskError(0, `The batch '${batch.display_name}' is closed; send forceAddToBatch to add the task anyway.`);
      }
    }
    if (fields.taskAssignment && fields.taskAssignment.assignedUsers.length > 0) {
      await validateAssignment(
        services.db,
        session,
        workspace.id,
        fields.taskAssignment.assignedUsers,
        fields.taskAssignment.order,
      );
    }
    validateContext(fields.context, workspace);
    if (fields.id && (await repo.exists(fields.id))) {
      throw taskError(0, 'A task with this id already exists.');
    }

    if (!source && fields.uploadId) {
      const upload = await repo.upload(fields.uploadId);
      if (!upload) throw taskError(TaskErrorCode.NotFound, 'The upload does not exist.');
      if (upload.workspace_id !== workspace.id) {
        throw taskError(TaskErrorCode.WorkspacesDontMatch, 'The upload was made for another workspace.');
      }
      if (!upload.completed_on) throw taskError(TaskErrorCode.UrlOrFileRequired, 'The upload is not complete yet.');
      if (upload.task_id) throw taskError(TaskErrorCode.UrlOrFileRequired, 'The upload was already used for a task.');
      const described = await describeStored(storage, upload.storage_key);
      source = {
        file: { key: upload.storage_key, fileName: upload.file_name, ...described },
        uploadId: upload.id,
        sourceUrl: null,
        ownBytes: false,
      };
    }
    if (!source && fields.url) {
      const file = await fetchIntoStorage(storage, fields.url, rules.maxFileSizeBytes);
      source = { file, uploadId: null, sourceUrl: fields.url, ownBytes: true };
    }
    if (!source) throw taskError(TaskErrorCode.UrlOrFileRequired, 'A file, an uploadId or a url is required.');

    const { file } = source;
    if (file.size > rules.maxFileSizeBytes) throw tooLarge(rules.maxFileSizeBytes);
    if (file.size === 0) throw taskError(TaskErrorCode.UrlOrFileRequired, 'The file is empty.');
    const detected = detectFileType(file.head);
    if (!detected) {
      throw taskError(
        TaskErrorCode.UnsupportedExtensionsError,
        'The content of the file is not of a type that can be processed, whatever its name says.',
      );
    }
    const extensions = EXTENSIONS[detected.kind];
    if (!extensions.some((ext) => rules.supportedFileTypes.includes(ext))) {
      throw taskError(
        TaskErrorCode.UnsupportedExtensionsError,
        `This workspace accepts ${rules.supportedFileTypes.join(', ') || 'no files'}; the file is ${extensions[0]} (${detected.mime}).`,
      );
    }

    const actor = actorOf(session);
    const taskId = fields.id ?? randomUUID();
    const displayName = fields.displayName?.trim() || file.fileName || 'Untitled';
    const created = await repo.transaction(async (tx) => {
      const blobId = randomUUID();
      await tx.insertBlob({
        id: blobId,
        storageKey: file.key,
        fileName: file.fileName || displayName,
        contentType: detected.mime,
        size: file.size,
        sha256: file.sha256,
        createdBy: actor.userId,
      });
      const row = await tx.insert({
        id: taskId,
        workspaceId: workspace.id,
        batchId: fields.batchId ?? null,
        displayName,
        description: fields.description ?? null,
        externalId,
        status: TASK_STATUS.QueuedForPreProcessing,
        createdBy: actor.userId,
        createdByClient: apiClientOf(session),
        blobId,
        originalFileName: file.fileName || null,
        contentType: detected.mime,
        fileSize: file.size,
        sourceUrl: source?.sourceUrl ?? null,
        priority: fields.priority ?? null,
        context: fields.context ?? null,
        customFormValues: fields.customFormValues ?? null,
        metadata: fields.metadata ?? null,
        useHigherQuality: fields.useHigherQuality === true,
        isImportedViaWeb: fields.isImportedViaWeb === true,
      });
      if (source?.uploadId && !(await tx.claimUpload(source.uploadId, taskId))) {
        throw taskError(TaskErrorCode.UrlOrFileRequired, 'The upload was already used for a task.');
      }
      await recordEvent(
        tx,
        actor,
        taskId,
        TASK_EVENT.Created,
        `Task #${row.sequential_by_workspace_id} '${displayName}' created by ${actor.label} from ${
          source?.uploadId ? 'a resumable upload' : source?.sourceUrl ? 'a URL' : 'an uploaded file'
        } (${detected.mime}, ${file.size} bytes); queued for pre-processing.`,
        {
          status: TASK_STATUS.QueuedForPreProcessing,
          contentType: detected.mime,
          size: file.size,
          sha256: file.sha256,
        },
      );
      const assignment = fields.taskAssignment;
      if (assignment && assignment.assignedUsers.length > 0) {
        await tx.setAssignment(taskId, assignment.order, assignment.assignedUsers, actor.userId);
        await recordEvent(
          tx,
          actor,
          taskId,
          TASK_EVENT.AssignmentChanged,
          `Assigned to ${assignment.assignedUsers.length} user(s) (order ${assignment.order}) by ${actor.label}.`,
          { order: assignment.order, userIds: assignment.assignedUsers },
        );
      }
      return row;
    });
    return { taskId: created.id, displayName: created.display_name, externalId: created.external_id };
  } catch (error) {
    if (source?.ownBytes) await storage.remove(source.file.key).catch(() => undefined);
    if (error instanceof FileTooLargeError) throw tooLarge(error.maxBytes);
    throw error;
  }
}
