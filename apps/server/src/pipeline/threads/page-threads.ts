// The pipeline's threads as the stages use them: one typed call per job of page-work.ts, run on a
// pool of PIPELINE_THREADS worker threads (default: the CPU count) shared by every worker of the
// process, so two workers' pages are worked on at once on two cores while their JavaScript thread
// only reads, writes and waits.
import { availableParallelism } from 'node:os';
import {
  CorruptDocumentError,
  EncryptedDocumentError,
  EngineFailedError,
  EngineNotConfiguredError,
  EngineTimeoutError,
  ImageTooLargeError,
  UnsupportedFileTypeError,
} from '../documents/errors.js';
import type { PageWork } from './page-work.js';
import { ThreadPool } from './thread-pool.js';

export type PageThreads = {
  [K in keyof PageWork]: (input: Parameters<PageWork[K]>[0]) => ReturnType<PageWork[K]>;
} & {
  readonly size: number;
  close(): Promise<void>;
};

/** The default number of threads: the CPUs this process may use. */
export const defaultThreadCount = () => availableParallelism();

export interface PageThreadOptions {
  /** Node options of each thread; `--cpu-prof --cpu-prof-dir=…` profiles them (tests/bench/pipeline-profile.ts). */
  execArgv?: string[];
}

export function startPageThreads(size: number = defaultThreadCount(), options: PageThreadOptions = {}): PageThreads {
  const pool = new ThreadPool({
    entry: new URL('./page-thread.mjs', import.meta.url),
    size,
    // These wait for poppler, tesseract or zbar most of their time.
    waitingJobs: ['recognizePage', 'readTextLayers', 'readFileTextLayers', 'readQrCodes'],
    ...(options.execArgv ? { execArgv: options.execArgv } : {}),
    errorClasses: [
      CorruptDocumentError,
      EncryptedDocumentError,
      EngineFailedError,
      EngineNotConfiguredError,
      EngineTimeoutError,
      ImageTooLargeError,
      UnsupportedFileTypeError,
    ],
  });
  // Loading pdf.js and the detectors takes a thread a moment: done while the workers start.
  pool.startAll();
  return {
    size: pool.size,
    recognizePage: (input) => pool.run('recognizePage', input),
    readTextLayers: (input) => pool.run('readTextLayers', input),
    readFileTextLayers: (input) => pool.run('readFileTextLayers', input),
    separatePdfBatch: (input) => pool.run('separatePdfBatch', input),
    readPdfLayout: (input) => pool.run('readPdfLayout', input),
    embeddedXmlFiles: (input) => pool.run('embeddedXmlFiles', input),
    readQrCodes: (input) => pool.run('readQrCodes', input),
    detectStoredPages: (input) => pool.run('detectStoredPages', input),
    close: () => pool.close(),
  };
}
