// A transcript read in another language (Viewer/Translation with outputLanguage): the recording's
// paragraphs translated by the server's translation engine (Apertium, English → Spanish), each with
// its start time and speaker; a pair the engine does not offer is refused naming the pairs it does;
// no target language, the same language, a task still being transcribed, a document task, another
// workspace or another tenant each get their own answer.
import { beforeAll, describe, expect, it } from 'vitest';
import { codeOf } from './support/answers.js';
import { databaseKinds, demoEmail, GLOBEX_ADMIN, GLOBEX_ID, useTestServer } from './support/harness.js';
import { indexedDocument, indexedRecording } from './support/indexed-text.js';
import { GLOBEX_WS, INVOICES, withoutMemberships } from './support/list-fixtures.js';
import { API, RECORDINGS_WS } from './support/review-tasks.js';

const MEETING = [
  { start: 0, speaker: 'Chair', text: 'Welcome to the meeting. The house is red.' },
  { start: 12.5, speaker: 'Treasurer', text: 'We have a big problem with the budget.' },
];

interface Translation {
  inputLanguage: string;
  outputLanguage: string;
  engine: string;
  passages: Array<{
    pageNumber: number | null;
    startTimeSeconds: number | null;
    speakerName: string | null;
    sourceText: string;
    text: string;
  }>;
}

describe.each(databaseKinds())('transcripts in another language on %s', (kind) => {
  const t = useTestServer(kind);
  const db = () => t.server.database.db;
  const token = (who: string) => t.tokenFor(who.includes('@') ? who : demoEmail(who));
  const read = async (who: string, taskId: string, outputLanguage?: string) =>
    t.call(
      'GET',
      `${API}/Viewer/Translation/${taskId}${outputLanguage === undefined ? '' : `?outputLanguage=${encodeURIComponent(outputLanguage)}`}`,
      { token: await token(who) },
    );

  let recording: string;
  let transcribing: string;
  let document: string;
  let globexRecording: string;
  beforeAll(async () => {
    await t.reset();
    recording = await indexedRecording(db(), { workspaceId: RECORDINGS_WS, displayName: 'Meeting' }, MEETING);
    transcribing = await indexedRecording(
      db(),
      { workspaceId: RECORDINGS_WS, displayName: 'Still transcribing', status: 30 },
      MEETING,
    );
    document = await indexedDocument(db(), { workspaceId: INVOICES, displayName: 'Invoice' }, [['Total 120 EUR']]);
    globexRecording = await indexedRecording(
      db(),
      { workspaceId: GLOBEX_WS, tenantId: GLOBEX_ID, displayName: 'Interview' },
      MEETING,
    );
  }, 120_000);

  it('translates the transcript paragraph by paragraph, with times and speakers, for every role that reaches it', async () => {
    const answer = await read('Reviewer', recording, 'es-ES');
    expect(answer.status).toBe(200);
    const translation = answer.body as Translation;
    expect(translation).toMatchObject({ inputLanguage: 'en', outputLanguage: 'es', engine: 'apertium' });
    expect(translation.passages.map((p) => [p.pageNumber, p.startTimeSeconds, p.speakerName, p.sourceText])).toEqual([
      [null, 0, 'Chair', MEETING[0]?.text],
      [null, 12.5, 'Treasurer', MEETING[1]?.text],
    ]);
    expect(translation.passages[0]?.text).toMatch(/casa es roja/i);
    expect(translation.passages[1]?.text).toMatch(/presupuesto/i);
    for (const role of ['Developer', 'Administrator', 'Manager', 'Creator']) {
      expect((await read(role, recording, 'es')).status, role).toBe(200);
    }
  }, 60_000);

  it('refuses what it cannot translate, each with its code and nothing translated', async () => {
    const german = await read('Reviewer', recording, 'de');
    expect(german.status).toBe(400);
    expect(codeOf(german.body)).toBe(1025);
    expect(german.text).toMatch(/English → German is not available/);
    expect(german.text).toMatch(/English → Spanish/);
    const none = await read('Reviewer', recording);
    expect(none.status).toBe(400);
    expect(codeOf(none.body)).toBe(1025);
    const same = await read('Reviewer', recording, 'en-GB');
    expect(same.status).toBe(400);
    expect(codeOf(same.body)).toBe(1026);
    const early = await read('Reviewer', transcribing, 'es');
    expect(early.status).toBe(400);
    expect(codeOf(early.body)).toBe(4);
    const invoice = await read('Reviewer', document, 'es');
    expect(invoice.status).toBe(404);
  });

  it('finds no task of another tenant or of a workspace the caller does not reach', async () => {
    const elsewhere = await read(GLOBEX_ADMIN, recording, 'es');
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.text).not.toMatch(/Welcome|Bienvenido/);
    expect((await read('Reviewer', globexRecording, 'es')).status).toBe(404);
    expect((await t.call('GET', `${API}/Viewer/Translation/${recording}?outputLanguage=es`)).status).toBe(401);
    await withoutMemberships(db());
    expect((await read('Reviewer', recording, 'es')).status).toBe(404);
    expect((await read('Administrator', recording, 'es')).status).toBe(200);
  });
});
