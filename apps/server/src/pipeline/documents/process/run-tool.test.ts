import { describe, expect, it } from 'vitest';
import { EngineFailedError, EngineNotConfiguredError, EngineTimeoutError } from '../errors.js';
import { runTool } from './run-tool.js';

describe('runTool (through the tool launcher)', () => {
  it('returns the bytes a tool writes, its stderr and its exit code', async () => {
    const result = await runTool('printf', 'sh', ['-c', 'printf "\\000\\377ab"; echo why >&2; exit 3'], {
      timeoutMs: 10_000,
      allowFailure: true,
    });
    expect([...result.stdout]).toEqual([0, 255, 97, 98]);
    expect(result.stderr).toBe('why\n');
    expect(result.exitCode).toBe(3);
  });

  it('passes the extra environment and the arguments as they are', async () => {
    const result = await runTool('echo', 'sh', ['-c', 'printf "%s|%s" "$RD_TOOL_TEST" "$1"', 'sh', 'a "b" c'], {
      timeoutMs: 10_000,
      env: { RD_TOOL_TEST: 'set' },
    });
    expect(result.stdout.toString()).toBe('set|a "b" c');
  });

  it('turns a failing exit code, a missing program, a timeout and too much output into typed errors', async () => {
    await expect(runTool('false', 'sh', ['-c', 'echo broken >&2; exit 1'], { timeoutMs: 10_000 })).rejects.toThrow(
      EngineFailedError,
    );
    await expect(runTool('nothing', 'rd-no-such-program', [], { timeoutMs: 10_000 })).rejects.toThrow(
      EngineNotConfiguredError,
    );
    const started = Date.now();
    await expect(runTool('sleep', 'sleep', ['20'], { timeoutMs: 300 })).rejects.toThrow(EngineTimeoutError);
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect(
      runTool('yes', 'sh', ['-c', 'head -c 100000 /dev/zero'], { timeoutMs: 10_000, maxOutputBytes: 1000 }),
    ).rejects.toThrow('more output than allowed');
  });

  it('starts tools from the launcher, not from this process', async () => {
    const parents = await Promise.all(
      [1, 2].map(() => runTool('sh', 'sh', ['-c', 'echo $PPID'], { timeoutMs: 10_000 })),
    );
    const [first, second] = parents.map((result) => Number(result.stdout.toString().trim()));
    expect(first).not.toBe(process.pid);
    expect(first).toBeGreaterThan(0);
    expect(second).toBe(first);
  });

  it('runs tools side by side', async () => {
    const started = Date.now();
    const results = await Promise.all(
      [1, 2, 3].map((n) => runTool('sleep', 'sh', ['-c', `sleep 0.5; echo ${n}`], { timeoutMs: 10_000 })),
    );
    expect(results.map((r) => r.stdout.toString().trim())).toEqual(['1', '2', '3']);
    expect(Date.now() - started).toBeLessThan(1400);
  });
});
