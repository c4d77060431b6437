import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { CorruptDocumentError } from '../documents/errors.js';
import { readFixture } from '../documents/testing/fixtures.js';
import { type PageThreads, startPageThreads } from './page-threads.js';
import { ThreadPool } from './thread-pool.js';

const entry = new URL('./thread-pool-test-thread.mjs', import.meta.url);

describe('ThreadPool', () => {
  let pool: ThreadPool | undefined;
  afterEach(async () => {
    await pool?.close();
  });

  it('runs jobs off the calling thread, as many at once as it has threads', async () => {
    pool = new ThreadPool({ entry, size: 2 });
    const ran = await Promise.all([
      pool.run<number>('spin', { ms: 200 }),
      pool.run<number>('spin', { ms: 200 }),
      pool.run<number>('spin', { ms: 10 }),
    ]);
    expect(ran.every((id) => id !== threadId)).toBe(true);
    // The first two ran at the same time, so on two different threads; the third waited for one.
    expect(ran[0]).not.toBe(ran[1]);
    expect(new Set(ran).size).toBe(2);
  });

  it('runs a job that does not wait beside one that waits for a child process, but never two that wait', async () => {
    pool = new ThreadPool({ entry, size: 1, waitingJobs: ['wait'] });
    type Waited = { threadId: number; started: number; ended: number };
    let firstDone = false;
    const first = pool.run<Waited>('wait', { ms: 300 }).then((waited) => {
      firstDone = true;
      return waited;
    });
    const second = pool.run<Waited>('wait', { ms: 50 });
    const spun = pool.run<number>('spin', { ms: 10 });
    // The spin job jumped the queued waiting job and ran while the first one waited, on its thread.
    const spunThread = await spun;
    expect(firstDone).toBe(false);
    const [a, b] = await Promise.all([first, second]);
    expect(spunThread).toBe(a.threadId);
    // The second waiting job started only once the first was done.
    expect(b.started).toBeGreaterThanOrEqual(a.ended);
  });

  it('runs a job that does not wait after the running one when no thread is free', async () => {
    pool = new ThreadPool({ entry, size: 1, waitingJobs: ['wait'] });
    const order: string[] = [];
    const spinning = pool.run<number>('spin', { ms: 100 }).then(() => order.push('first'));
    const next = pool.run<number>('spin', { ms: 1 }).then(() => order.push('second'));
    await Promise.all([spinning, next]);
    expect(order).toEqual(['first', 'second']);
  });

  it('gives back the error class a job threw, with its fields', async () => {
    pool = new ThreadPool({ entry, size: 1, errorClasses: [CorruptDocumentError] });
    const error = await pool.run('fail', { reason: 'no trailer.' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CorruptDocumentError);
    expect(error).toMatchObject({
      name: 'CorruptDocumentError',
      code: 'corrupt',
      reason: 'no trailer.',
      message: 'The PDF is damaged and cannot be read: no trailer.',
    });
  });

  it('a thread that dies fails its job only; the next job gets a new thread', async () => {
    pool = new ThreadPool({ entry, size: 1 });
    await expect(pool.run('exit', {})).rejects.toThrow(/exit code 3/);
    expect(await pool.run<number>('spin', { ms: 1 })).not.toBe(threadId);
  });

  it('refuses work once closed', async () => {
    pool = new ThreadPool({ entry, size: 1 });
    await pool.close();
    await expect(pool.run('spin', { ms: 1 })).rejects.toThrow(/closed/);
  });
});

describe('page threads', () => {
  let threads: PageThreads | undefined;
  afterEach(async () => {
    await threads?.close();
  });

  it("read a page's text layer in a thread, and refuse a damaged PDF with the engines' own error", async () => {
    threads = startPageThreads(1);
    const bytes = new Uint8Array(readFixture('invoices/AmazonWebServices.pdf'));
    const page = await threads.recognizePage({
      engine: 'pdfminer',
      page: { bytes, contentType: 'application/pdf', pageNumber: 3 },
      languages: ['en'],
    });
    expect(page.engine).toBe('pdfminer');
    expect(page.words).toBeGreaterThan(20);
    const ocr = JSON.parse(page.storedOcr) as { entities: { text: string }[]; pageSize: unknown };
    expect(ocr.pageSize).toEqual(page.pageSize);
    expect(ocr.entities.map((word) => word.text).join(' ')).toMatch(/Amazon Web Services/i);
    const broken = await threads
      .recognizePage({
        engine: 'pdfminer',
        page: { bytes: bytes.slice(0, 400), contentType: 'application/pdf', pageNumber: 1 },
        languages: ['en'],
      })
      .catch((e: unknown) => e);
    expect(broken).toBeInstanceOf(CorruptDocumentError);
  });
});
