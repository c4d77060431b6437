// A worker's view of the process's page threads. The workers of a process share one pool, and a
// stage splits a document's work (text layers, QR batches, pages read at once) by `size`: split by
// the whole pool while another worker keeps a thread busy too, a document starts more poppler and
// zbar processes than there are threads left to run them, and each pays its fixed start-up cost for
// nothing. Here `size` is the share a worker can expect — the pool divided among the workers busy
// right now, rounded up so no thread is left idle — and the jobs still go to the one shared pool.
import type { PageThreads } from './page-threads.js';

/** Threads a worker can count on: the pool's size over the busy workers (itself included), at least 1. */
export function threadShare(poolSize: number, busyWorkers: number): number {
  return Math.max(1, Math.ceil(poolSize / Math.max(1, busyWorkers)));
}

/**
 * `threads` with `size` read as the share of `busyWorkers()` (asked at each read, so a stage
 * that splits window by window follows workers that start or finish meanwhile).
 */
export function sharedThreads(threads: PageThreads, busyWorkers: () => number): PageThreads {
  return {
    recognizePage: (input) => threads.recognizePage(input),
    readTextLayers: (input) => threads.readTextLayers(input),
    readFileTextLayers: (input) => threads.readFileTextLayers(input),
    separatePdfBatch: (input) => threads.separatePdfBatch(input),
    readPdfLayout: (input) => threads.readPdfLayout(input),
    embeddedXmlFiles: (input) => threads.embeddedXmlFiles(input),
    readQrCodes: (input) => threads.readQrCodes(input),
    detectStoredPages: (input) => threads.detectStoredPages(input),
    get size() {
      return threadShare(threads.size, busyWorkers());
    },
    // The pool belongs to whoever started it; a worker's view does not stop it.
    close: async () => {},
  };
}
