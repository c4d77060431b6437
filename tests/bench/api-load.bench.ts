/**
 * API load benchmark (issue: scale-out): 50 reviewers at once against two API replicas on one
 * PostgreSQL, as behind a load balancer. Each reviewer is its own account, signed in through the
 * real sign-in pages — the login page served by one replica and the token by the other, so the
 * sign-in state is shared — and holds the checkout of its own invoice. Half of them talk to each
 * replica; each pages the task list of a 5,000-task workspace and saves its invoice (version after
 * version, as the viewer does), two list pages to one save.
 *
 * Reports requests per second, p50 and p99 latency and errors (non-2xx answers, refused saves,
 * connection errors); the baseline is the health call under the same 50 connections (what a
 * request costs the server without work). Targets: 0 errors (enforced everywhere), p99 ≤ 500 ms
 * (a timing target: reported, not enforced, under CI=true).
 *
 * Run:  npm run bench -- --only=api-load [--quick]   (needs Debian's postgresql; skipped without it)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { reportFigure } from './figures.ts';

const QUICK = process.argv.includes('--quick');
const REVIEWERS = 50;
const TASKS = 5_000;
const SECONDS = QUICK ? 4 : 20;
const PAGE_SIZE = 25;
/** Calls a second per reviewer: a busy person paging and saving, not a script. */
const REQUESTS_PER_REVIEWER = 2;
const server = join(dirname(fileURLToPath(import.meta.url)), '../../apps/server');

const { findPostgresBin, startThrowawayCluster, createDatabase, freePort } = await import(
  '../../apps/server/test/support/postgres-cluster.js'
);
const { Browser, formUid, pkcePair } = await import('../../apps/server/test/support/browser.js');
const { openDatabase } = await import('../../apps/server/src/db/database.js');
const { demoId, DEMO_PASSWORD } = await import('../../apps/server/src/domain/demo-data.js');
const { roleByName } = await import('../../apps/server/src/domain/roles.js');

interface Replica {
  origin: string;
  child: ChildProcess;
  output: () => string;
}

/** One API replica as its own process (`tsx src/main.ts`), without workers. */
async function startReplica(port: number, env: Record<string, string>): Promise<Replica> {
  let output = '';
  const child = spawn(join(server, 'node_modules/.bin/tsx'), ['src/main.ts'], {
    cwd: server,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += String(d);
  });
  child.stderr?.on('data', (d) => {
    output += String(d);
  });
  const origin = `http://127.0.0.1:${port}`;
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`replica on ${port} exited:\n${output}`);
    const healthy = await fetch(`${origin}/api/v1.0/HealthCheck`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { origin, child, output: () => output };
    if (Date.now() > until) throw new Error(`replica on ${port} did not answer in 120 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The browser's sign-in, split across replicas: authorize and the token on `issuer` (the public
 * origin the load balancer answers on), the login form posted to `other`.
 */
async function signIn(issuer: string, other: string, email: string): Promise<string> {
  const browser = new Browser();
  const { verifier, challenge } = pkcePair();
  const redirectUri = `${issuer}/authentication/login-callback`;
  const authorize = new URL(`${issuer}/connect/authorize`);
  authorize.search = new URLSearchParams({
    client_id: 'reviewdesk-web',
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid profile email offline_access api',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'load',
  }).toString();
  const login = await browser.follow(authorize.toString(), issuer);
  const uid = formUid(await login.response.text());
  const posted = await browser.postForm(`${other}/Identity/Account/Login?uid=${uid}`, {
    uid,
    email,
    password: DEMO_PASSWORD,
    lang: 'en',
  });
  if (posted.status !== 303) throw new Error(`login of ${email} on the other replica answered ${posted.status}`);
  const back = await browser.follow(new URL(posted.headers.get('location') as string, issuer).toString(), issuer);
  const code = new URL(back.url).searchParams.get('code');
  if (!code) throw new Error(`no code for ${email}: ${back.url}`);
  const token = await fetch(`${issuer}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: issuer },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: 'reviewdesk-web',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  });
  if (token.status !== 200) throw new Error(`token of ${email}: ${token.status} ${await token.text()}`);
  return ((await token.json()) as { access_token: string }).access_token;
}

