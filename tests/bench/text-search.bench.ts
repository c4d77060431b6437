/**
 * Text search benchmark: Index/Search's domain call over 100,000 indexed pages, against the bare
 * SQL statements it runs (the ranking query and the snippets query, executed directly on the same
 * database in the same run), and the indexer's throughput in pages per second.
 *
 * Measures
 *  1. indexing: tasks of 100 recognised pages (about 60 words each, 5 languages' words mixed in)
 *     indexed by the real indexer (domain/search/indexing.ts) — pages per second. Reported.
 *  2. search: the search call (workspace rule, ranking, snippets, mapping) for several words of
 *     different frequency, p95 over the samples, vs the bare SQL's p95. Target: ≤ 1.5×, reported
 *     with the absolute time.
 *
 * Run:  npm run bench -- --only=text-search [--quick]   (or `cd apps/server && pnpm exec tsx
 *       ../../tests/bench/text-search.bench.ts`). Embedded PostgreSQL (PGlite) in memory; with
 *       BENCH_DATABASE_URL set (an empty database), on that PostgreSQL server instead.
 */
import { openDatabase } from '../../apps/server/src/db/database.js';
import { refreshTextIndexStatistics, TextIndexScope } from '../../apps/server/src/db/repositories/text-index.js';
import { TextSearchScope } from '../../apps/server/src/db/repositories/text-search.js';
import { demoId } from '../../apps/server/src/domain/demo-data.js';
import { seedDemo } from '../../apps/server/src/domain/demo-seed.js';
import { indexTask } from '../../apps/server/src/domain/search/indexing.js';
import { SEARCH_CONFIGURATIONS } from '../../apps/server/src/domain/search/languages.js';
import { MATCHES_PER_TASK, searchTasks } from '../../apps/server/src/domain/search/search.js';
import { loadSession } from '../../apps/server/src/domain/session.js';
import { HISTORY_STATUSES, MAIN_TABLE_STATUSES } from '../../apps/server/src/domain/tasks/status-groups.js';
import { reportFigure } from './figures.ts';

const QUICK = process.argv.includes('--quick');
const PAGES = 100_000;
const PAGES_PER_TASK = 100;
const INDEXED_TASKS = QUICK ? 3 : 20;
const SAMPLES = QUICK ? 5 : 25;
const ACME = demoId('tenant:acme');
const INVOICES = demoId('workspace:Supplier invoices');
const DEVELOPER = demoId('user:developer@demo.reviewdesk.test');

// A vocabulary with a few rare words, so queries hit many, some or few pages.
const COMMON =
  'invoice total amount due payment customer service order delivery tax net gross date number account bank transfer reference item quantity price unit discount shipping address company'.split(
    ' ',
  );
const RARE = ['zanzibar', 'quokka', 'fjord', 'xylophone', 'marzipan'];

/** A deterministic stream of numbers in [0, 1). */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function pageWords(next: () => number, count: number): string[] {
  return Array.from({ length: count }, () =>
    next() < 0.002
      ? (RARE[Math.floor(next() * RARE.length)] as string)
      : (COMMON[Math.floor(next() * COMMON.length)] as string),
  );
}

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.NaN;
};

