// A better offline speech engine an operator installs by pointing SPEECH_MODEL_DIR at a sherpa-onnx
// model folder (as sherpa-onnx publishes them: a transducer — encoder, decoder, joiner and
// tokens.txt — or Whisper — <name>-encoder.onnx, <name>-decoder.onnx, <name>-tokens.txt; int8
// files are preferred when both are there). No model ships with the server and none can be
// fetched at run time, so until the setting names a usable folder the engine says it is not
// configured and pocketsphinx stays the engine recordings go to.
//
// Speech is found first (Silero VAD, ../vad.ts) and each stretch — at most 25 s, what Whisper reads
// at once — is recognised on its own. A transducer gives a time per token, so word times are true;
// Whisper gives text only, spread over its stretch by word length (accurateWordTimestamps false).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { EngineNotConfiguredError, TranscriptionError } from '../errors.js';
import { decodeFloat32, SPEECH_SAMPLE_RATE } from '../pcm.js';
import { detectSpeech, type SpeechSpan } from '../vad.js';
import type {
  ConfigurationState,
  RecognizedWord,
  SpeechRecognizer,
  TranscriptionOptions,
  TranscriptionResult,
} from './types.js';

export type SherpaModel =
  | { kind: 'transducer'; encoder: string; decoder: string; joiner: string; tokens: string }
  | { kind: 'whisper'; encoder: string; decoder: string; tokens: string };

/** The setting's name, for messages an operator can act on. */
export const SPEECH_MODEL_SETTING = 'SPEECH_MODEL_DIR';

/** What the folder holds: a model sherpa-onnx can load, or why not. */
export function describeModelFolder(dir: string): { model: SherpaModel } | { problem: string } {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return { problem: `${dir} is not a folder.` };
  const files = readdirSync(dir);
  const pick = (pattern: RegExp) => {
    const found = files.filter((f) => pattern.test(f)).sort();
    const chosen = found.find((f) => f.includes('.int8.')) ?? found[0];
    return chosen ? join(dir, chosen) : null;
  };
  const encoder = pick(/encoder.*\.onnx$/);
  const decoder = pick(/decoder.*\.onnx$/);
  const joiner = pick(/joiner.*\.onnx$/);
  const tokens = pick(/tokens\.txt$/);
  if (encoder && decoder && joiner && tokens)
    return { model: { kind: 'transducer', encoder, decoder, joiner, tokens } };
  if (encoder && decoder && tokens && !joiner) return { model: { kind: 'whisper', encoder, decoder, tokens } };
  const missing = [
    !encoder && 'an encoder (*encoder*.onnx)',
    !decoder && 'a decoder (*decoder*.onnx)',
    !tokens && 'the tokens (*tokens.txt)',
  ].filter(Boolean);
  return {
    problem: `${dir} holds no sherpa-onnx model sherpa-onnx can load: ${missing.length > 0 ? `missing ${missing.join(', ')}` : 'unknown layout'}.`,
  };
}

interface SherpaResult {
  text: string;
  tokens?: string[];
  timestamps?: number[];
}
interface SherpaStream {
  acceptWaveform(wave: { sampleRate: number; samples: Float32Array }): void;
}
interface SherpaRecognizer {
  createStream(): SherpaStream;
  decodeAsync(stream: SherpaStream): Promise<void>;
  getResult(stream: SherpaStream): SherpaResult;
}
interface SherpaModule {
  OfflineRecognizer: { createAsync(config: Record<string, unknown>): Promise<SherpaRecognizer> };
}

const require = createRequire(import.meta.url);
/** Whisper reads 30 s at once; stretches are cut below that. */
const MAX_PIECE_SECONDS = 25;

/** Speech stretches cut to at most MAX_PIECE_SECONDS each. */
export function piecesOf(spans: SpeechSpan[]): SpeechSpan[] {
  return spans.flatMap((span) => {
    const pieces: SpeechSpan[] = [];
    for (let start = span.start; start < span.end; start += MAX_PIECE_SECONDS) {
      pieces.push({ start, end: Math.min(span.end, start + MAX_PIECE_SECONDS) });
    }
    return pieces;
  });
}

/**
 * Words of one recognised stretch, times from the start of the audio: from the token times when
 * the model gives them (a token starting with `▁` or a space begins a word), else spread over
 * the stretch by length.
 */
