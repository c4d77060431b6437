/**
 * Sharing a media segment end to end: a manager shares 3 seconds of the demo recording from the
 * transcript editor; the link opens in a fresh browser context (no sign-in, a phone's screen), the
 * page plays only that segment — its file lasts the segment, not the recording — with its words;
 * once the share's date has passed, the page says it is gone and its file is no longer served.
 *
 * A share lasts at least a day, so this scenario runs its own server on a PostgreSQL database and
 * moves the share's expiry into the past there, as a day passing would.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, findPostgresBin, startThrowawayCluster } from '../../apps/server/test/support/postgres-cluster';
import { openSession, useBrowserSessions } from './support/browser';
import { openDemoRecording, settle, toolbarAction } from './support/flows';
import { artifactsDir, repoRoot } from './support/paths';
import { type StartedServer, startServer } from './support/server';

/** The part of node-postgres this scenario uses. */
interface PgClient {
  connect(): Promise<void>;
  query(text: string, values: unknown[]): Promise<{ rowCount: number | null }>;
  end(): Promise<void>;
}
// The server's own PostgreSQL client: the e2e project has no database dependency of its own.
const pg = createRequire(join(repoRoot, 'apps', 'server', 'package.json'))('pg') as {
  Client: new (options: { connectionString?: string }) => PgClient;
};

let cluster: Cluster | undefined;
let server: StartedServer | undefined;

beforeAll(async () => {
  const bin = findPostgresBin();
  if (!bin) {
    throw new Error(
      'This scenario moves a share past its expiry in the database: it needs PostgreSQL (apt `postgresql`, or PG_BIN).',
    );
  }
  cluster = await startThrowawayCluster(bin);
  server = await startServer({ logFile: join(artifactsDir, 'server-segment-share.log'), databaseUrl: cluster.url });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await cluster?.stop();
});

const current = useBrowserSessions({
  baseUrl: () => {
    if (!server) throw new Error('The scenario’s server did not start.');
    return server.baseUrl;
  },
});

/** Moves every share of the task to an expiry a minute ago: what a day passing would do. */
async function expireShares(taskId: string): Promise<number> {
  const client = new pg.Client({ connectionString: cluster?.url });
  await client.connect();
  try {
    const result = await client.query(
      "update task_shares set expires_on = now() - interval '1 minute' where task_id = $1 and share_type = 20",
      [taskId],
    );
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

const SEGMENT = { start: 2, end: 5 };

describe('media segment share', () => {
  it('shares a segment of the demo recording, plays it on the public page without sign-in, and is gone after expiry', {
    timeout: 360_000,
  }, async () => {
    const s = current();
    const { taskId } = await openDemoRecording(s, 240_000);
    const page = s.page;
    const editor = page.getByTestId('transcript-editor');
    await page.locator('[data-testid="transcript-editor"][data-phase="ready"]').waitFor({ timeout: 60_000 });

    // Share 2–5 s, for the shortest time the product allows.
    await toolbarAction(editor, 'share-segment.open', 'share');
    await page.getByTestId('share-segment.start').fill(String(SEGMENT.start));
    await page.getByTestId('share-segment.end').fill(String(SEGMENT.end));
    await page.getByTestId('share-segment.days').fill('1');
    await settle(s);
    await s.screenshot('segment-share-1-dialog');
    await page.getByTestId('share-segment.send').click();
    const link = await page.getByTestId('share-segment.link').inputValue();
    expect(link).toMatch(new RegExp(`^${s.baseUrl}/share/segment/[A-Za-z0-9_-]+$`));

    // A fresh browser (no sign-in), phone-sized: the page waits for the cut, then plays the segment.
    const browser = s.context.browser();
    if (!browser) throw new Error('No browser behind the context.');
    const visitor = await openSession(browser, 'en-US', s.baseUrl);
    try {
      await visitor.page.setViewportSize({ width: 390, height: 844 });
      await visitor.page.goto(link);
      await visitor.page
        .getByTestId('shared-segment')
        .waitFor({ timeout: 60_000 })
        .catch(async (error: unknown) => {
          await visitor.screenshot('segment-share-2-not-shown');
          const shown = await visitor.page.locator('body').innerText();
          throw new Error(`${String(error)}\n${shown}\n${visitor.problems.join('\n')}`);
        });
      const media = visitor.page.getByTestId('shared-segment.media');
      // The segment's own file: about 3 s long, not the recording's 11 s.
      const duration = await media.evaluate(
        (el: HTMLMediaElement) =>
          new Promise<number>((resolve, reject) => {
            if (Number.isFinite(el.duration) && el.duration > 0) return resolve(el.duration);
            el.addEventListener('loadedmetadata', () => resolve(el.duration), { once: true });
            el.addEventListener('error', () => reject(new Error(`media error ${el.error?.code}`)), { once: true });
            el.load();
          }),
      );
      expect(duration).toBeGreaterThan(SEGMENT.end - SEGMENT.start - 0.5);
      expect(duration).toBeLessThan(SEGMENT.end - SEGMENT.start + 1.5);
      const words = await visitor.page.getByTestId('shared-segment.words').innerText();
      expect(words.trim().length).toBeGreaterThan(0);
      // It plays: time moves on (muted: a headless browser has no sound to give).
      await media.evaluate(async (el: HTMLMediaElement) => {
        el.muted = true;
        await el.play();
      });
      await expect
        .poll(() => media.evaluate((el: HTMLMediaElement) => el.currentTime), { timeout: 10_000 })
        .toBeGreaterThan(0.5);
      await visitor.screenshot('segment-share-2-public-page');
      const mediaUrl = await media.evaluate((el: HTMLMediaElement) => el.currentSrc);
      expect(visitor.problems).toEqual([]);

      // A day later (moved in the database): the page says the share is gone, its file is not served.
      expect(await expireShares(taskId)).toBe(1);
      await visitor.page.reload();
      await visitor.page.getByTestId('shared-segment.gone').waitFor();
      await visitor.screenshot('segment-share-3-expired');
      expect(visitor.problems.every((p) => p.startsWith('HTTP 410 GET /api/v1/SdTaskShare/Public/'))).toBe(true);
      const file = await fetch(mediaUrl);
      expect(file.status).toBeGreaterThanOrEqual(400);
    } finally {
      await visitor.context.close();
    }
    expect(s.problems).toEqual([]);
  });
});
