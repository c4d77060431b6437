// When to look at the folder next: after the interval, or soon after the system reports a change
// in it, whichever comes first. File events alone are not trusted (network drives and some
// editors send none, or many), so the interval stays as the safety net; events only make a dropped
// file show up in a second instead of a whole interval later. Changes the monitor makes itself
// (its state, processed/, failed/) do not wake it.
import { type FSWatcher, watch } from 'node:fs';
import { isOwnPath } from './monitor.js';

/** A change is acted on after this quiet time, so a burst of events (a copy in progress) is one wake-up. */
export const SETTLE_MS = 500;

export class Wake {
  private watcher: FSWatcher | null = null;
  private wakeUp: (() => void) | null = null;
  private changed = false;
  private settle: NodeJS.Timeout | undefined;

  constructor(folder: string, recursive: boolean) {
    try {
      this.watcher = watch(folder, { recursive }, (_event, name) => {
        if (name && isOwnPath(name.toString())) return;
        clearTimeout(this.settle);
        this.settle = setTimeout(() => {
          this.changed = true;
          this.wakeUp?.();
        }, SETTLE_MS);
      });
      this.watcher.on('error', () => this.close());
    } catch {
      // No file events here (an unsupported file system): the interval alone decides.
      this.watcher = null;
    }
  }

  /** Whether file events are being received. */
  get watching(): boolean {
    return this.watcher !== null;
  }

  /** Resolves after `ms`, or earlier on a change since the last call; says which. */
  next(ms: number): Promise<'change' | 'interval'> {
    if (this.changed) {
      this.changed = false;
      return Promise.resolve('change');
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish('interval'), ms);
      const finish = (why: 'change' | 'interval') => {
        clearTimeout(timer);
        this.wakeUp = null;
        this.changed = false;
        resolve(why);
      };
      this.wakeUp = () => finish('change');
    });
  }

  close() {
    clearTimeout(this.settle);
    this.watcher?.close();
    this.watcher = null;
    this.wakeUp?.();
  }
}
