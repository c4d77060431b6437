// A Subtitles workspace end to end over the API: a recording imported and transcribed by the real
// stages, a reviewer corrects a cue's words and saves (the words are re-aligned to the audio), and
// Transcript/Export and Transcript/ExportMultiple write SubRip and WebVTT that, read back as a
// player reads them, number their cues from 1, carry HH:MM:SS,mmm and HH:MM:SS.mmm, keep two lines
// of 42 characters, and show the correction at the time it is spoken.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.js';
import { demoId } from '../src/domain/demo-data.js';
import { parseSrt, parseVtt } from '../src/testing/subtitles.js';
import { hasUnzip } from './support/answers.js';
import { ACME_ID, databaseKinds, demoEmail, useTestServer } from './support/harness.js';
import { addMembers } from './support/list-fixtures.js';
import { processTaskNow } from './support/processed-task.js';
import { API, RECORDINGS_WS } from './support/review-tasks.js';
import { importFile } from './support/task-import.js';

const SUBTITLES_WS = demoId('workspace:Film subtitles');
const JFK = readFileSync(join(repoRoot, 'fixtures', 'audio', 'jfk.wav'));
/** Where "country" is first spoken in jfk.wav; see src/pipeline/media/alignment/retime.test.ts. */
const COUNTRY: [number, number] = [5.75, 6.64];
/** Where "Americans" ends (the first sentence's last word); pocketsphinx heard "ah i" there. */
const AMERICANS_END: [number, number] = [1.9, 2.5];

interface Word {
  text: string;
  offsetInSeconds: number;
  durationInSeconds: number;
}
interface TranscriptDoc {
  transcripts: Array<{ start: number; end: number; children: Word[] }>;
  speakers: unknown[];
}

