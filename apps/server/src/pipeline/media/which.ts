// Finds a program on PATH without running it, so isConfigured() can stay synchronous and cheap.
import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** Absolute path of `program` if it is an executable on PATH (or is itself an executable path). */
export function findExecutable(program: string, path = process.env.PATH ?? ''): string | null {
  const candidates = isAbsolute(program)
    ? [program]
    : path
        .split(delimiter)
        .filter(Boolean)
        .map((dir) => join(dir, program));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here; keep looking
    }
  }
  return null;
}
