// One pool of pipeline threads per test file for the tests that run stages without the worker
// runtime (which starts its own); idle threads are unref'd, so the pool never holds a run open.
import { type PageThreads, startPageThreads } from '../../src/pipeline/threads/page-threads.js';

let threads: PageThreads | undefined;

export function testPageThreads(): PageThreads {
  threads ??= startPageThreads(2);
  return threads;
}
