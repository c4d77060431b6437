/**
 * Task list benchmark (ARCHITECTURE §6): 5,000 tasks in a throwaway server's database, the real
 * app in headless Chromium with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), against
 * a static HTML table of the same rows measured in the same run.
 *
 * Measures
 *  1. rows re-rendered by a refresh with nothing changed (the list's own 10-second refresh);
 *     counted from React's commits through the DevTools hook (RENDER_PROBE). Target: 0. The
 *     static table re-renders every row it shows.
 *  2. page change time: click "next page" → the first row of the next page is on screen,
 *     median of several, vs. the static table doing the same (fetch the same page from the same
 *     API with the same token, write the rows). Target: under 100 ms at 4× slowdown; reported
 *     with its ratio to the baseline.
 *
 * Run:  npm run bench -- --only=task-list [--quick]  (tests/bench/run.ts runs it with tsx from apps/server)
 *       (needs apps/web/dist: `pnpm --filter @reviewdesk/web run build`). `--quick` = smoke
 *       (fewer samples, 1 refresh). Exit code 1 when a target is missed.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { reportFigure } from './figures.ts';
import { freePort, median, p95 } from './numbers.ts';

const QUICK = process.argv.includes('--quick');
const TASKS = 5_000;
const CPU_SLOWDOWN = 4;
const PAGE_CHANGES = QUICK ? 3 : 9;
const REFRESHES = QUICK ? 1 : 3;
const PASSWORD = process.env.DEMO_PASSWORD ?? 'Reviewdesk-demo-1';

// `--profile`: a CPU profile of the page changes (build apps/web with `vite build --minify false`
// to read function names).
const PROFILE = process.argv.includes('--profile');

/**
 * Counts rows rendered, from React's commits (the DevTools hook): a row rendered when its
 * <tr data-task-id> carries a props object never seen in an earlier commit. (Comparing with the
 * fiber's alternate is not enough: a memoised row that bails out keeps fibers whose alternate is
 * two renders old.)
 */
const RENDER_PROBE = `
  window.__rdRowRenders = 0;
  const seen = new WeakSet();
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, isDisabled: false, renderers: new Map(),
    inject(renderer) { const id = this.renderers.size + 1; this.renderers.set(id, renderer); return id; },
    onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {},
    onCommitFiberRoot(_id, root) {
      const stack = [root.current];
      while (stack.length) {
        const fiber = stack.pop();
        const props = fiber.memoizedProps;
        if (fiber.tag === 5 && fiber.type === 'tr' && props && props['data-task-id'] && !seen.has(props)) {
          seen.add(props);
          window.__rdRowRenders++;
        }
        if (fiber.child) stack.push(fiber.child);
        if (fiber.sibling) stack.push(fiber.sibling);
      }
    },
  };`;

