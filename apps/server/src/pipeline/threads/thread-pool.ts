// A fixed number of worker threads (node:worker_threads) running named jobs from one module, so
// CPU-bound work leaves the JavaScript thread that orchestrates: jobs queue in order and each goes
// to the next free thread. Threads start on first use or all at once (`startAll`, so loading their
// modules is not paid by the first task), are left idle (unref'd: an idle pool never keeps the
// process alive) and are replaced when one dies. Errors come back as the same classes
// (see `rebuild`), so callers catch them as if the job had run in-line.
import { Worker } from 'node:worker_threads';

/** An error as it crosses the thread boundary (structured clone keeps no class). */
export interface ThreadError {
  name: string;
  message: string;
  stack?: string | undefined;
  /** The error's own fields (e.g. `code`, `reason`). */
  fields: Record<string, unknown>;
}

type Request = { id: number; job: string; input: unknown };
type Reply = { id: number; output?: unknown; error?: ThreadError };

interface Pending {
  request: Request;
  transfer: ArrayBuffer[];
  resolve: (output: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  busy: Pending | null;
}

export interface ThreadPoolOptions {
  /** The thread's entry module (it answers `Request`s, see page-thread.mjs). */
  entry: URL;
  size: number;
  /** Error classes rebuilt by name when a job throws one. */
  errorClasses?: ReadonlyArray<abstract new (...args: never[]) => Error>;
  /** Node options of each thread (e.g. `--cpu-prof`, which a thread does not take from the process). */
  execArgv?: string[];
}

export class ThreadPool {
  readonly size: number;
  #slots: Slot[] = [];
  #queue: Pending[] = [];
  #nextId = 1;
  #closed = false;
  readonly #errorClasses: Map<string, { prototype: Error }>;

  constructor(private readonly options: ThreadPoolOptions) {
    this.size = Math.max(1, Math.floor(options.size));
    this.#errorClasses = new Map(
      (options.errorClasses ?? []).map((c) => [c.name, c as unknown as { prototype: Error }]),
    );
  }

  /** Runs `job` with `input` on a free thread; `transfer` hands buffers over instead of copying them. */
  run<T>(job: string, input: unknown, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('The thread pool is closed.'));
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({
        request: { id: this.#nextId++, job, input },
        transfer,
        resolve: resolve as (output: unknown) => void,
        reject,
      });
      this.#dispatch();
    });
  }

  /** Starts every thread now (each loads its modules in the background) instead of on first use. */
  startAll(): void {
    while (!this.#closed && this.#start()) {}
  }

  /** Stops every thread; queued and running jobs are refused. */
  async close(): Promise<void> {
    this.#closed = true;
    const error = new Error('The thread pool is closed.');
    for (const pending of this.#queue.splice(0)) pending.reject(error);
    const slots = this.#slots.splice(0);
    for (const slot of slots) slot.busy?.reject(error);
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  #dispatch() {
    while (this.#queue.length > 0) {
      const slot = this.#slots.find((s) => s.busy === null) ?? this.#start();
      if (!slot) return;
      const pending = this.#queue.shift() as Pending;
      slot.busy = pending;
      // Referenced while it works, so a running job is not cut short by an otherwise idle process.
      slot.worker.ref();
      slot.worker.postMessage(pending.request, pending.transfer);
    }
  }

  #start(): Slot | undefined {
    if (this.#slots.length >= this.size) return undefined;
    // The threads load TypeScript through tsx themselves (page-thread.mjs), whatever loader the
    // process was started with, so no loader flags are inherited.
    const worker = new Worker(this.options.entry, { execArgv: this.options.execArgv ?? [] });
    const slot: Slot = { worker, busy: null };
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const pending = slot.busy;
      if (!pending || pending.request.id !== reply.id) return;
      slot.busy = null;
      worker.unref();
      if (reply.error) pending.reject(this.#rebuild(reply.error));
      else pending.resolve(reply.output);
      this.#dispatch();
    });
    const died = (error: Error) => {
      const index = this.#slots.indexOf(slot);
      if (index < 0) return;
      this.#slots.splice(index, 1);
      slot.busy?.reject(error);
      slot.busy = null;
      if (!this.#closed) this.#dispatch();
    };
    worker.on('error', died);
    worker.on('exit', (code) => died(new Error(`A processing thread stopped (exit code ${code}).`)));
    this.#slots.push(slot);
    return slot;
  }

  /** The error a job threw, as an instance of its class when the pool knows it. */
  #rebuild(thrown: ThreadError): Error {
    const known = this.#errorClasses.get(thrown.name);
    const error: Error = known ? Object.create(known.prototype) : new Error(thrown.message);
    Object.assign(error, thrown.fields);
    Object.defineProperty(error, 'message', { value: thrown.message, writable: true, configurable: true });
    Object.defineProperty(error, 'name', { value: thrown.name, writable: true, configurable: true });
    if (thrown.stack)
      Object.defineProperty(error, 'stack', { value: thrown.stack, writable: true, configurable: true });
    return error;
  }
}

/** What a thread sends back for an error a job threw. */
export function serialiseError(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}
