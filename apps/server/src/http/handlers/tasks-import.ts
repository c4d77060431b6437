// SdTask_Import (multipart: fields, JSON parts and an optional file part; or an uploadId or url)
// and SdTask_Process (JSON with a url or uploadId). Both also accept API clients. The form's text
// parts are decoded and validated against the contract's TaskImportRequest by `readForm`, as the
// binder validates a JSON body; only the file part is this handler's own, streamed into storage.
import { Readable } from 'node:stream';
import busboy from 'busboy';
import { cleanFileName, tooLarge } from '../../domain/tasks/accepted-files.js';
import { type CreationFields, createTask, type ReceivedFile } from '../../domain/tasks/import.js';
import { fileLimitFor } from '../../domain/tasks/workspace-rules.js';
import { blobStorageFor } from '../../storage/blob-storage.js';
import { FileTooLargeError, ingest } from '../../storage/ingest.js';
import { badRequest } from '../errors.js';
import { type CallContext, defineHandlers, type HandlerInput, requires, withApiClients } from '../handler.js';

/**
 * Reads the multipart body: text parts into fields, the `file` part straight into storage (limited
 * by the workspace's maxFileSizeBytes when workspaceId came first, else by the absolute cap).
 */
async function readMultipart(
  input: CallContext & Pick<HandlerInput<'SdTask_Import'>, 'request' | 'body' | 'readForm'>,
): Promise<{ fields: CreationFields; file: ReceivedFile | null }> {
  // The multipart parser (uploads/tus.ts) hands the body over unread, as the request stream.
  const raw = input.body;
  if (!(raw instanceof Readable)) throw badRequest('Import takes a multipart/form-data body.');
  const storage = blobStorageFor(input.services.config);
  const form: Record<string, string> = {};
  // The file part, once stored (null when it was refused: `failure` says why). A property, not a
  // variable, so that what the parser's callbacks assign is seen after they ran.
  const filePart: { stored: Promise<ReceivedFile | null> | null } = { stored: null };
  let failure: unknown = null;
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: input.request.headers,
      // File names in Content-Disposition are UTF-8 (what browsers send), not busboy's default Latin-1.
      defParamCharset: 'utf8',
      limits: { files: 1, fields: 50, fieldSize: 1024 * 1024 },
    });
  } catch {
    throw badRequest('The request must be multipart/form-data with a boundary.');
  }
  const done = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value) => {
      form[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || filePart.stored) {
        stream.resume();
        return;
      }
      filePart.stored = (async () => {
        const limit = await fileLimitFor(input.session, form.workspaceId);
        try {
          const stored = await ingest(storage, stream, limit);
          return { ...stored, fileName: cleanFileName(info.filename) };
        } catch (error) {
          stream.resume();
          failure = error instanceof FileTooLargeError ? tooLarge(error.maxBytes) : error;
          return null;
        }
      })();
    });
    parser.on('error', reject);
    parser.on('close', resolve);
  });
  raw.pipe(parser);
  try {
    await done;
  } catch {
    throw badRequest('The multipart body could not be read.');
  }
  const received = filePart.stored ? await filePart.stored : null;
  if (failure) throw failure;
  try {
    return { fields: input.readForm(form), file: received };
  } catch (error) {
    if (received) await storage.remove(received.key);
    throw error;
  }
}

export const taskImportHandlers = defineHandlers({
  SdTask_Import: withApiClients(
    requires(['Task.Import'], async (input) => {
      const contentType = String(input.request.headers['content-type'] ?? '');
      if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
        throw badRequest('Import takes a multipart/form-data body.');
      }
      const { fields, file } = await readMultipart(input);
      const created = await createTask(input.services, input.session, fields, file);
      return { succeeded: true, errors: [], result: { taskId: created.taskId, displayName: created.displayName } };
    }),
  ),

  SdTask_Process: withApiClients(
    requires(['Task.Import'], async (input) => {
      // The workspace is checked first; without url or uploadId the answer is UrlOrFileRequired (12).
      const created = await createTask(input.services, input.session, input.body, null);
      return { taskId: created.taskId, externalId: created.externalId };
    }),
  ),
});
