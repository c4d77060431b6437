// Entry of one pipeline thread (page-threads.ts starts them): loads the TypeScript jobs through
// tsx's loader (the server runs from source; a thread does not inherit the process's loader in
// every runner, so it registers its own) and answers each request with the job's output or error.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { pageWork } = await import('./page-work.ts');
const { serialiseError } = await import('./thread-pool.ts');

parentPort.on('message', async ({ id, job, input }) => {
  try {
    const work = pageWork[job];
    if (typeof work !== 'function') throw new Error(`No pipeline job named ${job}.`);
    parentPort.postMessage({ id, output: await work(input) });
  } catch (error) {
    parentPort.postMessage({ id, error: serialiseError(error) });
  }
});
