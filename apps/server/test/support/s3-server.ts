// A real S3-protocol server for the object-store tests (@20minutes/s3rver, in-process, on the
// loopback interface, keeping its objects in a temporary folder), and the store setting that
// points a server at it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';
import { afterAll, beforeAll } from 'vitest';
import type { BlobStoreSetting } from '../../src/storage/blob-storage.js';
import { freePort } from './postgres-cluster.js';

export interface TestS3 {
  /** The store setting of a server using this bucket. */
  setting: Extract<BlobStoreSetting, { kind: 's3' }>;
  /** The folder the server keeps the objects in. */
  directory: string;
  stop(): Promise<void>;
}

export async function startS3(bucket = 'reviewdesk-blobs'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'reviewdesk-s3-'));
  const port = await freePort();
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
    // s3rver computes SigV4 canonical requests differently from the current AWS SDK (every signed
    // request is refused otherwise); the client still signs, the store's behaviour is what is tested.
    allowMismatchedSignatures: true,
  });
  await server.run();
  return {
    setting: {
      kind: 's3',
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      prefix: 'blobs/',
      // s3rver's fixed credentials.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    },
    directory,
    stop: async () => {
      // The SDK keeps its connections open; they would hold close() up.
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A bucket for the tests of one describe block when `wanted`: started by a hook registered before
 * the test server's (hooks run in order, after-hooks in reverse), so it is up before the server
 * starts and stopped after the server closes. The setting is read when the server starts.
 */
export function useTestS3(wanted = true): () => BlobStoreSetting {
  let s3: TestS3 | undefined;
  beforeAll(async () => {
    if (wanted) s3 = await startS3();
  });
  afterAll(async () => {
    await s3?.stop();
  });
  return () => {
    if (!s3) throw new Error('The S3 server is not running.');
    return s3.setting;
  };
}
