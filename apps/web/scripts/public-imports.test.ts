// The app composes the packages through their public entry points only (STYLE.md #17): no
// `@reviewdesk/<pkg>/src/…`, no subpath a package does not export, no relative path into packages/.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const app = join(import.meta.dirname, '..');
const repo = join(app, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(path);
    return /\.(m?[jt]sx?)$/.test(entry.name) ? [path] : [];
  });
}

/** Every module specifier of a file (static and dynamic imports, re-exports). */
function specifiers(code: string): string[] {
  const found = [
    ...code.matchAll(/\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g),
    ...code.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g),
    ...code.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
  ];
  return found.map((m) => m[1] ?? '');
}

/** The public subpaths each workspace package exports (`.`, `./styles.css`, …). */
function exportsOf(name: string): string[] {
  const pkg = JSON.parse(readFileSync(join(repo, 'packages', name, 'package.json'), 'utf8'));
  return Object.keys(pkg.exports ?? { '.': null });
}

const files = [...sources(join(app, 'src')), ...sources(join(app, 'scripts')), join(app, 'vite.config.ts')];

describe('imports of the Reviewdesk packages', () => {
  it('finds the sources to check', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('use only entry points the packages export', () => {
    const wrong: string[] = [];
    for (const file of files) {
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        const match = /^@reviewdesk\/([^/]+)(\/.*)?$/.exec(spec);
        if (!match) continue;
        const [, name = '', sub] = match;
        if (!exportsOf(name).includes(sub ? `.${sub}` : '.')) wrong.push(`${relative(app, file)}: ${spec}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('never reach into the packages by a relative path', () => {
    const wrong = files.flatMap((file) =>
      specifiers(readFileSync(file, 'utf8'))
        .filter((spec) => spec.startsWith('.') && relative(repo, join(file, '..', spec)).startsWith('packages'))
        .map((spec) => `${relative(app, file)}: ${spec}`),
    );
    expect(wrong).toEqual([]);
  });

  it('would catch a deep import', () => {
    // Assembled so this file's own text holds no deep import for the scan above to find.
    const deep = ['@reviewdesk', 'auth', 'src', 'session'].join('/');
    expect(specifiers(`import { x } from '${deep}';`)).toEqual([deep]);
    expect(exportsOf('auth')).not.toContain('./src/session');
  });
});
