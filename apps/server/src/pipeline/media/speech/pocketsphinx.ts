// Offline English speech recognition with CMU PocketSphinx as Debian 12 packages it
// (`pocketsphinx` 0.8+5prealpha: the `pocketsphinx_continuous` program, not the 5.x `pocketsphinx`
// CLI with JSON output) and its `pocketsphinx-en-us` model. With `-time yes` it prints, after each
// utterance, one line per word: `word start end posterior`, times in seconds (10 ms frames, end
// frame inclusive), the posterior probability of the word in the lattice — our confidence.
// Audio reaches it as raw 16 kHz mono PCM on stdin (a file name not ending in .wav is read as
// raw), streamed from ffmpeg, so any container works and memory stays flat on long files.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { EngineNotConfiguredError, MediaError, TranscriptionError } from '../errors.js';
import { decodeToPcm, SPEECH_SAMPLE_RATE } from '../pcm.js';
import { exitOf, TailBuffer } from '../process.js';
import { findExecutable } from '../which.js';
import type {
  ConfigurationState,
  RecognizedWord,
  SpeechRecognizer,
  TranscriptionOptions,
  TranscriptionResult,
} from './types.js';

export interface PocketSphinxOptions {
  /** @default 'pocketsphinx_continuous' */
  program?: string;
  /** Folder of the pocketsphinx-en-us package. @default '/usr/share/pocketsphinx/model/en-us' */
  modelDir?: string;
}

const FRAME_SECONDS = 0.01;
const WORD_LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/;
/** Sentence marks, silence and noise models: `<s>`, `</s>`, `<sil>`, `[NOISE]`, `++BREATH++`. */
const FILLER = /^(<[^>]*>|\[[^\]]*\]|\+\+.*\+\+)$/;

/** Parses one `-time yes` output line; null for hypothesis lines, fillers and anything else. */
export function parsePocketSphinxLine(line: string): RecognizedWord | null {
  const match = WORD_LINE.exec(line.trim());
  if (!match) return null;
  const [, token = '', start = '0', end = '0', posterior = '0'] = match;
  if (FILLER.test(token)) return null;
  return {
    // Alternative pronunciations come back as `word(2)`.
    text: token.replace(/\(\d+\)$/, ''),
    start: Number(start),
    end: Number((Number(end) + FRAME_SECONDS).toFixed(3)),
    // The posterior can exceed 1 by rounding in the log domain.
    confidence: Math.min(1, Math.max(0, Number(posterior))),
  };
}

/** True for the languages the en-us model can transcribe: `en` and any `en-*` (or no preference). */
export function isEnglish(language: string | null | undefined): boolean {
  return language == null || language === '' || /^en(?:[-_]|$)/i.test(language);
}

export class PocketSphinxRecognizer implements SpeechRecognizer {
  readonly name = 'pocketsphinx';
  readonly #program: string;
  readonly #modelDir: string;

  constructor(options: PocketSphinxOptions = {}) {
    this.#program = options.program ?? 'pocketsphinx_continuous';
    this.#modelDir = options.modelDir ?? '/usr/share/pocketsphinx/model/en-us';
  }

  get #model() {
    return {
      hmm: join(this.#modelDir, 'en-us'),
      lm: join(this.#modelDir, 'en-us.lm.bin'),
      dict: join(this.#modelDir, 'cmudict-en-us.dict'),
    };
  }

  isConfigured(language?: string | null): ConfigurationState {
    if (!findExecutable(this.#program)) {
      return { ok: false, reason: `${this.#program} is not installed (apt-get install pocketsphinx).` };
    }
    const missing = Object.values(this.#model).filter((file) => !existsSync(file));
    if (missing.length > 0) {
      return {
        ok: false,
        reason: `The English model is missing (${missing.join(', ')}); apt-get install pocketsphinx-en-us.`,
      };
    }
    if (!isEnglish(language)) {
      return { ok: false, reason: `Only English is installed for pocketsphinx; "${language}" is not available.` };
    }
    return { ok: true };
  }

  async transcribe(path: string, options: TranscriptionOptions): Promise<TranscriptionResult> {
    const state = this.isConfigured(options.language);
    if (!state.ok) throw new EngineNotConfiguredError(this.name, state.reason ?? 'unknown reason');

    const { hmm, lm, dict } = this.#model;
    const args = [
      '-infile',
      '/dev/stdin',
      '-time',
      'yes',
      '-samprate',
      String(SPEECH_SAMPLE_RATE),
      '-hmm',
      hmm,
      '-lm',
      lm,
      '-dict',
      dict,
    ];
    // pocketsphinx opens its input by name, and Node's stdio "pipes" are sockets, which
    // /dev/stdin cannot open (ENXIO). `cat` copies the socket into a real pipe. The group is
    // detached so a cancel can stop both processes at once.
    const child = spawn('/bin/sh', ['-c', 'cat | exec "$@"', 'sh', this.#program, ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    options.signal?.addEventListener('abort', killGroup, { once: true });
    const stderr = new TailBuffer();
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    const words: RecognizedWord[] = [];
    createInterface({ input: child.stdout }).on('line', (line) => {
      const word = parsePocketSphinxLine(line);
      if (word) words.push(word);
    });

    const pcm = decodeToPcm(path, {
      channels: options.channel ?? 'mix',
      range: options.range,
      signal: options.signal,
    });
    const [fed, exited] = await Promise.allSettled([pipeline(pcm, child.stdin), exitOf(child, this.#program)]);
    options.signal?.removeEventListener('abort', killGroup);
    if (options.signal?.aborted) throw new MediaError('aborted', 'Transcription was cancelled.');
    // A decode failure explains everything after it (pocketsphinx then sees a short or empty input).
    if (fed.status === 'rejected' && fed.reason instanceof MediaError) {
      killGroup();
      throw fed.reason;
    }
    if (exited.status === 'rejected') throw exited.reason;
    if (exited.value.code === 127) {
      throw new EngineNotConfiguredError(
        this.name,
        `${this.#program} is not installed (apt-get install pocketsphinx).`,
      );
    }
    if (exited.value.code !== 0) {
      throw new TranscriptionError(
        this.name,
        `exited with code ${exited.value.code ?? exited.value.signal}.`,
        stderr.toString(),
      );
    }
    if (fed.status === 'rejected') {
      throw new TranscriptionError(this.name, 'stopped reading the audio early.', String(fed.reason));
    }
    if (options.channel !== undefined) for (const word of words) word.channel = options.channel;
    return { words, language: 'en-US', engine: this.name, accurateWordTimestamps: true };
  }
}
