// The transcript editor's reads and the transcript exports on a really processed recording
// (fixtures/audio/jfk.wav through the real stages): signed media and waveform URLs served with
// ranges, the transcript and speakers, Txt/Srt/Vtt/Json/Word files, a zip of several, and refusals.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.js';
import { demoId } from '../src/domain/demo-data.js';
import { wordText } from '../src/testing/word-text.js';
import { codeOf, hasUnzip } from './support/answers.js';
import { ACME_ID, databaseKinds, demoEmail, GLOBEX_ADMIN, useTestServer } from './support/harness.js';
import { processTaskNow } from './support/processed-task.js';
import { importFile, importInvoice } from './support/task-import.js';

const MEETINGS_WS = demoId('workspace:Meeting recordings');
const JFK = readFileSync(join(repoRoot, 'fixtures', 'audio', 'jfk.wav'));
/** A second, shorter recording (5 s of spoken digits) for the selections. */
const DIGITS = readFileSync(join(repoRoot, 'fixtures', 'audio', 'vosk_digits_10001-90210-01803.wav'));

interface TranscriptData {
  urlResult: string;
  waveformUrlResult: string | null;
  isVideo: boolean;
  transcriptFullResult: { transcripts: Array<{ speakerId?: string; children: Array<{ text: string }> }> };
  speakers: Array<{ speakerName: string; isOnTask: boolean; totalDuration: number; source: number; action: number }>;
  predefinedSpeakers: unknown[];
  version: number;
}

