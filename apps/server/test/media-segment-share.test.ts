// Sharing a media segment (SdTaskShare/ShareMediaSegment): the share is Generating at once and
// waits for a worker, which cuts the segment with ffmpeg from the real recording
// (fixtures/audio/jfk.mp3, fixtures/video/jfk.mp4) under a lease: the record reaches Success with a
// file of the segment's length only, and a cut whose worker stopped is taken again. The render
// events move shares of the caller's tenant alone; a share past its date is Expired and its file
// removed, by the scheduler's sweep or at once when read. Per permission and across tenants.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.js';
import { SegmentRenderQueue } from '../src/db/repositories/task-shares.js';
import { TasksRepository } from '../src/db/repositories/tasks.js';
import { roleByName } from '../src/domain/roles.js';
import { segmentJobOf } from '../src/domain/sharing/media-segment.js';
import { renderSegment } from '../src/pipeline/sharing/segment-render.js';
import { MAX_RENDER_ATTEMPTS, renderNextSegment } from '../src/pipeline/sharing/segment-renderer.js';
import { runScheduledWork } from '../src/pipeline/worker/scheduler.js';
import { blobStorageFor, LocalBlobStorage } from '../src/storage/blob-storage.js';
import { storeTenantBlob } from '../src/storage/store-blob.js';
import {
  ACME_ID,
  databaseKinds,
  demoEmail,
  GLOBEX_ADMIN,
  type TestServer,
  userIdOf,
  useTestServer,
} from './support/harness.js';
import { INVOICES, insertTasks } from './support/list-fixtures.js';
import { RECORDINGS_WS } from './support/review-tasks.js';
import { useSmtpInbox } from './support/smtp-inbox.js';

const API = '/api/v1';

/** A recording task of Meeting recordings whose file is a real fixture and whose transcript has one word a second. */
async function recording(t: TestServer, fixture: string, kind: 'audio' | 'video', seconds: number) {
  const db = t.server.database.db;
  const [taskId] = await insertTasks(db, [{ workspaceId: RECORDINGS_WS, displayName: 'JFK inaugural', totalPages: 0 }]);
  const bytes = readFileSync(join(repoRoot, 'fixtures', fixture));
  const blobId = await storeTenantBlob(db, blobStorageFor(t.config), ACME_ID, {
    bytes,
    fileName: fixture.split('/').pop() as string,
    contentType: kind === 'video' ? 'video/mp4' : 'audio/mpeg',
  });
  await db
    .updateTable('tasks')
    .set({ blob_id: blobId, file_kind: kind, media_duration_ms: seconds * 1000 })
    .where('id', '=', taskId as string)
    .execute();
  const words = Array.from({ length: seconds }, (_, i) => ({
    text: `w${i}`,
    offsetInSeconds: i,
    durationInSeconds: 1,
  }));
  await db
    .insertInto('task_media')
    .values({
      task_id: taskId as string,
      tenant_id: ACME_ID,
      duration_ms: seconds * 1000,
      info: JSON.stringify({}),
      waveform_blob_id: null,
      transcript: JSON.stringify({
        transcripts: [{ type: 10, speakerId: 's0', start: 0, end: seconds, children: words }],
        speakers: [{ speakerId: 's0', speakerName: 'JFK' }],
        annotations: [],
      }),
      engine: 'test',
      modified_by: null,
    })
    .execute();
  return taskId as string;
}

/** What a worker process does: cuts the waiting segments (API tests run no workers). */
const renderer = (t: TestServer, workerId = 'test-segments') => ({
  db: t.server.database.db,
  storage: blobStorageFor(t.config),
  workerId,
});

async function untilSettled(t: TestServer, taskId: string) {
  const token = await t.tokenFor(demoEmail('Manager'));
  while (await renderNextSegment(renderer(t))) {}
  for (let i = 0; i < 150; i++) {
    const res = await t.call('GET', `${API}/SdTaskShare/GetTaskShareHistoryDetails/${taskId}`, { token });
    const [share] = res.body as Array<{ id: string; shareStatus: number; outputConfig: { mediaPath?: string } | null }>;
    if (share && share.shareStatus !== 10) return share;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the segment was never rendered');
}

const durationOf = (path: string) =>
  Number(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path]).toString(),
  );

