import { describe, expect, it } from 'vitest';
import type { PageThreads } from './page-threads.js';
import { sharedThreads, threadShare } from './thread-share.js';

describe('threadShare', () => {
  it('is the whole pool for one busy worker', () => {
    expect(threadShare(1, 1)).toBe(1);
    expect(threadShare(4, 1)).toBe(4);
  });

  it('divides the pool among the busy workers, rounding up so no thread is left idle', () => {
    expect(threadShare(2, 2)).toBe(1);
    expect(threadShare(4, 2)).toBe(2);
    expect(threadShare(3, 2)).toBe(2);
    expect(threadShare(8, 3)).toBe(3);
  });

  it('is at least one thread, and a count of no busy workers reads as one', () => {
    expect(threadShare(2, 4)).toBe(1);
    expect(threadShare(2, 0)).toBe(2);
  });
});

describe('sharedThreads', () => {
  const pool = (size: number) => {
    const calls: string[] = [];
    const record =
      (job: string) =>
      async (input: unknown): Promise<never> => {
        calls.push(`${job} ${JSON.stringify(input)}`);
        return [] as never;
      };
    const threads: PageThreads = {
      size,
      recognizePage: record('recognizePage'),
      readTextLayers: record('readTextLayers'),
      readFileTextLayers: record('readFileTextLayers'),
      separatePdfBatch: record('separatePdfBatch'),
      readPdfLayout: record('readPdfLayout'),
      embeddedXmlFiles: record('embeddedXmlFiles'),
      readQrCodes: record('readQrCodes'),
      detectStoredPages: record('detectStoredPages'),
      close: async () => {
        calls.push('close');
      },
    };
    return { threads, calls };
  };

  it('reads its size from the busy workers at each read', () => {
    let busy = 1;
    const view = sharedThreads(pool(2).threads, () => busy);
    expect(view.size).toBe(2);
    busy = 2;
    expect(view.size).toBe(1);
    busy = 1;
    expect(view.size).toBe(2);
  });

  it('hands every job to the shared pool and leaves the pool open', async () => {
    const { threads, calls } = pool(2);
    const view = sharedThreads(threads, () => 2);
    await view.readTextLayers({ pages: [] });
    await view.readFileTextLayers({ path: 'document.pdf', pages: [] });
    await view.readQrCodes({ pages: [] });
    await view.close();
    expect(calls).toEqual([
      'readTextLayers {"pages":[]}',
      'readFileTextLayers {"path":"document.pdf","pages":[]}',
      'readQrCodes {"pages":[]}',
    ]);
  });
});
