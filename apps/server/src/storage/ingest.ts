// Takes a file into storage while counting, hashing and keeping its first bytes (for sniffing the
// real type), and stops as soon as it grows past the allowed size.
import { createHash } from 'node:crypto';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type BlobStorage, newStorageKey } from './blob-storage.js';

/** Bytes kept from the start of a file: enough for every signature detectFileType knows. */
export const HEAD_BYTES = 4096;

export interface IngestedFile {
  key: string;
  size: number;
  sha256: string;
  head: Buffer;
}

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than the maximum of ${maxBytes} bytes.`);
  }
}

class Meter extends Transform {
  size = 0;
  readonly hash = createHash('sha256');
  private readonly chunks: Buffer[] = [];
  private kept = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return callback(new FileTooLargeError(this.maxBytes));
    this.hash.update(chunk);
    if (this.kept < HEAD_BYTES) {
      this.chunks.push(chunk.subarray(0, HEAD_BYTES - this.kept));
      this.kept += Math.min(chunk.length, HEAD_BYTES - this.kept);
    }
    callback(null, chunk);
  }

  head(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

/** Stores the stream under a new key; removes what was written when it fails or is too large. */
export async function ingest(storage: BlobStorage, source: Readable, maxBytes: number): Promise<IngestedFile> {
  const key = newStorageKey();
  const meter = new Meter(maxBytes);
  // Errors of either side end both; append reports them after keeping what was written.
  meter.on('error', () => undefined);
  pipeline(source, meter).catch(() => undefined);
  const { error } = await storage.append(key, meter);
  if (error !== undefined || meter.size > maxBytes) {
    await storage.remove(key);
    source.resume();
    throw error instanceof FileTooLargeError || meter.size > maxBytes ? new FileTooLargeError(maxBytes) : error;
  }
  return { key, size: meter.size, sha256: meter.hash.digest('hex'), head: meter.head() };
}

/** Size, hash and first bytes of an object already in storage (a finished resumable upload). */
export async function describeStored(storage: BlobStorage, key: string): Promise<Omit<IngestedFile, 'key'>> {
  const meter = new Meter(Number.MAX_SAFE_INTEGER);
  await pipeline(storage.read(key), meter, async (source: AsyncIterable<Buffer>) => {
    for await (const _ of source) {
      // drain
    }
  });
  return { size: meter.size, sha256: meter.hash.digest('hex'), head: meter.head() };
}
