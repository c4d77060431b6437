// The monitor wakes on a change in the folder (also deep in a sub-folder when recursive), not on
// its own moves, and otherwise after the interval.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isOwnPath } from '../src/monitor.js';
import { Wake } from '../src/wake.js';

describe('waking the folder monitor', () => {
  let wake: Wake | undefined;
  afterEach(() => wake?.close());

  it('knows its own paths', () => {
    expect(['processed', 'failed/a.pdf', '.reviewdesk/state.json', 'processed\\2026\\a.pdf'].map(isOwnPath)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['a.pdf', '2026/processed/a.pdf', 'processed-old/a.pdf'].map(isOwnPath)).toEqual([false, false, false]);
  });

  it('wakes soon after a file is dropped, and after the interval when nothing happens', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'monitor-wake-'));
    wake = new Wake(folder, false);
    expect(wake.watching).toBe(true);
    const started = Date.now();
    expect(await wake.next(150)).toBe('interval');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);

    const waiting = wake.next(30_000);
    writeFileSync(join(folder, 'scan.pdf'), 'x');
    expect(await waiting).toBe('change');
  });

  it('wakes for a file deep in a sub-folder when recursive, never for its own processed/ and failed/', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'monitor-wake-'));
    mkdirSync(join(folder, 'processed'));
    mkdirSync(join(folder, '2026', 'March'), { recursive: true });
    wake = new Wake(folder, true);
    const own = wake.next(1_500);
    writeFileSync(join(folder, 'processed', 'moved.pdf'), 'x');
    expect(await own).toBe('interval');

    const deep = wake.next(30_000);
    writeFileSync(join(folder, '2026', 'March', 'scan.pdf'), 'x');
    expect(await deep).toBe('change');
  });
});
