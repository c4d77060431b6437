// Writes a stored blob as an HTTP answer: whole (200) or one byte range (206, RFC 9110 §14) as
// pdf.js and media elements ask for, with the contract's Content-Disposition. The range rules are
// the media engine's (src/pipeline/media/range.ts); the bytes come from blob storage, which reads
// ranges itself, so this works the same for a local folder and an object store.
import type { FastifyReply } from 'fastify';
import type { BlobRow } from '../db/schema.js';
import { parseRange } from '../pipeline/media/range.js';
import type { BlobStorage } from '../storage/blob-storage.js';

/**
 * `inline; filename="invoice-p3.pdf"; filename*=UTF-8''invoice-p3.pdf`: the quoted name is an ASCII
 * stand-in for old clients, the RFC 5987 form keeps every letter.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export interface FileAnswer {
  fileName: string;
  contentType: string;
  disposition: 'inline' | 'attachment';
}

export interface RangeRules {
  /**
   * `'416'` (default): an unsatisfiable range answers 416 Range Not Satisfiable. `'whole'`: it is
   * ignored and the whole file answers 200, as RFC 9110 §14.2 allows — for contract calls that
   * declare no 416 (Document/PageDocument).
   */
  unsatisfiable?: '416' | 'whole';
}

/**
 * Resolves once the answer has gone out. A handler that answers a file itself returns only then:
 * the binder sends a handler's return value unless `reply.sent`, which a streamed or hooked answer
 * sets only when it ends.
 */
export function untilSent(reply: FastifyReply): Promise<void> {
  if (reply.sent) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => resolve();
    reply.raw.once('finish', done);
    reply.raw.once('close', done);
  });
}

/** Sends the blob, honouring a `Range: bytes=…` header. */
export async function sendBlob(
  reply: FastifyReply,
  storage: BlobStorage,
  blob: Pick<BlobRow, 'storage_key'>,
  answer: FileAnswer,
  rangeHeader: string | undefined,
  rules: RangeRules = {},
): Promise<FastifyReply> {
  const size = await storage.size(blob.storage_key);
  if (size === null) throw new Error(`blob ${blob.storage_key} is missing from storage`);
  reply
    .header('Accept-Ranges', 'bytes')
    .header('Content-Type', answer.contentType)
    .header('Content-Disposition', contentDisposition(answer.disposition, answer.fileName))
    // A signed or per-user file: shared caches must not keep it.
    .header('Cache-Control', 'private, max-age=0, must-revalidate');
  let range = parseRange(rangeHeader, size);
  if (range.kind === 'unsatisfiable' && rules.unsatisfiable === 'whole') range = { kind: 'none' };
  if (range.kind === 'unsatisfiable') {
    return reply.code(416).header('Content-Range', `bytes */${size}`).header('Content-Length', '0').send();
  }
  if (range.kind === 'none') {
    return reply.code(200).header('Content-Length', String(size)).send(storage.read(blob.storage_key));
  }
  return reply
    .code(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
    .header('Content-Length', String(range.end - range.start + 1))
    .send(storage.read(blob.storage_key, { start: range.start, end: range.end }));
}

/** Sends bytes made on the fly (exports) as a download. */
export function sendBytes(reply: FastifyReply, bytes: Uint8Array, answer: FileAnswer): FastifyReply {
  return reply
    .code(200)
    .header('Content-Type', answer.contentType)
    .header('Content-Disposition', contentDisposition(answer.disposition, answer.fileName))
    .header('Cache-Control', 'private, no-store')
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}
