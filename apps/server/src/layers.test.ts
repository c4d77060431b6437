// Layers point one way (ARCHITECTURE.md §4): http → domain → db and pipeline → domain → db, with the
// contract's generated types below everything. Domain code never imports http (it raises domain
// errors that http maps), db never imports the rules above it. This test reads every import of
// src/ and fails on one against the direction.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = import.meta.dirname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Every relative module specifier of a file (static and dynamic imports, re-exports). */
function relativeImports(code: string): string[] {
  const found = [
    ...code.matchAll(/\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"](\.[^'"]+)['"]/g),
    ...code.matchAll(/\bimport\s*\(\s*['"](\.[^'"]+)['"]\s*\)/g),
  ];
  return found.map((m) => m[1] ?? '');
}

/** The layer of a path below src/: its first folder (`domain`, `http` …), or the file for top-level modules. */
const layerOf = (path: string) => relative(src, path).split('/')[0]?.replace(/\.ts$/, '') ?? '';

/** Which layers each layer must not import. */
const FORBIDDEN: Record<string, string[]> = {
  contract: ['http', 'domain', 'db', 'pipeline', 'identity', 'uploads', 'storage', 'inbound-mail', 'app', 'main'],
  db: ['http', 'domain', 'pipeline', 'identity', 'uploads', 'inbound-mail', 'app', 'main'],
  formats: ['http', 'domain', 'db', 'pipeline', 'identity', 'uploads', 'storage', 'inbound-mail', 'app', 'main'],
  domain: ['http', 'pipeline', 'identity', 'uploads', 'inbound-mail', 'app', 'main', 'worker-main'],
  pipeline: ['http', 'identity', 'uploads', 'inbound-mail', 'app', 'main'],
  connectors: ['http', 'domain', 'db', 'pipeline', 'identity', 'uploads', 'storage', 'inbound-mail', 'app', 'main'],
  storage: ['http', 'domain', 'pipeline', 'identity', 'uploads', 'inbound-mail', 'app', 'main'],
  language: ['http', 'domain', 'db', 'pipeline', 'identity', 'uploads', 'storage', 'inbound-mail', 'app', 'main'],
  translation: ['http', 'domain', 'db', 'pipeline', 'identity', 'uploads', 'storage', 'inbound-mail', 'app', 'main'],
};

function violations(): string[] {
  const wrong: string[] = [];
  for (const file of sources(src)) {
    const from = layerOf(file);
    const forbidden = FORBIDDEN[from];
    if (!forbidden) continue;
    for (const spec of relativeImports(readFileSync(file, 'utf8'))) {
      const to = layerOf(resolve(dirname(file), spec));
      if (!forbidden.includes(to)) continue;
      wrong.push(`${relative(src, file)} → ${spec}`);
    }
  }
  return wrong;
}

describe('server layers', () => {
  it('finds the sources to check', () => {
    expect(sources(src).length).toBeGreaterThan(100);
  });

  it('has no import against the direction', () => {
    expect(violations()).toEqual([]);
  });
});
