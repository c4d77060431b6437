/**
 * Word timings after an edit: the cost of re-timing one edited paragraph by forced alignment
 * (soundswallower's en-US model in its worker thread, apps/server/src/pipeline/media/alignment/),
 * which Transcript/SaveTranscriptChanges pays before it stores the edit.
 *
 *   npm run bench -- --only=transcript-alignment        (--quick: 3 runs instead of 9)
 *
 * The paragraph: the second sentence of fixtures/audio/jfk.wav as pocketsphinx stores it (5.4–10.5 s,
 * 15 words), retyped with the true words, as a reviewer corrects it. Each run re-times it from the
 * stored transcript exactly as the save does (audio decoded from the file by ffmpeg, aligned, words
 * filled in).
 * - value: median time of one paragraph with the model loaded (the editor loads it when it opens
 *   the transcript) — target ≤ 1 s, absolute (a save must stay quick), timing;
 * - baseline, same run, same paragraph: decoding its audio alone (the ffmpeg part of the work), so
 *   the ratio says how much the alignment adds to reading the audio; the re-timing of languages
 *   without an acoustic model (interpolation, no audio) is printed alongside;
 * - reported: the first alignment of the process, which loads the model.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Transcript, TranscriptItem } from '../../apps/server/src/formats/transcript.js';
import { ForcedAligner } from '../../apps/server/src/pipeline/media/alignment/forced-aligner.js';
import { type RetimeSources, retimeEditedParagraphs } from '../../apps/server/src/pipeline/media/alignment/retime.js';
import { decodeFloat32 } from '../../apps/server/src/pipeline/media/pcm.js';
import { PocketSphinxRecognizer } from '../../apps/server/src/pipeline/media/speech/pocketsphinx.js';
import { transcribeMedia } from '../../apps/server/src/pipeline/media/transcribe-media.js';
import { reportFigure } from './figures.ts';

const quick = process.argv.includes('--quick');
const RUNS = quick ? 3 : 9;
const JFK = join(fileURLToPath(new URL('../../fixtures/', import.meta.url)), 'audio/jfk.wav');
const BENCH = 'transcript-alignment';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

console.log(
  `transcript alignment: ${RUNS} runs, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const { transcript: stored } = await transcribeMedia(new PocketSphinxRecognizer(), JFK, { language: 'en' });
const index = stored.transcripts.findIndex((p) => p.start > 5 && p.start < 6);
const paragraph = stored.transcripts[index] as TranscriptItem;
if (!paragraph) throw new Error('The recording did not give the paragraph the bench edits.');
const typed = 'what your country can do for you, ask what you can do for your country.'.split(' ');
const edited: Transcript = {
  ...stored,
  transcripts: stored.transcripts.map((p, i) =>
    i === index
      ? {
          ...p,
          children: typed.map((text, k) => ({
            ...(p.children[Math.min(k, p.children.length - 1)] as TranscriptItem['children'][number]),
            text,
          })),
        }
      : p,
  ),
};

const audio: RetimeSources['audio'] = (range) =>
  decodeFloat32(JFK, { range: { startSeconds: range.start, durationSeconds: range.end - range.start } });
const aligner = new ForcedAligner();
const withModel: RetimeSources = { audio, aligner: { model: 'en-us', align: (m, pcm, w) => aligner.align(m, pcm, w) } };
const withoutModel: RetimeSources = { audio, aligner: null };

async function timed(sources: RetimeSources): Promise<number> {
  const began = performance.now();
  const { report } = await retimeEditedParagraphs(stored, edited, sources);
  const elapsed = performance.now() - began;
  const expected = sources.aligner ? { aligned: 1, interpolated: 0 } : { aligned: 0, interpolated: 1 };
  if (report.changed !== 1 || report.aligned !== expected.aligned || report.interpolated !== expected.interpolated) {
    throw new Error(`Unexpected re-timing: ${JSON.stringify(report)}`);
  }
  return elapsed;
}

/** Decoding the paragraph's audio as the re-timing does (the same padded range). */
async function decodeOnly(): Promise<number> {
  const began = performance.now();
  await audio({ start: Math.max(0, paragraph.start - 0.3), end: paragraph.end + 0.3 });
  return performance.now() - began;
}

const cold = await timed(withModel);
const aligned: number[] = [];
const decoded: number[] = [];
const interpolated: number[] = [];
for (let run = 0; run < RUNS; run += 1) {
  // Alternated, so a busy moment of the machine falls on both sides.
  decoded.push(await decodeOnly());
  aligned.push(await timed(withModel));
  interpolated.push(await timed(withoutModel));
}
await aligner.close();

const seconds = paragraph.end - paragraph.start;
reportFigure({
  bench: BENCH,
  name: `re-time one edited paragraph by forced alignment (${seconds.toFixed(1)} s of audio, ${typed.length} words), median of ${RUNS}`,
  value: median(aligned),
  unit: 'ms',
  baseline: median(decoded),
  target: { of: 'value', max: 1000 },
  kind: 'timing',
  note: `aligned ${aligned.map((v) => v.toFixed(0)).join('/')} ms; baseline (decoding the paragraph's audio) ${decoded
    .map((v) => v.toFixed(0))
    .join('/')} ms; without a model (interpolation) median ${median(interpolated).toFixed(2)} ms`,
});
reportFigure({
  bench: BENCH,
  name: 'first alignment of the process (loads the en-US model)',
  value: cold,
  unit: 'ms',
  kind: 'timing',
});
