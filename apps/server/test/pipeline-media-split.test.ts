// Splitting a long recording into chunk tasks during pre-processing (product-spec §5): a recording
// longer than the workspace's minutesPerChunk becomes a SplitTask batch of chunk tasks, each with
// its time range (offsetStart/offsetEnd) of the shared file; a chunk is then pre-processed and
// transcribed over its range only, with word times relative to its start. The long recording is
// made at test time by looping the JFK fixture with ffmpeg (130 s, three chunks of about a minute,
// cut at the pauses nearest to each minute so that no word is cut in two).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.js';
import { demoId } from '../src/domain/demo-data.js';
import { resolveConfiguration } from '../src/domain/workspaces/configuration.js';
import { PocketSphinxRecognizer, transcribeMedia } from '../src/pipeline/media/index.js';
import { secondsPerChunk } from '../src/pipeline/stages/splitting.js';
import type { WorkspaceSettings } from '../src/pipeline/stages/workspace-settings.js';
import { blobStorageFor } from '../src/storage/blob-storage.js';
import { databaseKinds, demoEmail, useTestServer } from './support/harness.js';
import { processTaskNow } from './support/processed-task.js';
import { API } from './support/review-tasks.js';
import { importFile, setWorkspaceConfig } from './support/task-import.js';

const MEETINGS_WS = demoId('workspace:Meeting recordings');
const ACME_LICENCE = demoId('licence:acme');
/** Speech shares 2 cores with everything else: a generous limit for the test that transcribes. */
const HEAVY_MS = 240_000;
const JFK = join(repoRoot, 'fixtures', 'audio', 'jfk.wav');

