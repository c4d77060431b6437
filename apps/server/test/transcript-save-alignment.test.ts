// Transcript/SaveTranscriptChanges re-times the words of edited paragraphs against the audio, on a
// really processed recording (fixtures/audio/jfk.wav through the real stages): the reviewer types
// the true words over what pocketsphinx heard, saves, and the answer and the stored transcript put
// each corrected word where it is spoken. Untouched paragraphs keep their times, the event says how
// the words were re-timed, and a language without an acoustic model gets interpolated times.
import { describe, expect, it } from 'vitest';
import { databaseKinds, demoEmail, useTestServer } from './support/harness.js';
import { API, eventsOf, processedRecording, RECORDINGS_WS } from './support/review-tasks.js';

const REVIEWER = demoEmail('Reviewer');
const MANAGER = demoEmail('Manager');

interface Word {
  text: string;
  offsetInSeconds: number;
  durationInSeconds: number;
}
interface Paragraph {
  start: number;
  end: number;
  children: Word[];
}
interface TranscriptDoc {
  transcripts: Paragraph[];
  speakers: unknown[];
}
interface SaveAnswer {
  succeeded: boolean;
  errors: Array<{ code: number; message: string }>;
  result?: { savedResult: boolean; transcript: (TranscriptDoc & { version: number }) | null };
}

/** Where "country" (first time) and "ask" (second time) are spoken in jfk.wav; see retime.test.ts. */
const COUNTRY: [number, number] = [5.75, 6.64];
const ASK: [number, number] = [8.07, 8.68];
const centre = (w: Word | undefined) => (w ? w.offsetInSeconds + w.durationInSeconds / 2 : Number.NaN);

describe.each(databaseKinds())('re-timing edited words on save (%s)', (kind) => {
  const t = useTestServer(kind);

  async function openForReview() {
    await t.reset();
    const taskId = await processedRecording(t, await t.tokenFor(MANAGER));
    const token = await t.tokenFor(REVIEWER);
    const checkout = await t.call('POST', `${API}/Viewer/Checkout`, { token, body: { taskId } });
    expect((checkout.body as SaveAnswer).succeeded, checkout.text).toBe(true);
    const read = await t.call('GET', `${API}/Transcript/MediaUrlAndTranscript`, {
      token,
      query: { TaskId: taskId, WorkspaceId: RECORDINGS_WS },
    });
    expect(read.status, read.text).toBe(200);
    const body = read.body as { transcriptFullResult: TranscriptDoc; version: number };
    return { taskId, token, transcript: body.transcriptFullResult, version: body.version };
  }

  /** The paragraph pocketsphinx heard around 5–11 s, retyped with the true words as an editor does it. */
  function corrected(transcript: TranscriptDoc) {
    const index = transcript.transcripts.findIndex((p) => p.start > 5 && p.start < 6);
    expect(index).toBeGreaterThan(0);
    const p = transcript.transcripts[index] as Paragraph;
    const words = 'what your country can do for you, ask what you can do for your country.'.split(' ');
    const children = words.map((text, i) => ({ ...(p.children[Math.min(i, p.children.length - 1)] as Word), text }));
    const transcripts = transcript.transcripts.map((q, i) => (i === index ? { ...q, children } : q));
    return { edited: { ...transcript, transcripts }, index };
  }

  const save = (taskId: string, token: string, transcript: TranscriptDoc, version: number) =>
    t.call('POST', `${API}/Transcript/SaveTranscriptChanges`, {
      token,
      body: { taskId, workspaceId: RECORDINGS_WS, transcript, version },
    });

  it('aligns the edited paragraph (English): the answer and the stored transcript carry the true times', async () => {
    const { taskId, token, transcript, version } = await openForReview();
    const { edited, index } = corrected(transcript);
    const began = performance.now();
    const res = await save(taskId, token, edited, version);
    const elapsed = performance.now() - began;
    expect(res.status, res.text).toBe(200);
    const answer = res.body as SaveAnswer;
    expect(answer.succeeded, res.text).toBe(true);
    const saved = answer.result?.transcript as TranscriptDoc;
    const words = saved.transcripts[index]?.children ?? [];
    const country = words.find((w) => w.text === 'country');
    const secondAsk = words.find((w) => w.text === 'ask');
    expect(centre(country)).toBeGreaterThan(COUNTRY[0]);
    expect(centre(country)).toBeLessThan(COUNTRY[1]);
    expect(centre(secondAsk)).toBeGreaterThan(ASK[0]);
    expect(centre(secondAsk)).toBeLessThan(ASK[1]);
    // Every other paragraph is exactly as it was.
    saved.transcripts.forEach((p, i) => {
      if (i !== index) expect(p).toEqual(transcript.transcripts[i]);
    });
    // What is stored is what was answered.
    const again = await t.call('GET', `${API}/Transcript/MediaUrlAndTranscript`, {
      token,
      query: { TaskId: taskId, WorkspaceId: RECORDINGS_WS },
    });
    expect((again.body as { transcriptFullResult: TranscriptDoc }).transcriptFullResult.transcripts).toEqual(
      saved.transcripts,
    );
    const event = (await eventsOf(t, taskId)).find((e) => e.event_type === 'TranscriptChangesSaved');
    expect((event?.payload as { retimed?: unknown } | undefined)?.retimed).toMatchObject({
      changed: 1,
      aligned: 1,
      interpolated: 0,
      model: 'en-us',
    });
    // Generous for a loaded shared machine; tests/bench measures the figure.
    expect(elapsed).toBeLessThan(5000);
  }, 180_000);

  it('interpolates for a language without an acoustic model, and saving the answer again changes nothing', async () => {
    const { taskId, token, transcript, version } = await openForReview();
    await t.server.database.db
      .updateTable('tasks')
      .set({ context: JSON.stringify({ languageCode: 'de-DE' }) })
      .where('id', '=', taskId)
      .execute();
    const { edited, index } = corrected(transcript);
    const first = (await save(taskId, token, edited, version)).body as SaveAnswer;
    expect(first.succeeded).toBe(true);
    const saved = first.result?.transcript as TranscriptDoc & { version: number };
    const country = saved.transcripts[index]?.children.find((w) => w.text === 'country');
    expect(centre(country)).toBeGreaterThan(COUNTRY[0]);
    expect(centre(country)).toBeLessThan(COUNTRY[1]);
    const events = (await eventsOf(t, taskId)).filter((e) => e.event_type === 'TranscriptChangesSaved');
    expect((events[0]?.payload as { retimed?: unknown } | undefined)?.retimed).toMatchObject({
      changed: 1,
      aligned: 0,
      interpolated: 1,
      model: null,
    });
    const second = (await save(taskId, token, saved, saved.version)).body as SaveAnswer;
    expect(second.succeeded).toBe(true);
    expect(second.result?.transcript?.transcripts).toEqual(saved.transcripts);
    const later = (await eventsOf(t, taskId)).filter((e) => e.event_type === 'TranscriptChangesSaved');
    expect((later[1]?.payload as { retimed?: unknown } | undefined)?.retimed).toMatchObject({ changed: 0 });
  }, 180_000);
});
