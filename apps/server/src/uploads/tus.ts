// Resumable uploads with the tus 1.0 protocol (core, creation, creation-with-upload, termination),
// mounted at /files/ outside /api. Same bearer tokens as the API (users with Task.Import, or API
// clients). The upload's metadata names the workspace; its maxFileSizeBytes is enforced from
// Upload-Length before a byte is accepted (413). Bytes go straight to blob storage under a generated
// key, so a dropped connection keeps what arrived: HEAD tells the offset, PATCH continues there.
// A finished upload becomes a task through SdTask_Import / SdTask_Process with its `uploadId`.
// Any API replica on the same database and storage can take any request of an upload: the offset is
// what storage holds, and one PATCH at a time writes it, under a lease in the upload's row.
import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable, Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TasksRepository } from '../db/repositories/tasks.js';
import { UploadsRepository } from '../db/repositories/uploads.js';
import type { UploadRow } from '../db/schema.js';
import { hasAnyAbility, loadSession, type Session } from '../domain/session.js';
import { cleanFileName } from '../domain/tasks/accepted-files.js';
import { loadClientSession } from '../domain/tasks/callers.js';
import { ABSOLUTE_MAX_FILE_SIZE_BYTES, workspaceForTask, workspaceRules } from '../domain/tasks/workspace-rules.js';
import { hasUnstorableText } from '../formats/storable-text.js';
import type { TokenSubject } from '../http/binder.js';
import { type ErrorKind, errorBody, HttpError, toHttpError } from '../http/errors.js';
import type { Services } from '../http/handler.js';
import { blobStorageFor, newStorageKey } from '../storage/blob-storage.js';

export const TUS_VERSION = '1.0.0';
/** Chunk size clients should use (spec §5: 99,614,720 bytes = 0x5F00000); larger PATCH bodies are refused. */
export const UPLOAD_CHUNK_SIZE = 99_614_720;
export const UPLOADS_PATH = '/files';
/** An unfinished upload is kept this long. */
const UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A PATCH holds its upload this long, renewed while bytes arrive; a replica that died lets go by itself. */
const WRITER_LEASE_MS = 30_000;

export interface UploadOptions {
  services: Services;
  verifyBearer(token: string): Promise<TokenSubject | null>;
}

/**
 * Registers the upload routes, and lets Import's multipart body reach its handler as a stream
 * (read there, after the token and ability checks, straight into storage).
 */
export async function registerUploads(app: FastifyInstance, options: UploadOptions): Promise<void> {
  app.addContentTypeParser('multipart/form-data', (_request, payload, done) => done(null, payload));
  await app.register(tusRoutes, { prefix: UPLOADS_PATH, ...options });
}

const TUS_HEADERS = {
  'Tus-Resumable': TUS_VERSION,
  'Access-Control-Expose-Headers':
    'Upload-Offset, Upload-Length, Upload-Metadata, Location, Tus-Resumable, Tus-Version, Tus-Extension, Tus-Max-Size, Reviewdesk-Chunk-Size',
};

function fail(status: number, message: string): HttpError {
  const kind: ErrorKind =
    status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : status === 404 ? 'NotFound' : 'ValidationError';
  return new HttpError(status, kind, message);
}

/** `key base64,key2 base64` → map (values decoded as UTF-8). */
export function parseMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const pair of header.split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (!key) continue;
    if (!/^[\x21-\x7e]+$/.test(key)) throw fail(400, 'Upload-Metadata has an invalid key.');
    out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
    // The metadata is stored as jsonb, which refuses NUL: refused here with a clear answer instead.
    if (hasUnstorableText(out[key])) {
      throw fail(400, `Upload-Metadata '${key}' contains a NUL character or an invalid code point.`);
    }
  }
  return out;
}

const encodeMetadata = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([k, v]) => `${k} ${Buffer.from(v, 'utf8').toString('base64')}`)
    .join(',');

/** Fails the stream as soon as more than `max` bytes pass. */
class ByteLimit extends Transform {
  private seen = 0;
  constructor(private readonly max: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.seen += chunk.length;
    if (this.seen > this.max) return callback(fail(413, 'The chunk is longer than the rest of the upload.'));
    callback(null, chunk);
  }
}

/**
 * The request body, read as it arrives into a buffer of its own; when the connection drops, what
 * arrived ends the stream normally, so it is stored and the client resumes after it.
 */
