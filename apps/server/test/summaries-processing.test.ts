// TranscriptSummarization tasks: post-processing makes the recording's first summary, before the
// task is listed for review, with the key frames of a video (ffmpeg scene detection) stored and
// served through signed URLs; a summary asked for with key frames of a video has them too.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.js';
import { summariseNext } from '../src/pipeline/summaries/summarise.js';
import { blobStorageFor } from '../src/storage/blob-storage.js';
import { demoEmail, useTestServer } from './support/harness.js';
import { processTaskNow } from './support/processed-task.js';
import { API, RECORDINGS_WS } from './support/review-tasks.js';
import { importFile } from './support/task-import.js';

interface Summary {
  state: number;
  method: string | null;
  summary: string | null;
  creditsSpent: number;
  includedFrames: number;
  keyFrames: Array<{ timeSeconds: number; url: string }>;
}

describe('summaries made in processing (pglite)', () => {
  const t = useTestServer('pglite');
  const db = () => t.server.database.db;

  it('summarises a video in post-processing with its key frames, and a requested summary with frames has them too', async () => {
    await db()
      .updateTable('workspaces')
      .set({ task_type: 'TranscriptSummarization' })
      .where('id', '=', RECORDINGS_WS)
      .execute();
    const token = await t.tokenFor(demoEmail('Manager'));
    const answer = await importFile(
      t,
      token,
      { workspaceId: RECORDINGS_WS },
      {
        fileName: 'jfk.mp4',
        content: readFileSync(join(repoRoot, 'fixtures', 'video', 'jfk.mp4')),
        contentType: 'video/mp4',
      },
    );
    const taskId = answer.body.result?.taskId as string;
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const row = await processTaskNow(t, taskId);
    expect(row.last_error).toBeNull();
    expect(row.status).toBe(60);

    const got = await t.call('GET', `${API}/Index/GetVideoTextualSummary/${taskId}`, { token });
    expect(got.status).toBe(200);
    const summary = got.body as Summary;
    expect(summary).toMatchObject({ state: 1, method: 'extractive', includedFrames: 1, creditsSpent: 0 });
    expect(summary.summary).toMatch(/^\[0:\d\d\] /);
    expect(summary.keyFrames.length).toBeGreaterThanOrEqual(1);
    expect(summary.keyFrames[0]?.timeSeconds).toBe(0);
    const picture = await t.server.app.inject({
      method: 'GET',
      url: new URL(summary.keyFrames[0]?.url ?? '').pathname,
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect([...picture.rawPayload.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    const events = await db().selectFrom('task_events').select(['description']).where('task_id', '=', taskId).execute();
    expect(events.some((e) => /summarised \(extractive, TextRank\)/.test(e.description))).toBe(true);

    // Asked again without frames: the old frames are removed with their files.
    const oldFrame = summary.keyFrames[0]?.url ?? '';
    const again = await t.call('POST', `${API}/Index/CreateOrUpdateVideoTextualSummary`, {
      token,
      body: { taskId, length: 1, style: 0, includedFrames: 0 },
    });
    expect(again.status).toBe(200);
    await summariseNext({ db: db(), storage: blobStorageFor(t.config), config: t.config, workerId: 'w' });
    const plain = (await t.call('GET', `${API}/Index/GetVideoTextualSummary/${taskId}`, { token })).body as Summary;
    expect(plain).toMatchObject({ state: 1, keyFrames: [], creditsSpent: 1 });
    expect((await t.server.app.inject({ method: 'GET', url: new URL(oldFrame).pathname })).statusCode).toBe(404);
  }, 180_000);
});
