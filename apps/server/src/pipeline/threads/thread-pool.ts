// A fixed number of worker threads (node:worker_threads) running named jobs from one module, so
// CPU-bound work leaves the JavaScript thread that orchestrates: jobs queue in order and each goes
// to the next free thread. A job that spends most of its time waiting for a child process (named in
// `waitingJobs`: pdftoppm, pdftotext, zbar) leaves its thread idle meanwhile, so one other job that
// does not wait may run beside it on that thread: the field detection of a document is not held up
// behind its QR codes' renders when every thread has one. Threads start on first use or all at once
// (`startAll`, so loading their modules is not paid by the first task), are left idle (unref'd: an
// idle pool never keeps the process alive) and are replaced when one dies. Errors come back as the
// same classes (see `rebuild`), so callers catch them as if the job had run in-line.
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
  /** The jobs the thread runs now: none, one, or a waiting job and one that does not wait. */
  running: Pending[];
}

export interface ThreadPoolOptions {
  /** The thread's entry module (it answers `Request`s, see page-thread.mjs). */
  entry: URL;
  size: number;
  /** Error classes rebuilt by name when a job throws one. */
  errorClasses?: ReadonlyArray<abstract new (...args: never[]) => Error>;
  /** Node options of each thread (e.g. `--cpu-prof`, which a thread does not take from the process). */
  execArgv?: string[];
  /**
   * Jobs that mostly wait for a child process: a thread running one also takes one job that is not
   * of these when no thread is free. Two waiting jobs never share a thread (their tools would
   * crowd the cores the threads are sized to).
   */
  waitingJobs?: readonly string[];
}

export class ThreadPool {
  readonly size: number;
  #slots: Slot[] = [];
  #queue: Pending[] = [];
  #nextId = 1;
  #closed = false;
  readonly #errorClasses: Map<string, { prototype: Error }>;
  readonly #waitingJobs: ReadonlySet<string>;

  constructor(private readonly options: ThreadPoolOptions) {
    this.size = Math.max(1, Math.floor(options.size));
    this.#waitingJobs = new Set(options.waitingJobs ?? []);
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
    for (const slot of slots) for (const pending of slot.running.splice(0)) pending.reject(error);
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  #dispatch() {
    while (this.#queue.length > 0) {
      const free = this.#slots.find((s) => s.running.length === 0) ?? this.#start();
      if (free) {
        this.#send(free, this.#queue.shift() as Pending);
        continue;
      }
      // Every thread is busy: the first queued job that does not wait goes beside a waiting one.
      const beside = this.#slots.find(
        (s) => s.running.length === 1 && this.#waitingJobs.has((s.running[0] as Pending).request.job),
      );
      const index = beside ? this.#queue.findIndex((pending) => !this.#waitingJobs.has(pending.request.job)) : -1;
      if (!beside || index < 0) return;
      this.#send(beside, this.#queue.splice(index, 1)[0] as Pending);
    }
  }

  #send(slot: Slot, pending: Pending) {
    slot.running.push(pending);
    // Referenced while it works, so a running job is not cut short by an otherwise idle process.
    slot.worker.ref();
    slot.worker.postMessage(pending.request, pending.transfer);
  }

  #start(): Slot | undefined {
    if (this.#slots.length >= this.size) return undefined;
    // The threads load TypeScript through tsx themselves (page-thread.mjs), whatever loader the
    // process was started with, so no loader flags are inherited.
    const worker = new Worker(this.options.entry, { execArgv: this.options.execArgv ?? [] });
    const slot: Slot = { worker, running: [] };
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const index = slot.running.findIndex((pending) => pending.request.id === reply.id);
      if (index < 0) return;
      const pending = slot.running.splice(index, 1)[0] as Pending;
      if (slot.running.length === 0) worker.unref();
      if (reply.error) pending.reject(this.#rebuild(reply.error));
      else pending.resolve(reply.output);
      this.#dispatch();
    });
    const died = (error: Error) => {
      const index = this.#slots.indexOf(slot);
      if (index < 0) return;
      this.#slots.splice(index, 1);
      for (const pending of slot.running.splice(0)) pending.reject(error);
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
