// Media benchmark: speech accuracy and speed of the offline engine, and the cost of waveform
// peaks for a 3-hour recording. Prints what it measures; it asserts nothing and has no targets.
//
//   cd apps/server && pnpm exec tsx bench/media.bench.ts [--skip-waveform] [--skip-speech]
//
// - WER: word error rate of pocketsphinx against the fixtures' reference texts, with the
//   normalisation of src/pipeline/media/wer.ts (lowercase, punctuation stripped, digit strings
//   read digit by digit and "oh" counted as zero — the vosk digits reference is written in words).
//   The stereo file is scored per channel (left reference vs speaker 1, right vs speaker 2).
// - Real-time factor (RTF) = processing time / audio duration, so < 1 is faster than real time.
//   "1 worker": one child process transcribes all four files one after the other; "2 workers":
//   two child processes do the same work at the same time (two tasks on a 2-core machine).
// - Waveform: peaks of a 3-hour 44.1 kHz MP3 (a sine tone made by ffmpeg's lavfi source,
//   cached in the temp folder), in a child process so its peak RSS is its own.
// Absolute times on shared machines are noisy; the load average is printed alongside.
import { execFileSync, fork } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PocketSphinxRecognizer } from '../src/pipeline/media/speech/pocketsphinx.js';
import { transcribeMedia } from '../src/pipeline/media/transcribe-media.js';
import { computeWaveformPeaks, DEFAULT_PEAKS_PER_SECOND } from '../src/pipeline/media/waveform.js';
import { wordErrorRate } from '../src/pipeline/media/wer.js';

const FIXTURES = fileURLToPath(new URL('../../../fixtures/', import.meta.url));
const SELF = fileURLToPath(import.meta.url);

interface Recording {
  label: string;
  media: string;
  reference: string;
}

const RECORDINGS: Recording[] = [
  { label: 'jfk.wav', media: 'audio/jfk.wav', reference: 'audio/jfk.txt' },
  {
    label: 'stereo_two_speakers.wav',
    media: 'audio/stereo_two_speakers.wav',
    reference: 'audio/stereo_two_speakers.txt',
  },
  {
    label: 'vosk_digits.wav',
    media: 'audio/vosk_digits_10001-90210-01803.wav',
    reference: 'audio/vosk_digits_10001-90210-01803.txt',
  },
  { label: 'jfk.mp4 (video)', media: 'video/jfk.mp4', reference: 'video/jfk.txt' },
];

interface FileRun {
  label: string;
  seconds: number;
  audioSeconds: number;
  /** Hypothesis text per speaker id. */
  said: Record<string, string>;
}

/** Child mode: transcribe every recording once, report timings and text to the parent. */
async function worker(): Promise<void> {
  const engine = new PocketSphinxRecognizer();
  const runs: FileRun[] = [];
  for (const recording of RECORDINGS) {
    const started = performance.now();
    const result = await transcribeMedia(engine, join(FIXTURES, recording.media), { language: 'en' });
    const seconds = (performance.now() - started) / 1000;
    const said: Record<string, string> = {};
    for (const item of result.transcript.transcripts) {
      const id = item.speakerId ?? 'none';
      said[id] = `${said[id] ?? ''} ${item.children.map((w) => w.text).join(' ')}`.trim();
    }
    runs.push({ label: recording.label, seconds, audioSeconds: result.info.durationSeconds ?? 0, said });
  }
  process.send?.({ runs });
}

/** Child mode: waveform of one file, reporting time and this process's peak RSS. */
async function waveformWorker(path: string): Promise<void> {
  const before = process.memoryUsage().rss;
  const started = performance.now();
  const peaks = await computeWaveformPeaks(path);
  const seconds = (performance.now() - started) / 1000;
  const json = JSON.stringify(peaks);
  process.send?.({
    seconds,
    startRssMb: before / 2 ** 20,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    pairs: peaks.length,
    jsonMb: Buffer.byteLength(json) / 2 ** 20,
  });
}