export function wordsOf(result: SherpaResult, piece: SpeechSpan): { words: RecognizedWord[]; timed: boolean } {
  const tokens = result.tokens ?? [];
  const times = result.timestamps ?? [];
  if (tokens.length > 0 && tokens.length === times.length) {
    const words: RecognizedWord[] = [];
    for (const [i, token] of tokens.entries()) {
      const at = piece.start + (times[i] as number);
      const startsWord = i === 0 || /^[▁\s]/.test(token);
      const text = token.replace(/^[▁\s]+/, '');
      const last = words[words.length - 1];
      if (startsWord || !last) words.push({ text, start: at, end: at, confidence: null });
      else last.text += text;
    }
    const kept = words.filter((w) => w.text.trim());
    kept.forEach((w, i) => {
      w.end = Math.min(piece.end, kept[i + 1]?.start ?? piece.end);
    });
    return { words: kept, timed: true };
  }
  const texts = result.text.split(/\s+/).filter(Boolean);
  const total = texts.reduce((sum, t) => sum + t.length, 0) || 1;
  let at = piece.start;
  const words = texts.map((text) => {
    const length = ((piece.end - piece.start) * text.length) / total;
    const word = { text, start: at, end: at + length, confidence: null };
    at += length;
    return word;
  });
  return { words, timed: false };
}

export class SherpaOnnxRecognizer implements SpeechRecognizer {
  readonly name = 'sherpa-onnx';
  readonly #dir: string | null;
  #recognizer: Promise<SherpaRecognizer> | null = null;

  constructor(options: { modelDir: string | null }) {
    this.#dir = options.modelDir;
  }

  isConfigured(): ConfigurationState {
    if (!this.#dir) {
      return {
        ok: false,
        reason: `not configured: set ${SPEECH_MODEL_SETTING} to a sherpa-onnx model folder (transducer or Whisper).`,
      };
    }
    const found = describeModelFolder(this.#dir);
    return 'problem' in found ? { ok: false, reason: found.problem } : { ok: true };
  }

  #load(model: SherpaModel, language: string | null): Promise<SherpaRecognizer> {
    this.#recognizer ??= (async () => {
      const sherpa = require('sherpa-onnx-node') as SherpaModule;
      const modelConfig =
        model.kind === 'transducer'
          ? { transducer: { encoder: model.encoder, decoder: model.decoder, joiner: model.joiner } }
          : {
              whisper: {
                encoder: model.encoder,
                decoder: model.decoder,
                // Whisper wants a two-letter code, or '' to detect the language itself.
                language: language ? (language.split(/[-_]/)[0] ?? '').toLowerCase() : '',
                task: 'transcribe',
              },
            };
      return sherpa.OfflineRecognizer.createAsync({
        featConfig: { sampleRate: SPEECH_SAMPLE_RATE, featureDim: 80 },
        modelConfig: { ...modelConfig, tokens: model.tokens, numThreads: 1, provider: 'cpu', debug: 0 },
      });
    })();
    return this.#recognizer;
  }

  async transcribe(path: string, options: TranscriptionOptions): Promise<TranscriptionResult> {
    const state = this.isConfigured();
    if (!state.ok || !this.#dir) throw new EngineNotConfiguredError(this.name, state.reason ?? 'not configured');
    const found = describeModelFolder(this.#dir);
    if ('problem' in found) throw new EngineNotConfiguredError(this.name, found.problem);
    let recognizer: SherpaRecognizer;
    try {
      recognizer = await this.#load(found.model, options.language);
    } catch (error) {
      this.#recognizer = null;
      throw new TranscriptionError(this.name, `the model in ${this.#dir} could not be loaded`, String(error));
    }
    const speech = await detectSpeech(path, { range: options.range, signal: options.signal, channel: options.channel });
    const offset = options.range?.startSeconds ?? 0;
    const words: RecognizedWord[] = [];
    let allTimed = true;
    for (const piece of piecesOf(speech)) {
      if (options.signal?.aborted) throw new TranscriptionError(this.name, 'cancelled');
      const samples = await decodeFloat32(path, {
        range: { startSeconds: offset + piece.start, durationSeconds: piece.end - piece.start },
        channels: options.channel ?? 'mix',
        signal: options.signal,
      });
      const stream = recognizer.createStream();
      stream.acceptWaveform({ sampleRate: SPEECH_SAMPLE_RATE, samples });
      await recognizer.decodeAsync(stream);
      const recognised = wordsOf(recognizer.getResult(stream), piece);
      allTimed &&= recognised.timed;
      words.push(
        ...recognised.words.map((w) => (options.channel === undefined ? w : { ...w, channel: options.channel })),
      );
    }
    return {
      words,
      language: options.language ?? 'und',
      engine: this.name,
      accurateWordTimestamps: allTimed,
    };
  }
}