async function time<T>(work: () => Promise<T>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

async function main() {
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const { db, close } = await openDatabase(databaseUrl ? { databaseUrl } : {});
  console.log(`database: ${databaseUrl ? 'PostgreSQL server' : 'PGlite (in memory)'}`);
  await seedDemo(db);
  const next = random(19);

  // --- 1. indexing throughput: recognised pages through the real indexer --------------------
  const indexedTaskIds: string[] = [];
  for (let t = 0; t < INDEXED_TASKS; t++) {
    const id = crypto.randomUUID();
    indexedTaskIds.push(id);
    await db
      .insertInto('tasks')
      .values({
        id,
        tenant_id: ACME,
        workspace_id: INVOICES,
        sequential_by_workspace_id: 100_000 + t,
        display_name: `Indexed ${t}`,
        status: 60,
        modified_on: new Date(),
      })
      .execute();
    const rows = Array.from({ length: PAGES_PER_TASK }, (_, p) => {
      const words = pageWords(next, 60);
      return {
        tenant_id: ACME,
        task_id: id,
        page_number: p + 1,
        width: 595,
        height: 842,
        unit: 'point',
        image_blob_id: null,
        document: JSON.stringify({
          entities: [{ category: 'InvoiceTotal', pageNumber: p + 1, keyValues: [{ content: `${p}.99 EUR` }] }],
          tables: [],
        }),
        ocr: JSON.stringify({
          pageSize: { width: 595, height: 842, unit: 'point' },
          entities: words.map((text, i) => ({ text, lineIndex: Math.floor(i / 10) })),
        }),
        modified_by: null,
      };
    });
    await db.insertInto('task_pages').values(rows).execute();
  }
  const indexing = await time(async () => {
    for (const id of indexedTaskIds) await indexTask(db, ACME, id, { reason: 'benchmark' });
  });
  const indexedPages = INDEXED_TASKS * PAGES_PER_TASK;
  reportFigure({
    bench: 'text-search',
    name: 'indexing throughput',
    value: Math.round((indexedPages / indexing) * 1000),
    unit: 'pages/s',
    kind: 'timing',
    note: `${indexedPages} pages of ~60 words and one field value each, ${INDEXED_TASKS} tasks, ${Math.round(indexing)} ms`,
  });

  // --- 2. the search corpus: 100,000 page entries as the indexer writes them -----------------
  const remaining = PAGES - indexedPages;
  const tasks = remaining / PAGES_PER_TASK;
  const corpusStart = performance.now();
  for (let t = 0; t < tasks; t++) {
    const id = crypto.randomUUID();
    await db
      .insertInto('tasks')
      .values({
        id,
        tenant_id: ACME,
        workspace_id: INVOICES,
        sequential_by_workspace_id: t + 1,
        display_name: `Corpus ${t}`,
        status: t % 3 === 0 ? 100 : 60,
        modified_on: new Date(),
      })
      .execute();
    // What the indexer writes for a task (replaceEntries), without building OCR for 98,000 pages.
    await new TextIndexScope(db, ACME).replaceEntries(
      { id, workspace_id: INVOICES },
      t % 5 === 0 ? 'portuguese' : 'english',
      Array.from({ length: PAGES_PER_TASK }, (_, p) => ({
        source: 'page',
        pageNumber: p + 1,
        startTimeSeconds: null,
        position: (p + 1) * 2,
        speakerName: null,
        body: pageWords(next, 60).join(' '),
      })),
    );
  }
  await refreshTextIndexStatistics(db);
  const pageCount = await db
    .selectFrom('task_text_entries')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  console.log(`corpus: ${pageCount.n} indexed pages in ${Math.round(performance.now() - corpusStart)} ms`);

  // --- 3. search vs the bare SQL it runs ----------------------------------------------------
  const session = await loadSession(db, DEVELOPER);
  const scope = new TextSearchScope(db, ACME);
  const queries = ['zanzibar', 'quokka fjord', 'discount', 'shipping address', 'marzipan'];
  const call: number[] = [];
  const bare: number[] = [];
  for (let sample = 0; sample < SAMPLES + 2; sample++) {
    for (const text of queries) {
      const filter = {
        text,
        workspaceIds: [INVOICES],
        configurations: SEARCH_CONFIGURATIONS,
        statuses: [...MAIN_TABLE_STATUSES, ...HISTORY_STATUSES],
      };
      // Alternate which goes first, so neither always meets a warmer cache.
      const runCall = async (): Promise<void> => {
        await searchTasks(db, session, { Search: text, PageNumber: 1, PageSize: 20 });
      };
      const runBare = async (): Promise<void> => {
        const ranked = await scope.rankQuery(filter, 20, 0).execute(db);
        const ids = ranked.rows.map((row) => row.task_id);
        await Promise.all([scope.tasks(ids), scope.bestMatches(ids, filter, MATCHES_PER_TASK)]);
      };
      const [a, b] = sample % 2 === 0 ? [runCall, runBare] : [runBare, runCall];
      const first = await time(a);
      const second = await time(b);
      if (sample < 2) continue; // warm-up
      if (sample % 2 === 0) {
        call.push(first);
        bare.push(second);
      } else {
        bare.push(first);
        call.push(second);
      }
    }
  }
  const hits = await searchTasks(db, session, { Search: 'discount', PageNumber: 1, PageSize: 20 });
  reportFigure({
    bench: 'text-search',
    name: 'search p95 over 100,000 pages',
    value: Math.round(p95(call) * 10) / 10,
    baseline: Math.round(p95(bare) * 10) / 10,
    unit: 'ms',
    kind: 'timing',
    target: { of: 'ratio', max: 1.5 },
    note: `${call.length} searches of ${queries.length} queries (rare to common words; "discount" matches ${hits.totalCount} tasks), 20 tasks per page with up to ${MATCHES_PER_TASK} highlighted passages each; baseline: the same ranking, task and snippet SQL run directly`,
  });
  await close();
}

await main();
