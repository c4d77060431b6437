// The blob store's contract, run against both stores: the local data folder and an S3 bucket on a
// real S3-protocol server on loopback. Appends (the uploads' chunks) add up, an aborted stream
// keeps what arrived, ranged reads cross chunk boundaries, removal leaves nothing, and only keys
// the server generates are taken. Then a server keeping its blobs in S3: a file imported,
// processed to ToReview and served back byte for byte.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { blobStoreOf } from '../src/config.js';
import { type BlobStorage, LocalBlobStorage, newStorageKey } from '../src/storage/blob-storage.js';
import { S3BlobStorage } from '../src/storage/s3-blob-storage.js';
import { demoEmail, useTestServer } from './support/harness.js';
import { processTaskNow } from './support/processed-task.js';
import { useTestS3 } from './support/s3-server.js';
import { FIXTURES, importInvoice } from './support/task-import.js';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const bytes = (n: number, seed: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7 + seed) % 251));

describe.each(['local', 's3'] as const)('blobs in %s', (store) => {
  const bucket = useTestS3(store === 's3');
  const folder = mkdtempSync(join(tmpdir(), 'reviewdesk-blobs-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  let storage: BlobStorage | undefined;
  const blobs = () => {
    if (!storage) {
      const setting = store === 's3' ? bucket() : null;
      storage = setting?.kind === 's3' ? new S3BlobStorage(setting) : new LocalBlobStorage(folder);
    }
    return storage;
  };

  it('adds appends up, and reads the whole or a range across them', async () => {
    const key = newStorageKey();
    expect(await blobs().size(key)).toBeNull();
    const parts = [bytes(1000, 1), bytes(1, 2), bytes(70_000, 3)];
    let size = 0;
    for (const part of parts) {
      const answer = await blobs().append(key, Readable.from([part]));
      size += part.length;
      expect(answer).toEqual({ size });
    }
    const whole = Buffer.concat(parts);
    expect(await blobs().size(key)).toBe(whole.length);
    expect((await readAll(blobs().read(key))).equals(whole)).toBe(true);
    // The whole object at once, as the server reads its own documents; an empty one too.
    expect((await blobs().readAll(key)).equals(whole)).toBe(true);
    const empty = newStorageKey();
    await blobs().append(empty, Readable.from([]));
    expect((await blobs().readAll(empty)).length).toBe(0);
    await expect(blobs().readAll(newStorageKey())).rejects.toMatchObject({ code: 'ENOENT' });
    // Ranges inside one append, across all three, to the end, and a single byte.
    for (const [start, end] of [
      [10, 20],
      [990, 1500],
      [1000, 1000],
      [60_000, undefined],
    ] as const) {
      const expected = whole.subarray(start, end === undefined ? undefined : end + 1);
      expect((await readAll(blobs().read(key, { start, end }))).equals(expected)).toBe(true);
    }
  });

  it('creates an empty blob, then keeps the bytes of an aborted append', async () => {
    const key = newStorageKey();
    expect(await blobs().append(key, Readable.from([]))).toEqual({ size: 0 });
    expect(await blobs().size(key)).toBe(0);
    const cut = new PassThrough();
    const appending = blobs().append(key, cut);
    cut.write(bytes(5000, 4));
    // The connection drops once the store has taken the bytes (on a loaded machine that can take
    // longer than any fixed delay).
    await vi.waitFor(() => expect(cut.readableLength).toBe(0), { timeout: 10_000 });
    setTimeout(() => cut.destroy(new Error('connection reset')), 50);
    const answer = await appending;
    expect(answer.size).toBe(5000);
    expect(answer.error).toBeInstanceOf(Error);
    // The next append goes on from there, as a resumed upload does.
    expect(await blobs().append(key, Readable.from([bytes(10, 5)]))).toEqual({ size: 5010 });
    expect(
      (await readAll(blobs().read(key, { start: 4995 }))).equals(
        Buffer.concat([bytes(5000, 4).subarray(4995), bytes(10, 5)]),
      ),
    ).toBe(true);
  });

  it('removes a blob entirely, and refuses keys it did not generate', async () => {
    const key = newStorageKey();
    await blobs().append(key, Readable.from([bytes(100, 6)]));
    await blobs().append(key, Readable.from([bytes(100, 7)]));
    await blobs().remove(key);
    expect(await blobs().size(key)).toBeNull();
    await expect(readAll(blobs().read(key))).rejects.toThrow();
    await blobs().remove(key); // removing what is gone is no error
    for (const bad of ['../etc/passwd', 'ab/../../x', 'AB/not-a-key']) {
      await expect(blobs().size(bad)).rejects.toThrow(/Invalid storage key/);
    }
  });
});

describe('a server keeping its blobs in S3', () => {
  const bucket = useTestS3();
  const t = useTestServer('pglite', { blobStore: bucket });

  it('imports a PDF, processes it to ToReview and serves it back, with nothing in the data folder', {
    timeout: 120_000,
  }, async () => {
    const token = await t.tokenFor(demoEmail('Creator'));
    const taskId = await importInvoice(t, token);
    expect((await processTaskNow(t, taskId)).status).toBe(60);
    const row = await t.server.database.db
      .selectFrom('tasks')
      .innerJoin('blobs', 'blobs.id', 'tasks.blob_id')
      .select(['blobs.storage_key'])
      .where('tasks.id', '=', taskId)
      .executeTakeFirstOrThrow();
    const s3 = new S3BlobStorage(bucket() as Extract<ReturnType<typeof bucket>, { kind: 's3' }>);
    expect((await readAll(s3.read(row.storage_key))).equals(FIXTURES.invoicePdf())).toBe(true);
    expect(readdirSync(t.config.dataDir)).not.toContain('blobs');
  });
});

describe('BLOB_STORE', () => {
  it('is the data folder unless s3 is asked for, which needs a bucket', () => {
    expect(blobStoreOf({})).toEqual({ kind: 'local' });
    expect(() => blobStoreOf({ BLOB_STORE: 'gcs' })).toThrow(/local or s3/);
    expect(() => blobStoreOf({ BLOB_STORE: 's3' })).toThrow(/S3_BUCKET/);
    expect(
      blobStoreOf({
        BLOB_STORE: 's3',
        S3_BUCKET: 'files',
        S3_ENDPOINT: 'http://minio:9000',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PREFIX: '/reviewdesk',
      }),
    ).toEqual({
      kind: 's3',
      bucket: 'files',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      prefix: 'reviewdesk/',
      accessKeyId: undefined,
      secretAccessKey: undefined,
    });
  });
});