function hold(payload: Readable): PassThrough {
  const held = new PassThrough();
  payload.pipe(held);
  const cut = () => {
    if (!held.writableEnded) held.end();
  };
  payload.on('aborted', cut);
  payload.on('error', cut);
  payload.on('close', cut);
  return held;
}

async function tusRoutes(app: FastifyInstance, options: UploadOptions) {
  const { services } = options;
  const storage = blobStorageFor(services.config);

  // The body is taken in from the moment the request arrives, before the handler's database look-ups:
  // bytes that arrived before a connection dropped are kept and stored (HEAD then tells them).
  app.addContentTypeParser('application/offset+octet-stream', (_request, payload, done) => done(null, hold(payload)));
  // A refused request's body is read to its end and dropped, so the connection is free again.
  app.addHook('onResponse', async (request) => {
    if (request.body instanceof PassThrough && !request.body.readableEnded) request.body.resume();
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.headers(TUS_HEADERS);
    return payload;
  });

  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const answer = toHttpError(error);
    if (answer) {
      return reply
        .code(answer.status)
        .type('application/json')
        .send(errorBody(answer.status, answer.kind, answer.message));
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    const message = status === 500 ? 'An unexpected server error occurred.' : error.message;
    return reply
      .code(status)
      .type('application/json')
      .send(errorBody(status, status === 500 ? 'ServerError' : 'ValidationError', message));
  });

  async function caller(
    request: FastifyRequest,
  ): Promise<{ session: Session; repo: TasksRepository; clientId: string | null }> {
    if (request.headers['tus-resumable'] !== TUS_VERSION) {
      throw Object.assign(fail(412, `Tus-Resumable ${TUS_VERSION} is required.`), {});
    }
    const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
    const subject = match?.[1] ? await options.verifyBearer(match[1].trim()) : null;
    if (!subject) throw fail(401, 'A valid access token is required.');
    const session =
      subject.kind === 'user'
        ? await loadSession(services.db, subject.userId)
        : await loadClientSession(services.db, subject.clientId, subject.tenantId);
    if (!hasAnyAbility(session, ['Task.Import'])) throw fail(403, 'You need the permission Task.Import.');
    return {
      session,
      repo: new TasksRepository(services.db, session.membership.tenant_id),
      clientId: subject.kind === 'client' ? subject.clientId : null,
    };
  }

  async function uploadOf(repo: TasksRepository, id: string): Promise<UploadRow> {
    const upload = /^[0-9a-f-]{36}$/.test(id) ? await repo.upload(id) : undefined;
    if (!upload) throw fail(404, 'No such upload.');
    if (!upload.completed_on && new Date(upload.expires_on).getTime() < Date.now())
      throw fail(410, 'The upload has expired.');
    return upload;
  }

  /** Appends the request body at the upload's offset; records what arrived even when the connection drops. */
  async function receive(request: FastifyRequest, repo: TasksRepository, upload: UploadRow): Promise<number> {
    const uploads = new UploadsRepository(services.db, repo.tenantId);
    // One writer at a time, whichever replica the request reached (a lease in the upload's row).
    const writer = randomUUID();
    if (!(await uploads.takeForWriting(upload.id, writer, WRITER_LEASE_MS))) {
      throw fail(409, 'Another request is writing to this upload.');
    }
    const renewal = setInterval(
      () => void uploads.renewWriting(upload.id, writer, WRITER_LEASE_MS).catch(() => undefined),
      WRITER_LEASE_MS / 3,
    );
    try {
      return await append(request, uploads, upload);
    } finally {
      clearInterval(renewal);
      await uploads.releaseWriting(upload.id, writer);
    }
  }

  async function append(request: FastifyRequest, uploads: UploadsRepository, upload: UploadRow): Promise<number> {
    const length = Number(upload.upload_length);
    const offset = (await storage.size(upload.storage_key)) ?? 0;
    const remaining = length - offset;
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > Math.min(remaining, UPLOAD_CHUNK_SIZE)) {
      throw fail(413, `A chunk may have at most ${Math.min(remaining, UPLOAD_CHUNK_SIZE)} bytes here.`);
    }
    const body = request.body as PassThrough;
    const limited = body.pipe(new ByteLimit(Math.min(remaining, UPLOAD_CHUNK_SIZE)));
    body.on('error', (e) => limited.destroy(e));
    const { size, error } = await storage.append(upload.storage_key, limited);
    await uploads.recordOffset(upload.id, size, size >= length);
    if (toHttpError(error)) throw error;
    return size;
  }

  app.options('/', async (_request, reply) =>
    reply
      .code(204)
      .headers({
        'Tus-Version': TUS_VERSION,
        'Tus-Extension': 'creation,creation-with-upload,termination',
        'Tus-Max-Size': String(ABSOLUTE_MAX_FILE_SIZE_BYTES),
        'Reviewdesk-Chunk-Size': String(UPLOAD_CHUNK_SIZE),
      })
      .send(),
  );

  app.post('/', async (request, reply) => {
    const { session, repo, clientId } = await caller(request);
    if (request.headers['upload-defer-length'] !== undefined) throw fail(400, 'Upload-Defer-Length is not supported.');
    const rawLength = request.headers['upload-length'];
    if (typeof rawLength !== 'string' || !/^\d+$/.test(rawLength)) throw fail(400, 'Upload-Length is required.');
    const length = Number(rawLength);
    const metadata = parseMetadata(request.headers['upload-metadata'] as string | undefined);
    const workspaceId = metadata.workspaceId ?? metadata.workspace;
    if (!workspaceId) throw fail(400, 'Upload-Metadata must carry the workspaceId.');
    if (!/^[0-9a-f-]{36}$/i.test(workspaceId)) throw fail(403, 'You have no access to this workspace.');
    const workspace = await workspaceForTask(services.db, session, workspaceId);
    const { maxFileSizeBytes } = workspaceRules(workspace);
    if (length > maxFileSizeBytes) {
      throw fail(
        413,
        `The file has ${length.toLocaleString('en-US')} bytes; the workspace '${workspace.display_name}' accepts at most ${maxFileSizeBytes.toLocaleString('en-US')} bytes (maxFileSizeBytes).`,
      );
    }
    if (length === 0) throw fail(400, 'The file is empty.');
    const id = randomUUID();
    const upload = await new UploadsRepository(services.db, repo.tenantId).insert({
      id,
      workspace_id: workspace.id,
      created_by: clientId ? null : session.user.id,
      created_by_client: clientId,
      storage_key: newStorageKey(),
      file_name: cleanFileName(metadata.filename ?? metadata.name) || 'upload',
      file_type: metadata.filetype ?? metadata.type ?? null,
      upload_length: length,
      metadata: JSON.stringify(metadata),
      expires_on: new Date(Date.now() + UPLOAD_LIFETIME_MS),
    });
    reply.header('Location', `${services.config.origin}${UPLOADS_PATH}/${id}`);
    reply.header('Upload-Expires', new Date(upload.expires_on).toUTCString());
    if (String(request.headers['content-type'] ?? '').startsWith('application/offset+octet-stream')) {
      const offset = await receive(request, repo, upload);
      reply.header('Upload-Offset', String(offset));
    }
    return reply.code(201).send();
  });

  app.head('/:id', async (request, reply) => {
    const { repo } = await caller(request);
    const upload = await uploadOf(repo, (request.params as { id: string }).id);
    const offset = (await storage.size(upload.storage_key)) ?? 0;
    return reply
      .code(200)
      .headers({
        'Upload-Offset': String(offset),
        'Upload-Length': String(upload.upload_length),
        'Upload-Metadata': encodeMetadata(upload.metadata ?? {}),
        'Cache-Control': 'no-store',
      })
      .send();
  });

  app.patch('/:id', async (request, reply: FastifyReply) => {
    const { repo } = await caller(request);
    const upload = await uploadOf(repo, (request.params as { id: string }).id);
    if (!String(request.headers['content-type'] ?? '').startsWith('application/offset+octet-stream')) {
      throw fail(415, 'Content-Type must be application/offset+octet-stream.');
    }
    const claimed = request.headers['upload-offset'];
    if (typeof claimed !== 'string' || !/^\d+$/.test(claimed)) throw fail(400, 'Upload-Offset is required.');
    const offset = (await storage.size(upload.storage_key)) ?? 0;
    if (Number(claimed) !== offset) throw fail(409, `Upload-Offset must be ${offset}, where the upload stands.`);
    const size = await receive(request, repo, upload);
    return reply.code(204).header('Upload-Offset', String(size)).send();
  });

  app.delete('/:id', async (request, reply) => {
    const { repo } = await caller(request);
    const upload = await uploadOf(repo, (request.params as { id: string }).id);
    // A task made from the upload owns its bytes now; only the upload record goes.
    if (!upload.task_id) await storage.remove(upload.storage_key);
    await new UploadsRepository(services.db, repo.tenantId).remove(upload.id);
    return reply.code(204).send();
  });
}
