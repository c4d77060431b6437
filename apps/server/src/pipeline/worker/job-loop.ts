// The loop of a worker's side jobs that live outside the task status (segment cuts, summaries,
// model training): take the next job, and when none waits look again after `idleMs`. A failed job
// is logged and the loop goes on; `stop()` ends the wait at once and resolves when the job in hand
// is done.

export interface JobLoop {
  stop(): Promise<void>;
}

export interface JobLoopOptions {
  /** Does the next waiting job; answers undefined when none waits. */
  next: () => Promise<unknown>;
  idleMs: number;
  /** What the log says when a job throws, e.g. "summarising failed". */
  failure: string;
  log?: (message: string, error?: unknown) => void;
}

export function startJobLoop({ next, idleMs, failure, log }: JobLoopOptions): JobLoop {
  const report = log ?? ((message, error) => console.error(message, error));
  let stopped = false;
  let wake: (() => void) | null = null;
  const loop = (async () => {
    while (!stopped) {
      let done: unknown;
      try {
        done = await next();
      } catch (error) {
        report(failure, error);
      }
      if (done || stopped) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, idleMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  })();
  return {
    async stop() {
      stopped = true;
      (wake as (() => void) | null)?.();
      await loop;
    },
  };
}