for (const kind of databaseKinds()) {
  describe(`transcript reads and exports (${kind})`, () => {
    const t = useTestServer(kind);
    let admin: string;
    let taskId: string;
    let secondId: string;

    async function importRecording(displayName: string, content = JFK) {
      const answer = await importFile(
        t,
        admin,
        { workspaceId: MEETINGS_WS, displayName, externalId: `rec-${displayName}` },
        { fileName: 'recording.wav', content, contentType: 'audio/wav' },
      );
      if (!answer.body.result) throw new Error(JSON.stringify(answer));
      return answer.body.result.taskId;
    }

    beforeAll(async () => {
      admin = await t.tokenFor(demoEmail('Administrator'));
      taskId = await importRecording('JFK inaugural.wav');
      secondId = await importRecording('Digits.wav', DIGITS);
      for (const id of [taskId, secondId]) {
        const task = await processTaskNow(t, id);
        expect(task.status, task.last_error ?? '').toBe(60);
      }
    }, 300_000);

    const data = (query: Record<string, string>, token = admin) =>
      t.call('GET', '/api/v1/Transcript/MediaUrlAndTranscript', {
        token,
        query: { WorkspaceId: MEETINGS_WS, ...query },
      });
    const fetchSigned = (url: string, range?: string) =>
      t.server.app.inject({
        method: 'GET',
        url: new URL(url).pathname + new URL(url).search,
        headers: range ? { range } : {},
      });

    describe('Transcript/MediaUrlAndTranscript', () => {
      it('answers the transcript, its speakers and signed URLs of the media and the waveform', async () => {
        const res = await data({ TaskId: taskId });
        expect(res.status).toBe(200);
        const body = res.body as TranscriptData;
        expect(body.isVideo).toBe(false);
        const words = body.transcriptFullResult.transcripts.flatMap((p) => p.children.map((w) => w.text)).join(' ');
        expect(words.length).toBeGreaterThan(10);
        expect(typeof body.version).toBe('number');
        for (const speaker of body.speakers) {
          expect(speaker).toMatchObject({ source: 10, action: 10 });
          if (speaker.isOnTask) expect(speaker.totalDuration).toBeGreaterThan(0);
        }
        expect(body.predefinedSpeakers).toEqual([]);

        const whole = await fetchSigned(body.urlResult);
        expect(whole.statusCode).toBe(200);
        expect(whole.headers['accept-ranges']).toBe('bytes');
        expect(whole.rawPayload.equals(JFK)).toBe(true);
        const part = await fetchSigned(body.urlResult, 'bytes=44-1067');
        expect(part.statusCode).toBe(206);
        expect(part.headers['content-range']).toBe(`bytes 44-1067/${JFK.length}`);
        expect(part.rawPayload.equals(JFK.subarray(44, 1068))).toBe(true);
        expect((await fetchSigned(body.urlResult, `bytes=${JFK.length + 10}-`)).statusCode).toBe(416);

        // The waveform URL serves the peaks pre-processing stored for the task, byte for byte.
        expect(body.waveformUrlResult).toEqual(expect.any(String));
        const waveform = await fetchSigned(body.waveformUrlResult as string);
        expect(waveform.statusCode).toBe(200);
        expect(waveform.headers['content-type']).toBe('application/json');
        const db = t.server.database.db;
        const media = await db
          .selectFrom('task_media')
          .selectAll()
          .where('task_id', '=', taskId)
          .executeTakeFirstOrThrow();
        const blob = await db
          .selectFrom('blobs')
          .selectAll()
          .where('id', '=', media.waveform_blob_id as string)
          .executeTakeFirstOrThrow();
        expect(createHash('sha256').update(waveform.rawPayload).digest('hex')).toBe(blob.sha256);
        expect(() => JSON.parse(waveform.body)).not.toThrow();

        // `?pairs=N`: the same peaks merged down for an overview, each pair the min and max of a run.
        const full = JSON.parse(waveform.body) as { length: number; samples_per_pixel: number; data: number[] };
        const overview = await fetchSigned(`${body.waveformUrlResult}?pairs=100`);
        expect(overview.statusCode).toBe(200);
        expect(overview.headers['content-type']).toContain('application/json');
        const coarse = JSON.parse(overview.body) as typeof full;
        const factor = Math.ceil(full.length / 100);
        expect(coarse.length).toBe(Math.ceil(full.length / factor));
        expect(coarse.length).toBeLessThanOrEqual(100);
        expect(coarse.samples_per_pixel).toBe(full.samples_per_pixel * factor);
        const lows = full.data.filter((_, i) => i % 2 === 0);
        const highs = full.data.filter((_, i) => i % 2 === 1);
        expect(coarse.data[0]).toBe(Math.min(...lows.slice(0, factor)));
        expect(coarse.data[1]).toBe(Math.max(...highs.slice(0, factor)));
        expect(Math.max(...coarse.data)).toBe(Math.max(...highs));
        // More pairs than stored: the stored resolution. Nonsense: refused, nothing served.
        expect(JSON.parse((await fetchSigned(`${body.waveformUrlResult}?pairs=9999999`)).body).length).toBe(
          full.length,
        );
        for (const bad of ['0', '-3', 'many', '1.5', '99999999']) {
          expect((await fetchSigned(`${body.waveformUrlResult}?pairs=${bad}`)).statusCode).toBe(400);
        }
        // The media's URL is a plain file: the parameter changes nothing there.
        const media2 = await fetchSigned(`${body.urlResult}?pairs=10`);
        expect(media2.rawPayload.equals(JFK)).toBe(true);
      });

      it('finds the task by ExternalId and refuses a document task, a bad id and an unprocessed task', async () => {
        expect((await data({ ExternalId: 'rec-JFK inaugural.wav' })).status).toBe(200);
        expect((await data({})).status).toBe(400);
        expect((await data({ TaskId: 'nope' })).status).toBe(400);
        const fresh = await importRecording('Not yet.wav');
        const early = await data({ TaskId: fresh });
        expect(early.status).toBe(400);
        expect(codeOf(early.body)).toBe(4);
        const invoice = await importInvoice(t, admin);
        // An invoice lives in another workspace: WorkspacesDontMatch (21).
        expect(codeOf((await data({ TaskId: invoice })).body)).toBe(21);
      });

      it('needs Viewer.View and shows nothing to another tenant', async () => {
        await t.server.database.db
          .insertInto('ability_blacklist')
          .values({ tenant_id: ACME_ID, ability: 'Viewer.View' })
          .execute();
        try {
          expect((await data({ TaskId: taskId })).status).toBe(403);
        } finally {
          await t.server.database.db.deleteFrom('ability_blacklist').where('tenant_id', '=', ACME_ID).execute();
        }
        expect((await data({ TaskId: taskId }, await t.tokenFor(GLOBEX_ADMIN))).status).toBe(404);
      });
    });

    describe('Transcript/Export and Transcript/ExportMultiple', () => {
      const exportOne = (id: string, body: unknown, token = admin) =>
        t.server.app.inject({
          method: 'POST',
          url: `/api/v1/Transcript/Export/${id}`,
          headers: { authorization: `Bearer ${token}` },
          payload: body as object,
        });

      it('exports Txt, Srt, Vtt and Json named after the task', async () => {
        const transcript = (await data({ TaskId: taskId })).body as TranscriptData;
        const firstWord = transcript.transcriptFullResult.transcripts[0]?.children[0]?.text ?? '';
        const cases: Array<[number, string, RegExp]> = [
          [10, 'txt', /\S/],
          [30, 'srt', /^1\r?\n\d\d:\d\d:\d\d,\d{3} --> /],
          [40, 'vtt', /^WEBVTT/],
          [50, 'json', /"transcripts"/],
        ];
        for (const [type, extension, shape] of cases) {
          const res = await exportOne(taskId, { type });
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-type']).toBe('application/octet-stream');
          expect(res.headers['content-disposition']).toMatch(
            new RegExp(`^attachment; filename="JFK inaugural\\.${extension}"`),
          );
          expect(res.body.replace(/^\uFEFF/, '')).toMatch(shape);
          expect(res.body).toContain(firstWord);
        }
        const plain = await exportOne(taskId, { type: 10, includeTimestamps: false, includeSpeakers: false });
        expect(plain.body).not.toMatch(/\d\d:\d\d/);
      });

      it('exports Word with the transcript paragraphs, as the options ask', async () => {
        const txt = await exportOne(taskId, { type: 10, includeTimestamps: true, includeSpeakers: true });
        const word = await exportOne(taskId, { type: 20, includeTimestamps: true, includeSpeakers: true });
        expect(word.statusCode).toBe(200);
        expect(word.headers['content-disposition']).toMatch(/^attachment; filename="JFK inaugural\.docx"/);
        const lines = (text: string) =>
          text
            .replace(/^\uFEFF/, '')
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean);
        expect(lines(await wordText(word.rawPayload))).toEqual(['JFK inaugural.wav', ...lines(txt.body)]);
      }, 60_000);

      it('refuses an unknown type with 400 and a document task with ExportDataError (17)', async () => {
        expect((await exportOne(taskId, { type: 11 })).statusCode).toBe(400);
        expect((await exportOne(taskId, {})).statusCode).toBe(400);
        const invoice = await importInvoice(t, admin);
        await processTaskNow(t, invoice);
        expect(codeOf(JSON.parse((await exportOne(invoice, { type: 10 })).body))).toBe(17);
        expect(codeOf(JSON.parse((await exportOne(invoice, { type: 20 })).body))).toBe(17);
      });

      it('zips the transcripts of a selection into an ExportFileResult', async () => {
        const res = await t.call('POST', '/api/v1/Transcript/ExportMultiple', {
          token: admin,
          body: { type: 40, workspaceId: MEETINGS_WS, taskIdList: [taskId, secondId], allSelected: false },
        });
        expect(res.status).toBe(200);
        const body = res.body as { fileName: string; contentType: string; content: string };
        expect(body.fileName).toBe('Meeting recordings.zip');
        expect(body.contentType).toBe('application/zip');
        const archive = Buffer.from(body.content, 'base64');
        expect(archive.subarray(0, 2).toString()).toBe('PK');
        if (hasUnzip) {
          const file = join(mkdtempSync(join(tmpdir(), 'transcripts-')), 't.zip');
          writeFileSync(file, archive);
          const names = execFileSync('unzip', ['-Z1', file]).toString().trim().split('\n').sort();
          expect(names).toEqual(['Digits.vtt', 'JFK inaugural.vtt']);
          expect(execFileSync('unzip', ['-p', file, 'Digits.vtt']).toString()).toMatch(/^WEBVTT/);
        }
      });

      it('needs Task.View and stays within the tenant', async () => {
        await t.server.database.db
          .insertInto('ability_blacklist')
          .values({ tenant_id: ACME_ID, ability: 'Task.View' })
          .execute();
        try {
          expect((await exportOne(taskId, { type: 10 })).statusCode).toBe(403);
        } finally {
          await t.server.database.db.deleteFrom('ability_blacklist').where('tenant_id', '=', ACME_ID).execute();
        }
        const globex = await t.tokenFor(GLOBEX_ADMIN);
        expect((await exportOne(taskId, { type: 10 }, globex)).statusCode).toBe(404);
        const multiple = await t.call('POST', '/api/v1/Transcript/ExportMultiple', {
          token: globex,
          body: { type: 10, workspaceId: MEETINGS_WS, taskIdList: [taskId], allSelected: false },
        });
        expect(multiple.status).toBe(403);
      });
    });
  });
}