describe.each(databaseKinds())('subtitles of a Subtitles task (%s)', (kind) => {
  const t = useTestServer(kind);

  it('exports the reviewed cues as SubRip and WebVTT, the correction at its re-aligned time', async () => {
    await t.reset();
    const db = t.server.database.db;
    // A Subtitles workspace next to the demo's recordings, with the same settings.
    const recordings = await db
      .selectFrom('workspaces')
      .selectAll()
      .where('id', '=', RECORDINGS_WS)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('workspaces')
      .values({
        ...recordings,
        id: SUBTITLES_WS,
        tenant_id: ACME_ID,
        display_name: 'Film subtitles',
        task_type: 'Subtitles',
        is_default: false,
        configuration: JSON.stringify(recordings.configuration),
        languages: JSON.stringify(recordings.languages),
      } as never)
      .execute();
    await addMembers(db, SUBTITLES_WS, ['Manager', 'Reviewer']);
    const manager = await t.tokenFor(demoEmail('Manager'));
    const reviewer = await t.tokenFor(demoEmail('Reviewer'));

    const imported = await importFile(
      t,
      manager,
      { workspaceId: SUBTITLES_WS, displayName: 'Inaugural' },
      { fileName: 'jfk.wav', content: JFK, contentType: 'audio/wav' },
    );
    const taskId = imported.body.result?.taskId as string;
    expect(taskId, JSON.stringify(imported.body)).toBeTruthy();
    const processed = await processTaskNow(t, taskId);
    expect(processed.status, processed.last_error ?? '').toBe(60);

    const checkout = await t.call('POST', `${API}/Viewer/Checkout`, { token: reviewer, body: { taskId } });
    expect((checkout.body as { succeeded: boolean }).succeeded, checkout.text).toBe(true);
    const read = await t.call('GET', `${API}/Transcript/MediaUrlAndTranscript`, {
      token: reviewer,
      query: { TaskId: taskId, WorkspaceId: SUBTITLES_WS },
    });
    const { transcriptFullResult: transcript, version } = read.body as {
      transcriptFullResult: TranscriptDoc;
      version: number;
    };
    const index = transcript.transcripts.findIndex((p) => p.start > 5 && p.start < 6);
    const cue = transcript.transcripts[index];
    expect(cue).toBeDefined();
    const typed = 'what your country can do for you, ask what you can do for your country.'.split(' ');
    const children = typed.map((text, i) => ({
      ...(cue?.children[Math.min(i, (cue?.children.length ?? 1) - 1)] as Word),
      text,
    }));
    // The first sentence too: its last word, typed over a short misheard one, ends the first cue.
    const first = transcript.transcripts[0] as TranscriptDoc['transcripts'][number];
    const firstWords = 'And so my fellow Americans,'.split(' ').map((text, i) => ({
      ...(first.children[Math.min(i, first.children.length - 1)] as Word),
      text,
    }));
    const edited = {
      ...transcript,
      transcripts: transcript.transcripts.map((p, i) =>
        i === index ? { ...p, children } : i === 0 ? { ...p, children: firstWords } : p,
      ),
    };
    const saved = await t.call('POST', `${API}/Transcript/SaveTranscriptChanges`, {
      token: reviewer,
      body: { taskId, workspaceId: SUBTITLES_WS, transcript: edited, version },
    });
    expect((saved.body as { succeeded: boolean }).succeeded, saved.text).toBe(true);

    const exportOne = async (type: number) => {
      const res = await t.server.app.inject({
        method: 'POST',
        url: `${API}/Transcript/Export/${taskId}`,
        headers: { authorization: `Bearer ${reviewer}` },
        payload: { type, includeSpeakers: true },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.body;
    };
    const checkCues = (cues: Array<{ start: number; end: number; lines: string[] }>) => {
      expect(cues.length).toBeGreaterThan(1);
      cues.forEach((c, i) => {
        expect(c.end).toBeGreaterThan(c.start);
        expect(c.end).toBeLessThanOrEqual(11.01);
        expect(c.lines.length).toBeLessThanOrEqual(2);
        for (const line of c.lines) expect(line.length).toBeLessThanOrEqual(42);
        if (i > 0) expect(c.start).toBeGreaterThanOrEqual((cues[i - 1] as { start: number }).start);
      });
      // The cue that starts with the corrected words starts where "what your country" is spoken.
      const corrected = cues.find((c) => c.lines.join(' ').includes('what your country can do for you'));
      expect(corrected, JSON.stringify(cues)).toBeDefined();
      expect(corrected?.start).toBeLessThan(COUNTRY[1]);
      expect(corrected?.end).toBeGreaterThan(COUNTRY[0]);
      // As typed the word kept the misheard word's time (ending near 1.5 s); re-aligned it ends where it is said.
      const opening = cues.find((c) => c.lines.join(' ').includes('fellow Americans,'));
      expect(opening?.end).toBeGreaterThan(AMERICANS_END[0]);
      expect(opening?.end).toBeLessThan(AMERICANS_END[1]);
    };

    const srtText = await exportOne(30);
    expect(srtText.startsWith('1\r\n00:00:0')).toBe(true);
    const srt = parseSrt(srtText);
    expect(srt.map((c) => c.number)).toEqual(srt.map((_, i) => i + 1));
    checkCues(srt);
    const vtt = parseVtt(await exportOne(40));
    checkCues(vtt);
    expect(vtt.map((c) => c.start)).toEqual(srt.map((c) => c.start));

    // ExportMultiple: the same files inside a zip.
    const multiple = await t.call('POST', `${API}/Transcript/ExportMultiple`, {
      token: reviewer,
      body: { type: 30, workspaceId: SUBTITLES_WS, taskIdList: [taskId], allSelected: false },
    });
    expect(multiple.status, multiple.text).toBe(200);
    const content = Buffer.from((multiple.body as { content: string }).content, 'base64');
    if (content.subarray(0, 2).toString() === 'PK') {
      if (hasUnzip) {
        const file = join(mkdtempSync(join(tmpdir(), 'subtitles-')), 's.zip');
        writeFileSync(file, content);
        const inside = execFileSync('unzip', ['-Z1', file]).toString().trim();
        expect(parseSrt(execFileSync('unzip', ['-p', file, inside]).toString())).toEqual(srt);
      }
    } else {
      expect(parseSrt(content.toString('utf8'))).toEqual(srt);
    }
  }, 240_000);
});
