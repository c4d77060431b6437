// The demo recording carries two notes once it is recognised: written on the untouched transcript
// (version 0) by the demo manager, read back through Transcript/MediaUrlAndTranscript as the editor
// reads them, and never written twice.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.js';
import { annotateDemoRecording } from '../src/domain/demo-annotations.js';
import { databaseKinds, demoEmail, userIdOf, useTestServer } from './support/harness.js';
import { processTaskNow } from './support/processed-task.js';
import { API, RECORDINGS_WS } from './support/review-tasks.js';
import { importFile } from './support/task-import.js';

const MANAGER = demoEmail('Manager');
const REVIEWER = demoEmail('Reviewer');
const EXTERNAL_ID = 'demo-annotations-recording';

interface Word {
  text: string;
  offsetInSeconds: number;
  durationInSeconds: number;
}
interface Read {
  version: number;
  transcriptFullResult: {
    transcripts: Array<{ start: number; children: Word[] }>;
    annotations: Array<{ uniqueId: string; content: string; start: number; end: number; createdBy?: string | null }>;
  };
}

describe.each(databaseKinds())('demo recording annotations (%s)', (kind) => {
  const t = useTestServer(kind);

  it('are written once the recording is recognised, on the untouched transcript, once', async () => {
    await t.reset();
    const services = t.server.services;
    expect(await annotateDemoRecording(services, EXTERNAL_ID)).toBe('waiting');
    const imported = await importFile(
      t,
      await t.tokenFor(MANAGER),
      { workspaceId: RECORDINGS_WS, externalId: EXTERNAL_ID },
      {
        fileName: 'jfk.wav',
        content: readFileSync(join(repoRoot, 'fixtures', 'audio', 'jfk.wav')),
        contentType: 'audio/wav',
      },
    );
    const taskId = imported.body.result?.taskId as string;
    expect(taskId).toBeTruthy();
    // Imported, not recognised yet: nothing to hang the notes on.
    expect(await annotateDemoRecording(services, EXTERNAL_ID)).toBe('waiting');
    expect((await processTaskNow(t, taskId)).status).toBe(60);

    expect(await annotateDemoRecording(services, EXTERNAL_ID)).toBe('done');
    const read = async () => {
      const answer = await t.call('GET', `${API}/Transcript/MediaUrlAndTranscript`, {
        token: await t.tokenFor(REVIEWER),
        query: { TaskId: taskId, WorkspaceId: RECORDINGS_WS },
      });
      expect(answer.status, answer.text).toBe(200);
      return answer.body as Read;
    };
    const first = await read();
    expect(first.version).toBe(1);
    const paragraphs = first.transcriptFullResult.transcripts;
    const words = paragraphs.flatMap((p) => p.children);
    const last = words.at(-1) as Word;
    const [greeting, line] = first.transcriptFullResult.annotations;
    // The speaker pauses after "... fellow Americans": the greeting is the first paragraph.
    expect(paragraphs.length).toBeGreaterThan(1);
    expect(greeting).toMatchObject({
      content: 'Greeting to the audience',
      start: words[0]?.offsetInSeconds,
      end: paragraphs[1]?.start,
      createdBy: userIdOf(MANAGER),
    });
    expect(line?.start).toBe(paragraphs[1]?.start);
    expect(line?.end).toBeCloseTo(last.offsetInSeconds + last.durationInSeconds, 3);
    expect(line?.content).toMatch(/famous line/);

    // Written already: left as it is.
    expect(await annotateDemoRecording(services, EXTERNAL_ID)).toBe('done');
    const again = await read();
    expect(again.version).toBe(1);
    expect(again.transcriptFullResult.annotations).toEqual(first.transcriptFullResult.annotations);
  }, 120_000);
});
