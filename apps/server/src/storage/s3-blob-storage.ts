// Blobs in an S3-compatible object store (AWS S3, MinIO, Ceph, R2…), for several machines sharing
// one store. S3 has no append, and the uploads append (a tus PATCH per chunk), so a blob is a
// run of segment objects under its key — `<prefix><key>/000000`, `/000001`, … — one per append:
// its size is their sum, a read streams the segments that overlap the range. A chunk is spooled
// to a temporary file first (PutObject needs its length); an aborted stream still stores the bytes
// that arrived, as the local folder does, so an upload resumes where it stopped.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { BlobStorage } from './blob-storage.js';
import { isStorageKey } from './storage-key.js';

/** Where the objects go (BLOB_STORE=s3; see the Deployment section of the server README). */
export interface S3StoreConfig {
  bucket: string;
  /** An S3-compatible service's address; AWS's own endpoint for the region when absent. */
  endpoint?: string;
  region: string;
  /** Bucket in the path (`host/bucket/key`) instead of the host name, as most S3-compatible servers want. */
  forcePathStyle: boolean;
  /** Put before every key, to share a bucket (`reviewdesk/`). */
  prefix: string;
  /** The SDK's usual chain (environment, profile, instance role) when absent. */
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** Segment names sort as numbers; a million appends per blob is far beyond a 2 GB upload's. */
const SEGMENT_DIGITS = 6;

interface Segment {
  name: string;
  size: number;
}

export class S3BlobStorage implements BlobStorage {
  readonly client: S3Client;

  constructor(readonly config: S3StoreConfig) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      // Checksums only where S3 requires them: many S3-compatible servers do not take the SDK's
      // newer default (CRC32 trailers on every upload).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
    });
  }

  private folderOf(key: string): string {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key ${JSON.stringify(key)}`);
    return `${this.config.prefix}${key}/`;
  }

  /** The blob's segments in order (empty when it does not exist). */
  private async segments(key: string): Promise<Segment[]> {
    const folder = this.folderOf(key);
    const found: Segment[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: folder, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) found.push({ name: object.Key, size: object.Size ?? 0 });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found.sort((a, b) => a.name.localeCompare(b.name));
  }

  async append(key: string, source: Readable): Promise<{ size: number; error?: unknown }> {
    const existing = await this.segments(key);
    const before = existing.reduce((sum, s) => sum + s.size, 0);
    const spool = await mkdtemp(join(tmpdir(), 'reviewdesk-s3-'));
    const file = join(spool, 'chunk');
    let error: unknown;
    try {
      try {
        await pipeline(source, createWriteStream(file));
      } catch (e) {
        error = e;
      }
      const length = await stat(file).then(
        (s) => s.size,
        () => 0,
      );
      // An empty append creates the blob (an upload announced before its first byte) and nothing more.
      if (length > 0 || existing.length === 0) {
        const name = `${this.folderOf(key)}${String(existing.length).padStart(SEGMENT_DIGITS, '0')}`;
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.config.bucket,
            Key: name,
            Body: length > 0 ? createReadStream(file) : '',
            ContentLength: length,
          }),
        );
      }
      const size = before + length;
      return error === undefined ? { size } : { size, error };
    } finally {
      await rm(spool, { recursive: true, force: true });
    }
  }

  async size(key: string): Promise<number | null> {
    const segments = await this.segments(key);
    return segments.length === 0 ? null : segments.reduce((sum, s) => sum + s.size, 0);
  }

  async readAll(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.read(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  read(key: string, range?: { start: number; end?: number }): Readable {
    const storage = this;
    async function* bytes() {
      const segments = await storage.segments(key);
      if (segments.length === 0) {
        throw Object.assign(new Error(`No object ${key}`), { code: 'ENOENT' });
      }
      const total = segments.reduce((sum, s) => sum + s.size, 0);
      const first = range?.start ?? 0;
      const last = Math.min(range?.end ?? total - 1, total - 1);
      let offset = 0;
      for (const segment of segments) {
        const from = Math.max(first, offset);
        const to = Math.min(last, offset + segment.size - 1);
        if (from <= to) {
          const answer = await storage.client.send(
            new GetObjectCommand({
              Bucket: storage.config.bucket,
              Key: segment.name,
              Range: `bytes=${from - offset}-${to - offset}`,
            }),
          );
          for await (const chunk of answer.Body as Readable) yield chunk as Buffer;
        }
        offset += segment.size;
        if (offset > last) break;
      }
    }
    return Readable.from(bytes(), { objectMode: false });
  }

  async remove(key: string): Promise<void> {
    const segments = await this.segments(key);
    // DeleteObjects takes at most 1,000 keys a call.
    for (let i = 0; i < segments.length; i += 1000) {
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.config.bucket,
          Delete: { Objects: segments.slice(i, i + 1000).map((s) => ({ Key: s.name })), Quiet: true },
        }),
      );
    }
  }
}
