// A thread for thread-pool.test.ts: jobs that say which thread ran them, keep it busy, wait (as for
// a child process), fail with a named error, or end the thread, answered the way page-thread.mjs
// answers.
import { parentPort, threadId } from 'node:worker_threads';

class CorruptDocumentError extends Error {
  constructor(reason) {
    super(`The PDF is damaged and cannot be read: ${reason}`);
    this.name = 'CorruptDocumentError';
    this.code = 'corrupt';
    this.reason = reason;
  }
}

const jobs = {
  spin: ({ ms }) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {}
    return threadId;
  },
  wait: async ({ ms }) => {
    const started = Date.now();
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { threadId, started, ended: Date.now() };
  },
  fail: ({ reason }) => {
    throw new CorruptDocumentError(reason);
  },
  exit: () => process.exit(3),
};

parentPort.on('message', async ({ id, job, input }) => {
  try {
    parentPort.postMessage({ id, output: await jobs[job](input) });
  } catch (error) {
    parentPort.postMessage({
      id,
      error: { name: error.name, message: error.message, fields: { code: error.code, reason: error.reason } },
    });
  }
});