let folder = '';
let longRecording: Buffer = Buffer.alloc(0);
let longPath = '';
/** Pauses inside one loop of jfk.wav (seconds; see src/pipeline/media/vad.test.ts). */
const JFK_PAUSES: Array<[number, number]> = [
  [0, 0.29],
  [2.17, 3.28],
  [4.31, 5.34],
  [7.52, 8.17],
  [10.45, 11],
];
const inPause = (t: number) => JFK_PAUSES.some(([a, b]) => t % 11 >= a && t % 11 <= b);

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'reviewdesk-media-split-'));
  const out = join(folder, 'long.wav');
  // The 11 s fixture played 12 times, cut at 130 s.
  const run = spawnSync('ffmpeg', ['-v', 'error', '-stream_loop', '11', '-i', JFK, '-t', '130', '-y', out]);
  if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr.toString()}`);
  longRecording = readFileSync(out);
  longPath = out;
});

/** A part of the long recording as a file of its own, to compare a chunk with. */
function partOfLong(start: number, end: number): string {
  const part = join(folder, `part-${start}.wav`);
  const cut = spawnSync('ffmpeg', [
    '-v',
    'error',
    '-i',
    longPath,
    '-ss',
    String(start),
    '-t',
    String(end - start),
    '-y',
    part,
  ]);
  if (cut.status !== 0) throw new Error(`ffmpeg failed: ${cut.stderr.toString()}`);
  return part;
}

afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const oneMinuteChunks = { splitSettings: { isEnabled: true, minutesPerChunk: 1, pagesPerChunk: 10 } };

for (const kind of databaseKinds()) {
  describe(`splitting recordings (${kind})`, () => {
    const t = useTestServer(kind, { resetEachTest: true });
    const db = () => t.server.database.db;

    async function importRecording(content: Buffer, fileName: string) {
      const token = await t.tokenFor(demoEmail('Administrator'));
      const answer = await importFile(t, token, { workspaceId: MEETINGS_WS }, { fileName, content });
      if (answer.status !== 200 || !answer.body.result) throw new Error(`import failed: ${JSON.stringify(answer)}`);
      return answer.body.result.taskId;
    }
    const licence = () =>
      db().selectFrom('licences').selectAll().where('id', '=', ACME_LICENCE).executeTakeFirstOrThrow();
    const childrenOf = (taskId: string) =>
      db().selectFrom('tasks').selectAll().where('split_source_id', '=', taskId).orderBy('offset_start').execute();
    const blobText = async (id: string | null) => {
      const row = await db()
        .selectFrom('blobs')
        .selectAll()
        .where('id', '=', id as string)
        .executeTakeFirstOrThrow();
      const chunks: Buffer[] = [];
      for await (const chunk of blobStorageFor(t.config).read(row.storage_key)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString();
    };

    it('splits a recording longer than the chunk length into timed chunk tasks; a chunk covers only its range', {
      timeout: HEAVY_MS,
    }, async () => {
      await setWorkspaceConfig(t, MEETINGS_WS, oneMinuteChunks);
      const before = await licence();
      const taskId = await importRecording(longRecording, 'long-meeting.wav');
      const source = await processTaskNow(t, taskId);
      expect(source.last_error).toBeNull();
      expect(source.status).toBe(101);
      expect(source.media_duration_ms).toBe(130_000);
      // The source has no waveform or transcript of its own; its chunks have.
      expect(await db().selectFrom('task_media').selectAll().where('task_id', '=', taskId).execute()).toEqual([]);

      const children = await childrenOf(taskId);
      // Cut near every minute, but in a pause: a fixed cut at 120 s would fall inside "country".
      expect(inPause(120)).toBe(false);
      expect(children).toHaveLength(3);
      expect(children.every((child) => child.status === 30)).toBe(true);
      expect(children[0]?.offset_start).toBe(0);
      expect(children[2]?.offset_end).toBe(130);
      for (const [i, child] of children.entries()) {
        if (i > 0) expect(child.offset_start).toBe(children[i - 1]?.offset_end);
        if (i < 2) {
          const cut = Number(child.offset_end);
          expect(inPause(cut), `cut at ${cut}`).toBe(true);
          expect(Math.abs(cut - 60 * (i + 1))).toBeLessThan(15);
        }
      }
      const splitEvent = await db()
        .selectFrom('task_events')
        .selectAll()
        .where('task_id', '=', taskId)
        .where('description', 'like', '%split into%')
        .executeTakeFirstOrThrow();
      expect(splitEvent.description).toContain('(cut at pauses)');
      expect(new Set(children.map((child) => child.blob_id))).toEqual(new Set([source.blob_id]));
      expect(children.every((child) => child.split_first_page === null)).toBe(true);
      const batch = await db()
        .selectFrom('batches')
        .selectAll()
        .where('id', '=', children[0]?.batch_id as string)
        .executeTakeFirstOrThrow();
      expect(batch.batch_type).toBe(20);
      expect(new Set(children.map((child) => child.batch_id)).size).toBe(1);
      // 130 s is three started minutes, paid once by the source.
      expect(source.credits_spent).toBe(3);
      expect((await licence()).current_volume).toBe(before.current_volume - 3);

      // The last chunk (about 9 s, from the pause after the eleventh loop's "country" to 130 s).
      const lastStart = Number(children[2]?.offset_start);
      const lastSeconds = 130 - lastStart;
      const last = await processTaskNow(t, children[2]?.id as string);
      expect(last.last_error).toBeNull();
      expect(last.status).toBe(60);
      expect(last.media_duration_ms).toBe(Math.round(lastSeconds * 1000));
      expect(last.credits_spent).toBe(0);
      expect((await licence()).current_volume).toBe(before.current_volume - 3);
      const media = await db()
        .selectFrom('task_media')
        .selectAll()
        .where('task_id', '=', last.id)
        .executeTakeFirstOrThrow();
      const waveform = JSON.parse(await blobText(media.waveform_blob_id)) as {
        sample_rate: number;
        samples_per_pixel: number;
        length: number;
      };
      // Peaks of the chunk's range only, not of the 130 s file.
      expect((waveform.length * waveform.samples_per_pixel) / waveform.sample_rate).toBeCloseTo(lastSeconds, 0);
      const transcript = media.transcript as unknown as {
        transcripts: Array<{ children: Array<{ text: string; offsetInSeconds: number; durationInSeconds: number }> }>;
      };
      const words = transcript.transcripts.flatMap((item) => item.children);
      expect(words.length).toBeGreaterThan(5);
      // Word times are relative to the chunk's start (the viewer plays it from offsetStart).
      for (const word of words) {
        expect(word.offsetInSeconds).toBeGreaterThanOrEqual(0);
        expect(word.offsetInSeconds + word.durationInSeconds).toBeLessThanOrEqual(lastSeconds + 0.05);
      }
      // The same engine on the chunk's seconds cut out as a file of their own hears the same words at
      // the same times: the chunk was transcribed over its range and nothing else.
      const alone = await transcribeMedia(new PocketSphinxRecognizer(), partOfLong(lastStart, 130), { language: 'en' });
      const timed = (list: Array<{ text: string; offsetInSeconds: number }>) =>
        list.map((word) => `${word.text}@${word.offsetInSeconds.toFixed(1)}`);
      expect(timed(words)).toEqual(timed(alone.transcript.transcripts.flatMap((item) => item.children)));

      // The contract's task views carry the range.
      const token = await t.tokenFor(demoEmail('Administrator'));
      const view = await t.call('GET', `${API}/Viewer/ViewerInit`, { token, query: { taskId: last.id } });
      expect(view.status).toBe(200);
      expect(view.body).toMatchObject({ offsetStart: lastStart, offsetEnd: 130 });
    });

    it('does not split a recording shorter than the chunk length', { timeout: HEAVY_MS }, async () => {
      await setWorkspaceConfig(t, MEETINGS_WS, oneMinuteChunks);
      const taskId = await importRecording(readFileSync(JFK), 'jfk.wav');
      const task = await processTaskNow(t, taskId, { maxStages: 1 });
      expect(task.status).toBe(40);
      expect(task.offset_start).toBeNull();
      expect(await childrenOf(taskId)).toEqual([]);
    });

    it('does not split a task type that cannot be split (translation)', async () => {
      // A Translation workspace takes documents, so no recording reaches pre-processing there; the
      // rule is checked on the settings pre-processing reads, with splitting switched on.
      const row = await db()
        .selectFrom('workspaces')
        .selectAll()
        .where('id', '=', MEETINGS_WS)
        .executeTakeFirstOrThrow();
      const settingsOf = (taskType: string) =>
        ({
          config: resolveConfiguration({ ...row, task_type: taskType, configuration: oneMinuteChunks }),
        }) as WorkspaceSettings;
      expect(secondsPerChunk(settingsOf(row.task_type), 130)).toBe(60);
      expect(secondsPerChunk(settingsOf('Translation'), 130)).toBeNull();
      expect(secondsPerChunk(settingsOf(row.task_type), 60)).toBeNull();
    });
  });
}