async function main() {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'reviewdesk-bench-'));
  Object.assign(process.env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: baseUrl,
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'true',
    WORKERS: '0', // the seeded tasks stay as they are: "nothing changed" must be true
    DATABASE_URL: '',
    SMTP_URL: '',
  });
  const { buildServer } = await import('../../apps/server/src/app.js');
  const { loadConfig } = await import('../../apps/server/src/config.js');
  const { demoId } = await import('../../apps/server/src/domain/demo-data.js');
  const server = await buildServer(loadConfig(), { logger: false });
  await server.app.listen({ port, host: '127.0.0.1' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    // ---- 5,000 tasks, straight into the database (the list only reads them) ----------------------
    const workspaceId = demoId('workspace:Supplier invoices');
    const workspace = await server.database.db
      .selectFrom('workspaces')
      .select(['tenant_id'])
      .where('id', '=', workspaceId)
      .executeTakeFirstOrThrow();
    const start = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: TASKS }, (_, i) => ({
      id: randomUUID(),
      tenant_id: workspace.tenant_id,
      workspace_id: workspaceId,
      batch_id: null,
      sequential_by_workspace_id: 100_000 + i,
      display_name: `Bench invoice ${String(i + 1).padStart(4, '0')}.pdf`,
      description: null,
      external_id: `BENCH-${i + 1}`,
      status: 60,
      total_pages: (i % 7) + 1,
      created_on: new Date(start + i * 60_000),
      modified_on: new Date(start + i * 60_000),
    }));
    for (let i = 0; i < rows.length; i += 250) {
      await server.database.db
        .insertInto('tasks')
        .values(rows.slice(i, i + 250))
        .execute();
    }
    console.log(`seeded ${TASKS} tasks in workspace ${workspaceId}`);

    // ---- sign in through the real login page, open the list ----------------------------------------
    const context = await browser.newContext({
      viewport: { width: 1366, height: 900 },
      locale: 'en-US',
      baseURL: baseUrl,
    });
    await context.addInitScript(RENDER_PROBE);
    const page = await context.newPage();
    let token = '';
    page.on('request', (request) => {
      const auth = request.headers().authorization;
      if (auth?.startsWith('Bearer ') && request.url().includes('/api/')) token = auth.slice(7);
    });
    await page.goto('/');
    await page.locator('#email').fill('developer@demo.reviewdesk.test');
    await page.locator('#password').fill(PASSWORD);
    await page.locator('form button[type="submit"], form button').first().click();
    await page.locator('[data-testid="home.welcome"]').waitFor({ timeout: 30_000 });
    await page.locator('[data-testid="workspace-switcher"]').selectOption(workspaceId);
    await page.goto('/task/list');
    const firstRow = page.locator('[data-testid^="task-list.row."]').first();
    await firstRow.waitFor({ timeout: 30_000 });

    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    // ---- 1. refresh with nothing changed --------------------------------------------------------------
    // A refresh of the page on screen (page 1), not the prefetch of the next one.
    const isRefresh = (response: { url(): string; request(): { postDataJSON(): unknown } }) =>
      response.url().includes('/SdTask/GetWithPagination/') &&
      (response.request().postDataJSON() as { pageNumber?: number } | null)?.pageNumber === 1;
    // Let the first load finish (workspace configuration, counts, the prefetch of page 2).
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2_000);
    const refreshRenders: number[] = [];
    for (let i = 0; i < REFRESHES; i++) {
      await page.waitForTimeout(500);
      await page.evaluate(() => {
        (window as unknown as { __rdRowRenders: number }).__rdRowRenders = 0;
      });
      // The list refreshes by itself every 10 s; wait for that answer, then for React to commit.
      await page.waitForResponse(isRefresh, { timeout: 25_000 });
      await page.waitForTimeout(1_000);
      refreshRenders.push(await page.evaluate(() => (window as unknown as { __rdRowRenders: number }).__rdRowRenders));
    }
    const mountedRows = await page.locator('[data-testid^="task-list.row."]').count();

    // ---- 2. page change ----------------------------------------------------------------------------------
    const listPageTimes: number[] = [];
    // `--profile`: a CPU profile of the page changes, its heaviest functions printed at the end.
    if (PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    for (let i = 0; i < PAGE_CHANGES; i++) {
      // A reader spends more than a second on a page; the next one is fetched ahead meanwhile.
      await page.waitForTimeout(1_500);
      // Timed inside the page, like the baseline: click → the next page's first row painted.
      const elapsed = (await page.evaluate(`new Promise((resolve) => {
        const first = () => document.querySelector('[data-testid^="task-list.row."]')?.getAttribute('data-task-id');
        const before = first();
        const started = performance.now();
        document.querySelector('[data-testid="task-list.next"]').click();
        const check = () => (first() !== before ? resolve(performance.now() - started) : requestAnimationFrame(check));
        requestAnimationFrame(check);
      })`)) as number;
      listPageTimes.push(elapsed);
    }

    if (PROFILE) {
      const { profile } = (await cdp.send('Profiler.stop')) as {
        profile: {
          nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
          samples: number[];
          timeDeltas: number[];
        };
      };
      const self = new Map<string, number>();
      const total = new Map<string, number>();
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const parentOf = new Map<number, number>();
      for (const n of profile.nodes as { id: number; children?: number[] }[])
        for (const child of n.children ?? []) parentOf.set(child, n.id);
      const nameOf = (id: number) => {
        const frame = byId.get(id)?.callFrame;
        return frame ? `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}` : '?';
      };
      profile.samples.forEach((id, i) => {
        const ms = (profile.timeDeltas[i] ?? 0) / 1000;
        self.set(nameOf(id), (self.get(nameOf(id)) ?? 0) + ms);
        // Inclusive time: each function on the sampled stack once (recursion counted once).
        const onStack = new Set<string>();
        for (let node: number | undefined = id; node !== undefined; node = parentOf.get(node))
          onStack.add(nameOf(node));
        for (const name of onStack) total.set(name, (total.get(name) ?? 0) + ms);
      });
      const busy = (name: string) => !/^\((idle|program|root|garbage collector)\)/.test(name);
      console.log('\nheaviest functions during the page changes (self time, ms):');
      for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
        console.log(`  ${ms.toFixed(1).padStart(8)}  ${name}`);
      console.log('\nheaviest functions with their callees (total time, ms):');
      for (const [name, ms] of [...total]
        .filter(([name]) => busy(name))
        .sort((a, b) => b[1] - a[1])
        .slice(0, 40))
        console.log(`  ${ms.toFixed(1).padStart(8)}  ${name}`);
    }
    // ---- baseline: a static table of the same rows, same API, same page, same CPU slowdown ------------
    await page.goto('/api/v1.0/HealthCheck'); // same origin, no app
    await page.setContent(
      '<table><thead><tr><th>No.</th><th>Name</th><th>Status</th><th>Created</th></tr></thead><tbody id="rows"></tbody></table><button id="next">Next</button>',
    );
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // A string, not a function: tsx would add its name-keeping helpers, which the page lacks.
    const staticResult = (await page.evaluate(`(async (args) => {
      let pageNumber = 1;
      const body = document.getElementById('rows');
      const load = async () => {
        const response = await fetch(args.origin + '/api/v1/SdTask/GetWithPagination/' + args.workspaceId + '?inBatchesOnly=false', {
          method: 'POST',
          headers: { authorization: 'Bearer ' + args.token, 'content-type': 'application/json' },
          body: JSON.stringify({ pageNumber, pageSize: 25, filters: [] }),
        });
        const page = await response.json();
        body.innerHTML = page.items
          .map((t) => '<tr><td>#' + t.sequentialByWorkspaceId + '</td><td>' + t.displayName + '</td><td>' + t.status + '</td><td>' + new Date(t.createdOn).toLocaleDateString() + '</td></tr>')
          .join('');
        await new Promise((r) => requestAnimationFrame(() => r(null)));
        return page.items.length;
      };
      await load();
      const times = [];
      for (let i = 0; i < args.samples; i++) {
        pageNumber += 1;
        const started = performance.now();
        await load();
        times.push(performance.now() - started);
      }
      // A refresh of the static table rewrites every row it shows.
      const rerendered = await load();
      return { times, rerendered };
    })(${JSON.stringify({ workspaceId, token, samples: PAGE_CHANGES, origin: baseUrl })})`)) as {
      times: number[];
      rerendered: number;
    };

    const listMs = median(listPageTimes);
    const staticMs = median(staticResult.times);
    const listP95 = p95(listPageTimes);
    const staticP95 = p95(staticResult.times);
    const maxRefresh = Math.max(...refreshRenders);
    console.log(
      `\nTask list, ${TASKS} tasks in the database, CPU slowed ${CPU_SLOWDOWN}× (${QUICK ? 'quick' : 'full'} run)`,
    );
    console.log(`  rows mounted (virtualised, page of 25):         ${mountedRows}`);
    console.log(
      `  rows re-rendered per refresh, nothing changed:  list ${refreshRenders.join(', ')}  | static table ${staticResult.rerendered}`,
    );
    console.log(
      `  page change, median of ${PAGE_CHANGES}:                    list ${listMs.toFixed(1)} ms | static table ${staticMs.toFixed(1)} ms | ratio ${(listMs / staticMs).toFixed(2)}×`,
    );
    console.log(`  page changes, list (ms): ${listPageTimes.map((t) => t.toFixed(1)).join(', ')}`);
    // Verdicts and the exit code come from figures.ts (timing reported only under CI=true).
    reportFigure({
      bench: 'task list',
      name: 'rows re-rendered per refresh, nothing changed (max)',
      value: maxRefresh,
      baseline: staticResult.rerendered,
      unit: 'rows',
      target: { of: 'value', max: 0 },
      kind: 'structural',
    });
    reportFigure({
      bench: 'task list',
      name: `page change at ${CPU_SLOWDOWN}× CPU (median of ${PAGE_CHANGES})`,
      value: listMs,
      baseline: staticMs,
      unit: 'ms',
      kind: 'timing',
    });
    reportFigure({
      bench: 'task list',
      name: `page change at ${CPU_SLOWDOWN}× CPU (p95 of ${PAGE_CHANGES}), under 100 ms`,
      value: listP95,
      baseline: staticP95,
      unit: 'ms',
      target: { of: 'value', max: 100 },
      kind: 'timing',
    });
    reportFigure({
      bench: 'task list',
      name: `page change at ${CPU_SLOWDOWN}× CPU (p95 of ${PAGE_CHANGES}), against the static table`,
      value: listP95,
      baseline: staticP95,
      unit: 'ms',
      target: { of: 'ratio', max: 1.3 },
      kind: 'timing',
    });
    await context.close();
  } finally {
    await browser.close();
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