/** The page a reviewer saves: the invoice's fields, with the invoice number it is typing. */
function pageDocument(version: number, invoiceId: string) {
  const fields: Array<[string, string]> = [
    ['InvoiceId', invoiceId],
    ['InvoiceDate', '03/03/2026'],
    ['VendorName', 'Amazon Web Services'],
    ['InvoiceTotal', '123.45'],
  ];
  return {
    version,
    entities: fields.map(([category, content], i) => ({
      temporaryId: `0.1.e${i}`,
      type: 'field',
      category,
      pageNumber: 1,
      chunkNumber: 0,
      keyValues: [{ pageNumber: 1, category, content, confidence: 0.9 }],
      confidence: 0.9,
    })),
    tables: [],
  };
}

interface Reviewer {
  email: string;
  taskId: string;
  token: string;
  version: number;
  saves: number;
  /** Saves whose answer came back (kept or refused); a slow run may end before a reviewer's first. */
  answered: number;
}

async function main() {
  const bin = findPostgresBin();
  if (!bin) {
    console.log('skipped: no PostgreSQL binaries (Debian package postgresql) on this machine');
    return;
  }
  const cluster = await startThrowawayCluster(bin);
  const dataDir = await mkdtemp(join(tmpdir(), 'reviewdesk-load-'));
  const replicas: Replica[] = [];
  try {
    const databaseUrl = await createDatabase(cluster.url, 'load');
    const [portA, portB] = [await freePort(), await freePort()];
    const issuer = `http://127.0.0.1:${portA}`;
    // Every replica: the same database, data folder and public origin (the tokens' issuer).
    const env = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: issuer,
      WORKERS: '0',
      SEED_DEMO_TASKS: 'false',
      MAIL_IMPORT_PORT: 'off',
      SMTP_URL: '',
    };
    // RD_LOAD_PROFILE=<folder>: a CPU profile of the first replica, written when it stops.
    const profile = process.env.RD_LOAD_PROFILE;
    replicas.push(
      await startReplica(portA, profile ? { ...env, NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profile}` } : env),
    );
    replicas.push(await startReplica(portB, env));
    const [a, b] = replicas as [Replica, Replica];

    // ---- 50 reviewers with an invoice each, and 5,000 tasks to page through -------------------
    const database = await openDatabase({ databaseUrl });
    const db = database.db;
    const workspaceId = demoId('workspace:Supplier invoices');
    const tenantId = demoId('tenant:acme');
    const demoReviewer = await db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', demoId('user:reviewer@demo.reviewdesk.test'))
      .executeTakeFirstOrThrow();
    const emails = Array.from({ length: REVIEWERS }, (_, i) => `load${i + 1}@load.reviewdesk.test`);
    const userIds = emails.map(() => randomUUID());
    await db
      .insertInto('users')
      .values(
        emails.map((email, i) => ({
          id: userIds[i] as string,
          email,
          name: `Load Reviewer ${i + 1}`,
          user_name: email,
          contact: null,
          password_hash: demoReviewer.password_hash,
          email_confirmed: true,
          current_tenant_id: tenantId,
          profile_picture: null,
          locked_until: null,
        })),
      )
      .execute();
    await db
      .insertInto('tenant_memberships')
      .values(
        userIds.map((userId) => ({
          tenant_id: tenantId,
          user_id: userId,
          role_id: roleByName('Reviewer').id,
          status: 10,
          impersonate_role_id: null,
          is_default: true,
          is_owner: false,
        })),
      )
      .execute();
    await db
      .insertInto('workspace_members')
      .values(
        userIds.map((userId) => ({
          tenant_id: tenantId,
          workspace_id: workspaceId,
          user_id: userId,
          status: 10,
          added_by: null,
        })),
      )
      .execute();
    const start = Date.UTC(2026, 0, 1);
    const tasks = Array.from({ length: TASKS + REVIEWERS }, (_, i) => ({
      id: randomUUID(),
      tenant_id: tenantId,
      workspace_id: workspaceId,
      batch_id: null,
      sequential_by_workspace_id: 100_000 + i,
      display_name: i < REVIEWERS ? `Load invoice ${i + 1}.pdf` : `Listed invoice ${i + 1}.pdf`,
      description: null,
      external_id: null,
      status: 60,
      total_pages: 1,
      file_kind: 'pdf',
      created_on: new Date(start + i * 60_000),
      modified_on: new Date(start + i * 60_000),
    }));
    for (let i = 0; i < tasks.length; i += 500) {
      await db
        .insertInto('tasks')
        .values(tasks.slice(i, i + 500))
        .execute();
    }
    await db
      .insertInto('task_pages')
      .values(
        tasks.slice(0, REVIEWERS).map((task) => ({
          tenant_id: tenantId,
          task_id: task.id,
          page_number: 1,
          width: 8.5,
          height: 11,
          unit: 'inch',
          rotation: 0,
          image_blob_id: null,
          document: JSON.stringify(pageDocument(0, 'INV-0')),
          ocr: null,
          modified_by: null,
        })),
      )
      .execute();
    await database.close();
    console.log(`seeded ${REVIEWERS} reviewers with an invoice each and ${TASKS} listed tasks`);

    // ---- sign in (login page on one replica, token on the other) and check out --------------------
    const reviewers: Reviewer[] = [];
    for (const [i, email] of emails.entries()) {
      const [first, second] = i % 2 === 0 ? [a, b] : [b, a];
      const token = await signIn(issuer, second.origin, email);
      const taskId = (tasks[i] as { id: string }).id;
      const checkout = await fetch(`${first.origin}/api/v1/Viewer/Checkout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ taskId }),
      });
      const answer = (await checkout.json()) as { succeeded: boolean; errors: unknown };
      if (!answer.succeeded) throw new Error(`checkout of ${email}: ${JSON.stringify(answer.errors)}`);
      reviewers.push({ email, taskId, token, version: 0, saves: 0, answered: 0 });
    }
    console.log(`${REVIEWERS} reviewers signed in across the replicas and hold their checkouts`);

    // One list page and one save at a time first: what a call costs without contention.
    for (const [label, call] of [
      [
        'list page',
        () =>
          fetch(`${a.origin}/api/v1/SdTask/GetWithPagination/${workspaceId}?inBatchesOnly=false`, {
            method: 'POST',
            headers: { authorization: `Bearer ${reviewers[0]?.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ pageNumber: 77, pageSize: PAGE_SIZE, filters: [] }),
          }),
      ],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        const answer = await call();
        await answer.text();
        times.push(performance.now() - started);
      }
      console.log(`${label}, one at a time: ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
    }

    // ---- the load: half the reviewers on each replica ------------------------------------------------
    let refused = 0;
    const pages = Math.ceil(TASKS / PAGE_SIZE);
    const run = (origin: string, team: Reviewer[], scenario: 'health' | 'reviewers' | 'saturation') => {
      let next = 0;
      // autocannon keeps one context per connection: each connection is one reviewer.
      const auth = (context: object): Reviewer => {
        const held = context as { reviewer?: Reviewer };
        held.reviewer ??= team[next++ % team.length];
        return held.reviewer as Reviewer;
      };
      const listPage: autocannon.Request = {
        method: 'POST',
        setupRequest: (req, context) => {
          const reviewer = auth(context);
          const pageNumber = 1 + Math.floor(Math.random() * pages);
          return {
            ...req,
            path: `/api/v1/SdTask/GetWithPagination/${workspaceId}?inBatchesOnly=false`,
            headers: { authorization: `Bearer ${reviewer.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ pageNumber, pageSize: PAGE_SIZE, filters: [] }),
          };
        },
      };
      const save: autocannon.Request = {
        method: 'PUT',
        setupRequest: (req, context) => {
          const reviewer = auth(context);
          return {
            ...req,
            path: '/api/v1/Document/SaveDocumentChanges',
            headers: { authorization: `Bearer ${reviewer.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              taskId: reviewer.taskId,
              workspaceId,
              changes: { '1': pageDocument(reviewer.version, `INV-${reviewer.saves + 1}`) },
            }),
          };
        },
        onResponse: (status, body, context) => {
          const reviewer = auth(context);
          reviewer.answered++;
          const answer =
            status === 200
              ? (JSON.parse(body) as { succeeded: boolean; result?: { savedPages: Array<{ version: number }> } })
              : undefined;
          const saved = answer?.succeeded ? answer.result?.savedPages[0] : undefined;
          if (!saved) {
            refused++;
            return;
          }
          reviewer.version = saved.version;
          reviewer.saves++;
        },
      };
      const health: autocannon.Request = { method: 'GET', path: '/api/v1.0/HealthCheck' };
      return autocannon({
        url: origin,
        connections: team.length,
        duration: SECONDS,
        requests: scenario === 'health' ? [health] : [listPage, listPage, save],
        // A reviewer reads what came back before the next call: REQUESTS_PER_REVIEWER a second
        // each. Latencies of calls held back by a slow answer are counted (coordinated omission).
        ...(scenario === 'reviewers' ? { connectionRate: REQUESTS_PER_REVIEWER } : {}),
      });
    };
    const half = REVIEWERS / 2;
    const teams = [reviewers.slice(0, half), reviewers.slice(half)] as [Reviewer[], Reviewer[]];
    const both = (scenario: 'health' | 'reviewers' | 'saturation') =>
      Promise.all([run(a.origin, teams[0], scenario), run(b.origin, teams[1], scenario)]);
    const total = (results: autocannon.Result[]) => {
      const requests = results.reduce((n, r) => n + r.requests.total, 0);
      const errors = results.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0);
      // Latency percentiles of the two replicas together: the slower replica's, to be safe.
      const p50 = Math.max(...results.map((r) => r.latency.p50));
      const p99 = Math.max(...results.map((r) => r.latency.p99));
      return { rps: requests / SECONDS, errors, p50, p99, requests };
    };
    // A run ends with saves in flight whose answers nobody reads: each reviewer reads its page's
    // version again before the next run, as the viewer does after a reload.
    const reread = () =>
      Promise.all(
        reviewers.map(async (reviewer) => {
          const query = new URLSearchParams({ TaskId: reviewer.taskId, WorkspaceId: workspaceId, PageNumber: '1' });
          const answer = await fetch(`${a.origin}/api/v1/Document/PageAndOCR?${query}`, {
            headers: { authorization: `Bearer ${reviewer.token}` },
          });
          reviewer.version = ((await answer.json()) as { page: { version: number } }).page.version;
        }),
      );
    const base = total(await both('health'));
    const reviewing = total(await both('reviewers'));
    const refusedReviewing = refused;
    await reread();
    const saturated = total(await both('saturation'));
    const saves = reviewers.reduce((n, r) => n + r.saves, 0);
    console.log(
      `health: ${base.requests} requests; reviewers: ${reviewing.requests}; saturation: ${saturated.requests} (${saves} saves in all, ${refused} refused), ${SECONDS} s each`,
    );
    const bench = 'api-load';
    const note = `${REVIEWERS} reviewers over 2 replicas on PostgreSQL, ${REQUESTS_PER_REVIEWER} calls/s each, list:save 2:1, ${SECONDS} s; baseline: the health call, no think time`;
    reportFigure({
      bench,
      name: 'reviewers: latency p50',
      value: reviewing.p50,
      baseline: base.p50,
      unit: 'ms',
      kind: 'timing',
      note,
    });
    reportFigure({
      bench,
      name: 'reviewers: latency p99',
      value: reviewing.p99,
      baseline: base.p99,
      unit: 'ms',
      kind: 'timing',
      target: { of: 'value', max: 500 },
      note,
    });
    reportFigure({
      bench,
      name: 'reviewers: requests per second',
      value: reviewing.rps,
      unit: 'req/s',
      kind: 'timing',
      note,
    });
    reportFigure({
      bench,
      name: 'errors (non-2xx, refused saves, connection errors)',
      value: reviewing.errors + saturated.errors + refused,
      unit: 'count',
      kind: 'structural',
      target: { of: 'value', max: 0 },
      note: `${refusedReviewing} refused while reviewing`,
    });
    reportFigure({
      bench,
      name: 'saturation: requests per second',
      value: saturated.rps,
      baseline: base.rps,
      unit: 'req/s',
      kind: 'timing',
      note: `the same calls with no think time (capacity); p50 ${saturated.p50} ms, p99 ${saturated.p99} ms`,
    });
    // Every reviewer whose save was answered had every save kept; on a loaded machine a short run
    // may end before some reviewers' first save is answered, which is slowness, not a lost save.
    const saving = reviewers.filter((r) => r.answered > 0);
    reportFigure({
      bench,
      name: 'reviewers whose saves were kept',
      value: saving.filter((r) => r.saves === r.answered).length,
      unit: 'count',
      kind: 'structural',
      target: { of: 'value', min: saving.length },
      note: `${saving.length} of ${REVIEWERS} reviewers saved before the run ended; ${saves} saves in all, each on the version the last one returned`,
    });
  } finally {
    for (const replica of replicas) replica.child.kill('SIGTERM');
    await Promise.all(
      replicas.map((r) => (r.child.exitCode === null ? new Promise((done) => r.child.once('exit', done)) : undefined)),
    );
    await cluster.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