function runChild<T>(args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = fork(SELF, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let message: T | undefined;
    child.on('message', (m) => {
      message = m as T;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      message !== undefined ? resolve(message) : reject(new Error(`child exited with ${code}`)),
    );
  });
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const fixed = (x: number, digits = 2) => x.toFixed(digits);

function referenceOf(recording: Recording): { all: string; left?: string; right?: string } {
  const text = readFileSync(join(FIXTURES, recording.reference), 'utf8');
  const left = /^LEFT:\s*(.*)$/m.exec(text)?.[1];
  const right = /^RIGHT:\s*(.*)$/m.exec(text)?.[1];
  if (left !== undefined && right !== undefined) return { all: `${left} ${right}`, left, right };
  return { all: text };
}

function printWer(runs: FileRun[]): void {
  console.log('\nWord error rate (pocketsphinx 5prealpha, en-us model)');
  console.log('recording                        WER     S/D/I      ref words  hypothesis');
  for (const recording of RECORDINGS) {
    const run = runs.find((r) => r.label === recording.label);
    if (!run) continue;
    const reference = referenceOf(recording);
    const rows: [string, string, string][] = [];
    if (reference.left !== undefined && reference.right !== undefined) {
      const left = run.said['speaker-1'] ?? '';
      const right = run.said['speaker-2'] ?? '';
      rows.push(
        [`${recording.label} left`, reference.left, left],
        [`${recording.label} right`, reference.right, right],
      );
      rows.push([`${recording.label} both`, reference.all, `${left} ${right}`]);
    } else {
      rows.push([recording.label, reference.all, Object.values(run.said).join(' ')]);
    }
    for (const [label, ref, hyp] of rows) {
      const w = wordErrorRate(ref, hyp);
      console.log(
        `${label.padEnd(32)} ${pct(w.wer).padStart(6)}  ${`${w.substitutions}/${w.deletions}/${w.insertions}`.padEnd(10)} ${String(w.referenceWords).padStart(9)}  ${hyp}`,
      );
    }
  }
}

function printRtf(label: string, runs: FileRun[][], wallSeconds: number): void {
  const audio = runs.flat().reduce((sum, r) => sum + r.audioSeconds, 0);
  const busy = runs.flat().reduce((sum, r) => sum + r.seconds, 0);
  console.log(`\n${label}: wall ${fixed(wallSeconds)} s for ${fixed(audio, 1)} s of audio`);
  for (const [w, workerRuns] of runs.entries()) {
    for (const r of workerRuns) {
      console.log(
        `  worker ${w + 1}  ${r.label.padEnd(26)} ${fixed(r.seconds).padStart(6)} s / ${fixed(r.audioSeconds, 1).padStart(5)} s  RTF ${fixed(r.seconds / r.audioSeconds)}`,
      );
    }
  }
  console.log(`  mean RTF per file (time each task took / its length): ${fixed(busy / audio)}`);
  console.log(`  throughput RTF (wall / all audio processed):          ${fixed(wallSeconds / audio)}`);
}

async function speech(): Promise<void> {
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  let started = performance.now();
  const one = await runChild<{ runs: FileRun[] }>(['--worker']);
  const oneWall = (performance.now() - started) / 1000;
  printWer(one.runs);
  printRtf('1 worker', [one.runs], oneWall);

  started = performance.now();
  const two = await Promise.all([
    runChild<{ runs: FileRun[] }>(['--worker']),
    runChild<{ runs: FileRun[] }>(['--worker']),
  ]);
  const twoWall = (performance.now() - started) / 1000;
  printRtf(
    '2 workers in parallel',
    two.map((t) => t.runs),
    twoWall,
  );
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

/** A sine tone of `seconds` as a 44.1 kHz mono MP3 in the temp folder (made once, then reused). */
function toneFile(seconds: number): string {
  const file = join(tmpdir(), `reviewdesk-bench-sine-${seconds}s-44k.mp3`);
  // 64 kbit/s = 8,000 bytes per second; a shorter file is a leftover of an interrupted run.
  if (!existsSync(file) || statSync(file).size < seconds * 7_900) {
    const started = performance.now();
    const source = `sine=frequency=440:sample_rate=44100:duration=${seconds}`;
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      source,
      '-c:a',
      'libmp3lame',
      '-b:a',
      '64k',
      '-y',
      file,
    ]);
    console.log(`generated ${file} in ${fixed((performance.now() - started) / 1000, 1)} s`);
  }
  return file;
}

async function waveform(): Promise<void> {
  console.log(
    `\nWaveform peaks, 44.1 kHz mono MP3 sine tone, ${DEFAULT_PEAKS_PER_SECOND} peaks/s, 16-bit, one child process each`,
  );
  for (const [label, seconds] of [
    ['10 minutes', 600],
    ['3 hours', 10_800],
  ] as const) {
    const file = toneFile(seconds);
    const result = await runChild<{
      seconds: number;
      startRssMb: number;
      maxRssMb: number;
      pairs: number;
      jsonMb: number;
    }>(['--waveform', file]);
    console.log(
      `  ${label.padEnd(10)} ${fixed(statSync(file).size / 2 ** 20, 1).padStart(5)} MB file: ${fixed(result.seconds).padStart(6)} s (${fixed(seconds / result.seconds, 0)}× real time), ` +
        `${result.pairs} pairs, JSON ${fixed(result.jsonMb, 1)} MB, Node RSS ${fixed(result.startRssMb, 1)} MB at start → peak ${fixed(result.maxRssMb, 1)} MB ` +
        `(decoded PCM streamed through: ${fixed((seconds * 44100 * 2) / 2 ** 20, 0)} MB)`,
    );
  }
  console.log(
    '  (peak RSS includes the peaks and their JSON string; ffmpeg runs in its own process and is not counted)',
  );
}

const [mode, argument] = process.argv.slice(2);
if (mode === '--worker') await worker();
else if (mode === '--waveform' && argument) await waveformWorker(argument);
else {
  const flags = new Set(process.argv.slice(2));
  // `--quick` (the smoke of `npm run bench -- --quick`): speech on the first recording only, no
  // 3-hour waveform.
  const quick = flags.has('--quick');
  if (quick) RECORDINGS.splice(1);
  if (!flags.has('--skip-speech')) await speech();
  if (!quick && !flags.has('--skip-waveform')) await waveform();
}
