// Annotations of the demo recording: a person who opens it for review finds two notes a manager
// left on its time ranges (spec §3), listed beside the transcript and drawn on the waveform. The
// recording is recognised by the workers after the first start, so its transcript exists only
// later: the notes are written once it does, on a transcript nobody has saved yet (version 0),
// and never again (a recording with annotations, or saved by a reviewer, is left alone).
import { ReviewStore } from '../db/repositories/review.js';
import { TasksRepository } from '../db/repositories/tasks.js';
import { DEMO_DOMAIN, demoId } from './demo-data.js';
import type { Services } from './services.js';
import { loadSession } from './session.js';

export const DEMO_RECORDING_EXTERNAL_ID = 'demo-recording-jfk';

interface Word {
  text: string;
  offsetInSeconds: number;
  durationInSeconds: number;
}
interface TranscriptShape {
  transcripts: Array<{ start: number; end: number; children: Word[] }>;
  annotations?: unknown[];
  [key: string]: unknown;
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * The demo's two notes on a recognised transcript: the greeting, and the famous line from there
 * to the end. Null when the transcript has no words to hang them on.
 */
export function demoAnnotationsFor(
  transcript: TranscriptShape,
  by: string,
  now: Date,
): Array<Record<string, unknown>> | null {
  const words = transcript.transcripts.flatMap((p) => p.children);
  const first = words[0];
  const last = words.at(-1);
  if (!first || !last) return null;
  const start = round(first.offsetInSeconds);
  const end = round(last.offsetInSeconds + last.durationInSeconds);
  // The greeting is the first paragraph (the speaker pauses before the question); one paragraph
  // only, its first third.
  const second = transcript.transcripts[1];
  const split = round(second && second.start > start ? second.start : start + (end - start) / 3);
  const stamp = now.toISOString();
  const made = { createdOn: stamp, createdBy: by, modifiedOn: stamp, modifiedBy: by };
  return [
    { uniqueId: demoId('annotation:greeting'), content: 'Greeting to the audience', start, end: split, ...made },
    {
      uniqueId: demoId('annotation:famous-line'),
      content: 'The famous line: check the words against the recording',
      start: split,
      end,
      ...made,
    },
  ];
}

/**
 * Writes the notes on the demo recording when it is recognised and untouched. Answers whether
 * there is nothing left to do ('done': written now or before, or the recording is someone's work)
 * or the transcript is not there yet ('waiting').
 */
export async function annotateDemoRecording(
  services: Services,
  externalId = DEMO_RECORDING_EXTERNAL_ID,
): Promise<'done' | 'waiting'> {
  const session = await loadSession(services.db, demoId(`user:manager@${DEMO_DOMAIN}`));
  const tenant = session.membership.tenant_id;
  const [task] = await new TasksRepository(services.db, tenant).byExternalId(externalId, 1);
  if (!task) return 'waiting';
  return new ReviewStore(services.db, tenant).transaction(async (store) => {
    await store.lockTask(task.id);
    const media = await store.media(task.id);
    const transcript = media?.transcript as TranscriptShape | null | undefined;
    if (!media || !transcript) return 'waiting';
    if (media.version !== 0 || (transcript.annotations ?? []).length > 0) return 'done';
    const now = new Date();
    const annotations = demoAnnotationsFor(transcript, session.user.id, now);
    if (!annotations) return 'done';
    await store.saveTranscript(task.id, 0, { ...transcript, annotations }, session.user.id, now);
    return 'done';
  });
}

/** How often and how long the server looks for the recognised demo recording after a start. */
const POLL_MS = 5_000;
const GIVE_UP_MS = 30 * 60_000;

/**
 * Looks for the recognised demo recording every few seconds until its notes are written (or half
 * an hour went by); never keeps the process alive, and a failure only ends the looking.
 */
export function annotateDemoRecordingOnceRecognised(services: Services): () => void {
  const until = Date.now() + GIVE_UP_MS;
  let timer: NodeJS.Timeout | undefined;
  const look = async () => {
    const outcome = await annotateDemoRecording(services).catch((error: Error) => {
      console.error('demo annotations:', error.message);
      return 'done' as const;
    });
    if (outcome === 'waiting' && Date.now() < until) {
      timer = setTimeout(() => void look(), POLL_MS);
      timer.unref();
    }
  };
  void look();
  return () => clearTimeout(timer);
}
