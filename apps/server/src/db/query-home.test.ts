// SQL lives in db/ only (ARCHITECTURE.md §4): the rules above the database ask repositories, they do
// not build queries, open transactions or cast a transaction into a connection. This test reads every
// source of src/ outside db/ and fails on a file that does.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** What building or running a query looks like in Kysely, by name. */
const QUERY_BUILDING: Record<string, RegExp> = {
  'a select': /\.selectFrom\(/,
  'an insert': /\.insertInto\(/,
  'an update': /\.updateTable\(/,
  'a delete': /\.deleteFrom\(/,
  'raw SQL': /\bsql\s*(?:<[^`;]*?>)?\s*`/,
  'an SQL helper': /\bsql\.(?:raw|ref|join|lit|id|table|val)\(/,
  'a transaction': /\.transaction\(\)/,
  'a transaction cast into a connection': /as unknown as Db\b/,
};

/** Whatever the file does that belongs in a repository (empty when nothing). */
function queryBuildingOf(code: string): string[] {
  return Object.entries(QUERY_BUILDING)
    .filter(([, pattern]) => pattern.test(code))
    .map(([name]) => name);
}

/**
 * Files outside db/ that still build their queries, to move into repositories. The list may only
 * shrink: a new file that builds a query fails, and so does an entry whose file no longer does
 * (take it off the list).
 */
const NOT_YET_MOVED = new Set<string>([]);

function outsideDb(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of sources(src)) {
    const path = relative(src, file);
    if (path.startsWith('db/')) continue;
    const building = queryBuildingOf(readFileSync(file, 'utf8'));
    if (building.length > 0) found.set(path, building);
  }
  return found;
}

describe('where SQL lives', () => {
  it('recognises query building', () => {
    expect(queryBuildingOf("await db.selectFrom('tasks').selectAll().execute();")).toEqual(['a select']);
    expect(queryBuildingOf('const row = await sql<{ id: string }>`select 1`.execute(db);')).toEqual(['raw SQL']);
    expect(queryBuildingOf('return db.transaction().execute((trx) => f(trx as unknown as Db));')).toEqual([
      'a transaction',
      'a transaction cast into a connection',
    ]);
    expect(queryBuildingOf('const list = await tasks.byIds(ids);')).toEqual([]);
  });

  it('finds the sources to check', () => {
    expect(sources(src).length).toBeGreaterThan(100);
  });

  it('builds no query outside db/ except in the files still to move', () => {
    const found = outsideDb();
    const unexpected = [...found].filter(([path]) => !NOT_YET_MOVED.has(path)).map(([p, what]) => `${p}: ${what}`);
    expect(unexpected).toEqual([]);
  });

  it('lists only files that still build queries', () => {
    const found = outsideDb();
    expect([...NOT_YET_MOVED].filter((path) => !found.has(path))).toEqual([]);
  });
});