describe.each(databaseKinds())('media segment share on %s', (kind) => {
  const inbox = useSmtpInbox();
  const t = useTestServer(kind, { resetEachTest: true, smtpUrl: () => inbox.url });
  const share = async (role: string, body: Record<string, unknown>, email = demoEmail(role)) =>
    t.call('POST', `${API}/SdTaskShare/ShareMediaSegment`, { token: await t.tokenFor(email), body });

  it('cuts exactly the segment out of the recording and mails its public link', async () => {
    inbox.clear();
    const taskId = await recording(t, 'audio/jfk.mp3', 'audio', 11);
    const res = await share('Creator', {
      taskId,
      language: 'fr',
      recipientEmails: ['guest@example.test'],
      shareDescription: 'La phrase célèbre',
      expiresHours: 48,
      segmentStartSeconds: 3,
      segmentEndSeconds: 7.5,
    });
    expect(res.status, res.text).toBe(200);
    const { shareUrl } = res.body as { shareUrl: string };
    expect(shareUrl).toMatch(new RegExp(`^${t.config.origin}/share/segment/[A-Za-z0-9_-]{32}$`));
    const [mail] = await inbox.waitFor('guest@example.test');
    expect(mail?.subject).toBe('Creator Demo a partagé un extrait de JFK inaugural');
    expect(mail?.text).toContain('l’extrait 0:03–0:07');
    expect(mail?.text).toContain(shareUrl);

    const settled = await untilSettled(t, taskId);
    expect(settled).toMatchObject({ shareType: 20, shareStatus: 30 });
    const blob = await new TasksRepository(t.server.database.db, ACME_ID).blob(
      settled.outputConfig?.mediaPath as string,
    );
    const path = join(t.config.dataDir, 'blobs', blob?.storage_key as string);
    expect(durationOf(path)).toBeGreaterThan(4.3);
    expect(durationOf(path)).toBeLessThan(4.7);
  });

  it('cuts a video into a phone-playable MP4 of the segment', async () => {
    const taskId = await recording(t, 'video/jfk.mp4', 'video', 11);
    const res = await share('Manager', { taskId, expiresHours: 744, segmentStartSeconds: 0, segmentEndSeconds: 2 });
    expect(res.status, res.text).toBe(200);
    const settled = await untilSettled(t, taskId);
    expect(settled.shareStatus).toBe(30);
    const blob = await new TasksRepository(t.server.database.db, ACME_ID).blob(
      settled.outputConfig?.mediaPath as string,
    );
    expect(blob?.content_type).toBe('video/mp4');
    const path = join(t.config.dataDir, 'blobs', blob?.storage_key as string);
    expect(durationOf(path)).toBeLessThan(2.3);
  });

  it('refuses a segment outside the recording, an expiry outside 1–90 days, a long description and a document task', async () => {
    const taskId = await recording(t, 'audio/jfk.mp3', 'audio', 11);
    const base = { taskId, expiresHours: 744, segmentStartSeconds: 1, segmentEndSeconds: 5 };
    expect((await share('Manager', { ...base, segmentEndSeconds: 30 })).status).toBe(400);
    expect((await share('Manager', { ...base, segmentStartSeconds: 6 })).status).toBe(400);
    expect((await share('Manager', { ...base, expiresHours: 23 })).status).toBe(400);
    expect((await share('Manager', { ...base, expiresHours: 2161 })).status).toBe(400);
    expect((await share('Manager', { ...base, shareDescription: 'x'.repeat(257) })).status).toBe(400);
    const [invoice] = await insertTasks(t.server.database.db, [{ workspaceId: INVOICES }]);
    expect((await share('Manager', { ...base, taskId: invoice })).status).toBe(400);
    const history = await t.call('GET', `${API}/SdTaskShare/GetTaskShareHistoryDetails/${taskId}`, {
      token: await t.tokenFor(demoEmail('Manager')),
    });
    expect(history.body).toEqual([]);
  });

  it('needs Task.ShareMediaSegment, and another tenant’s task is not found', async () => {
    const taskId = await recording(t, 'audio/jfk.mp3', 'audio', 11);
    const body = { taskId, expiresHours: 744, segmentStartSeconds: 1, segmentEndSeconds: 5 };
    expect((await share('Viewer', body)).status).toBe(403);
    expect((await share('Reviewer', body)).status).toBe(403);
    expect((await t.call('POST', `${API}/SdTaskShare/ShareMediaSegment`, { body })).status).toBe(401);
    expect((await share('Administrator', body, GLOBEX_ADMIN)).status).toBe(404);
  });

  it('moves shares by render events of the caller’s tenant only, and shows a share past its date as expired', async () => {
    const taskId = await recording(t, 'audio/jfk.mp3', 'audio', 11);
    await share('Manager', { taskId, expiresHours: 24, segmentStartSeconds: 1, segmentEndSeconds: 5 });
    const settled = await untilSettled(t, taskId);
    const [row] = await t.server.database.db
      .selectFrom('task_shares')
      .selectAll()
      .where('task_id', '=', taskId)
      .execute();
    const failed = (requestId: string) => [
      {
        id: 'e1',
        eventType: 'MediaSegmentShare.Failed',
        eventTime: new Date().toISOString(),
        data: { requestId, shareStatus: 20, errorMessage: 'disk full' },
      },
    ];
    // A developer of Globex does not reach Acme's request: the call is accepted and nothing moves.
    await t.server.database.db
      .updateTable('tenant_memberships')
      .set({ role_id: roleByName('Developer').id })
      .where('user_id', '=', userIdOf(GLOBEX_ADMIN))
      .execute();
    const foreign = await t.call('POST', `${API}/SdTaskShare/RenderFarmTaskShareMediaSegmentEvents`, {
      token: await t.tokenFor(GLOBEX_ADMIN),
      body: failed(row?.request_id as string),
    });
    expect(foreign.status).toBe(204);
    const token = await t.tokenFor(demoEmail('Manager'));
    const untouched = await t.call('GET', `${API}/SdTaskShare/GetTaskShareHistoryDetails/${taskId}`, { token });
    expect((untouched.body as Array<{ shareStatus: number }>)[0]?.shareStatus).toBe(30);
    const notAllowed = await t.call('POST', `${API}/SdTaskShare/RenderFarmTaskShareMediaSegmentEvents`, {
      token: await t.tokenFor(demoEmail('Manager')),
      body: failed(row?.request_id as string),
    });
    expect(notAllowed.status).toBe(403);
    const accepted = await t.call('POST', `${API}/SdTaskShare/RenderFarmTaskShareMediaSegmentEvents`, {
      token: await t.tokenFor(demoEmail('Developer')),
      body: failed(row?.request_id as string),
    });
    expect(accepted.status).toBe(204);
    expect(settled.shareStatus).toBe(30);
    const after = await t.call('GET', `${API}/SdTaskShare/GetTaskShareHistoryDetails/${taskId}`, { token });
    expect((after.body as Array<{ shareStatus: number }>)[0]?.shareStatus).toBe(20);

    await t.server.database.db
      .updateTable('task_shares')
      .set({ expires_on: new Date(Date.now() - 1000) })
      .where('task_id', '=', taskId)
      .execute();
    const expired = await t.call('GET', `${API}/SdTaskShare/GetTaskShareHistoryDetails/${taskId}`, { token });
    expect((expired.body as Array<{ shareStatus: number }>)[0]?.shareStatus).toBe(40);
  });

  it('serves the public page without a sign-in: the segment alone with its words, then 410 after expiry', async () => {
    const taskId = await recording(t, 'audio/jfk.mp3', 'audio', 11);
    const res = await share('Manager', {
      taskId,
      language: 'de',
      shareDescription: 'Der berühmte Satz',
      expiresHours: 24,
      segmentStartSeconds: 3,
      segmentEndSeconds: 6,
    });
    const key = (res.body as { shareUrl: string }).shareUrl.split('/').pop() as string;
    const early = await t.call('GET', `${API}/SdTaskShare/Public/${key}`);
    expect(early.status).toBe(200);
    expect([10, 30]).toContain((early.body as { shareStatus: number }).shareStatus);
    await untilSettled(t, taskId);

    const page = await t.call('GET', `${API}/SdTaskShare/Public/${key}`);
    expect(page.status, page.text).toBe(200);
    const body = page.body as { mediaUrl: string; words: Array<{ text: string; start: number }> } & Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({
      shareStatus: 30,
      taskName: 'JFK inaugural',
      shareDescription: 'Der berühmte Satz',
      language: 'de',
      durationSeconds: 3,
      isVideo: false,
    });
    // Words 3, 4 and 5 of the recording, timed from the segment's start.
    expect(body.words.map((w) => [w.text, w.start])).toEqual([
      ['w3', 0],
      ['w4', 1],
      ['w5', 2],
    ]);
    const file = await t.server.app.inject({ method: 'GET', url: new URL(body.mediaUrl).pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('audio/mp4');
    const source = readFileSync(join(repoRoot, 'fixtures', 'audio', 'jfk.mp3'));
    expect(file.rawPayload.length).toBeLessThan(source.length);

    expect((await t.call('GET', `${API}/SdTaskShare/Public/${'x'.repeat(32)}`)).status).toBe(404);
    await t.server.database.db
      .updateTable('task_shares')
      .set({ expires_on: new Date(Date.now() - 1000) })
      .where('task_id', '=', taskId)
      .execute();
    const after = await t.call('GET', `${API}/SdTaskShare/Public/${key}`);
    expect(after.status).toBe(410);
    const [row] = await t.server.database.db
      .selectFrom('task_shares')
      .selectAll()
      .where('task_id', '=', taskId)
      .execute();
    expect(row?.share_status).toBe(40);
  });

  it('is cut by a worker, not by the API; a cut whose worker stopped is taken again once its lease ran out', async () => {
    const db = t.server.database.db;
    const taskId = await recording(t, 'audio/jfk.mp3', 'audio', 11);
    await share('Manager', { taskId, expiresHours: 24, segmentStartSeconds: 1, segmentEndSeconds: 4 });
    const row = () => db.selectFrom('task_shares').selectAll().where('task_id', '=', taskId).executeTakeFirstOrThrow();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await row()).share_status).toBe(10);
    // A worker claims it and its process stops before the cut is done.
    const claimed = await new SegmentRenderQueue(db).claim(10, 'stopped-worker', 60_000);
    expect(claimed?.task_id).toBe(taskId);
    // While its lease runs, no other worker takes it.
    expect(await renderNextSegment(renderer(t, 'other'))).toBeUndefined();
    expect((await row()).share_status).toBe(10);
    // Once it ran out, the next worker cuts it.
    const later = new Date(Date.now() + 61_000);
    const cut = await renderNextSegment(renderer(t, 'other'), later);
    expect(cut?.id).toBe(claimed?.id);
    expect(await row()).toMatchObject({ share_status: 30, claimed_by: 'other', render_attempts: 2 });
  });

  it('throws away the late cut of a worker that lost its lease: the share keeps its cut, no file is left over', async () => {
    const db = t.server.database.db;
    const storage = blobStorageFor(t.config);
    const taskId = await recording(t, 'audio/jfk.mp3', 'audio', 11);
    const task = await new TasksRepository(db, ACME_ID).byId(taskId);
    const shares = () =>
      db.selectFrom('task_shares').selectAll().where('task_id', '=', taskId).orderBy('created_on').execute();
    const blobRows = async () =>
      (await db.selectFrom('blobs').select('id').where('tenant_id', '=', ACME_ID).execute()).length;
    const root = storage instanceof LocalBlobStorage ? storage.root : null;
    const files = () =>
      root
        ? readdirSync(root, { recursive: true }).filter((name) => statSync(join(root, String(name))).isFile()).length
        : 0;
    const lateJob = async (workerId: string) => {
      const claimed = await new SegmentRenderQueue(db).claim(10, workerId, 60_000);
      const job = claimed && task ? segmentJobOf(claimed, task) : undefined;
      if (!job) throw new Error('no segment to claim');
      return job;
    };

    // A worker claims the share and stalls; once its lease ran out another worker cuts it.
    await share('Manager', { taskId, expiresHours: 24, segmentStartSeconds: 1, segmentEndSeconds: 4 });
    const stalled = await lateJob('stalled-worker');
    await renderNextSegment(renderer(t, 'other'), new Date(Date.now() + 61_000));
    const [cut] = await shares();
    expect(cut).toMatchObject({ share_status: 30, claimed_by: 'other' });
    const before = { rows: await blobRows(), files: files() };
    // The stalled worker's cut ends after all: the share keeps the other cut, its own file is gone.
    await renderSegment(db, storage, stalled, 'stalled-worker');
    const [after] = await shares();
    expect(after).toMatchObject({ share_status: 30, claimed_by: 'other', output_config: cut?.output_config });
    expect({ rows: await blobRows(), files: files() }).toEqual(before);

    // A share that expires while it is being cut keeps no file either.
    await share('Manager', { taskId, expiresHours: 24, segmentStartSeconds: 5, segmentEndSeconds: 8 });
    const expiring = await lateJob('slow-worker');
    await runScheduledWork({ db, storage, stages: [] }, new Date(Date.now() + 25 * 3600_000));
    const beforeExpired = { rows: await blobRows(), files: files() };
    await renderSegment(db, storage, expiring, 'slow-worker');
    expect((await shares()).map((row) => row.share_status)).toEqual([40, 40]);
    expect({ rows: await blobRows(), files: files() }).toEqual(beforeExpired);
  });

  it(`fails a segment that took its worker down ${MAX_RENDER_ATTEMPTS} times instead of trying forever`, async () => {
    const db = t.server.database.db;
    const taskId = await recording(t, 'audio/jfk.mp3', 'audio', 11);
    await share('Manager', { taskId, expiresHours: 24, segmentStartSeconds: 1, segmentEndSeconds: 4 });
    await db
      .updateTable('task_shares')
      .set({ render_attempts: MAX_RENDER_ATTEMPTS })
      .where('task_id', '=', taskId)
      .execute();
    await renderNextSegment(renderer(t));
    const row = await db.selectFrom('task_shares').selectAll().where('task_id', '=', taskId).executeTakeFirstOrThrow();
    expect(row.share_status).toBe(20);
    expect(row.error_message).toBe(`The segment could not be cut in ${MAX_RENDER_ATTEMPTS} attempts.`);
  });

  it("the scheduler's sweep expires shares past their date and removes their cut file", async () => {
    const db = t.server.database.db;
    const storage = blobStorageFor(t.config);
    const taskId = await recording(t, 'audio/jfk.mp3', 'audio', 11);
    const res = await share('Manager', { taskId, expiresHours: 24, segmentStartSeconds: 1, segmentEndSeconds: 4 });
    const key = (res.body as { shareUrl: string }).shareUrl.split('/').pop() as string;
    const settled = await untilSettled(t, taskId);
    const blobId = settled.outputConfig?.mediaPath as string;
    const blob = await new TasksRepository(db, ACME_ID).blob(blobId);
    expect(await storage.size(blob?.storage_key as string)).toBeGreaterThan(0);
    const page = await t.call('GET', `${API}/SdTaskShare/Public/${key}`);
    const mediaPath = new URL((page.body as { mediaUrl: string }).mediaUrl).pathname;
    // A share still waiting for its cut expires too (a second one, of the same task).
    await share('Manager', { taskId, expiresHours: 48, segmentStartSeconds: 5, segmentEndSeconds: 8 });

    // A day on, nothing was read: the sweep finds the first share alone.
    const dayLater = new Date(Date.now() + 24 * 3600_000 + 60_000);
    const swept = await runScheduledWork({ db, storage, stages: [] }, dayLater);
    expect(swept.segmentShares).toEqual([settled.id]);
    expect(await new TasksRepository(db, ACME_ID).blob(blobId)).toBeUndefined();
    expect(await storage.size(blob?.storage_key as string)).toBeNull();
    // The address handed out before the expiry no longer serves the segment.
    expect((await t.server.app.inject({ method: 'GET', url: mediaPath })).statusCode).toBeGreaterThanOrEqual(400);
    const statuses = await db
      .selectFrom('task_shares')
      .select(['id', 'share_status'])
      .where('task_id', '=', taskId)
      .execute();
    expect(statuses.find((r) => r.id === settled.id)?.share_status).toBe(40);
    expect(statuses.find((r) => r.id !== settled.id)?.share_status).toBe(10);
    const twoDaysLater = new Date(dayLater.getTime() + 24 * 3600_000);
    expect((await runScheduledWork({ db, storage, stages: [] }, twoDaysLater)).segmentShares).toHaveLength(1);
    // An expired share is not cut any more.
    expect(await renderNextSegment(renderer(t), twoDaysLater)).toBeUndefined();
  });
});
