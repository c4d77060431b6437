// Adapter for Whisper-compatible HTTP services: OpenAI's /v1/audio/transcriptions and the servers
// that copy it (speaches/faster-whisper-server, LocalAI, vLLM, whisper.cpp's OpenAI-style proxy).
// It uploads a 16 kHz mono WAV rather than the original file: video containers can be huge and
// some servers only read WAV; the decode is also where channel selection happens.
// Configuration comes from the environment (WHISPER_URL, WHISPER_MODEL, WHISPER_API_KEY); with no
// URL the engine reports itself as not configured and never pretends to transcribe.

import { openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EngineNotConfiguredError, TranscriptionError } from '../errors.js';
import { convertToWav } from '../pcm.js';
import type {
  ConfigurationState,
  RecognizedWord,
  SpeechRecognizer,
  TranscriptionOptions,
  TranscriptionResult,
} from './types.js';

export interface WhisperHttpOptions {
  /** Base URL, without `/v1/...`. @default process.env.WHISPER_URL */
  url?: string;
  /** @default process.env.WHISPER_MODEL ?? 'whisper-1' */
  model?: string;
  /** Sent as a bearer token when set. @default process.env.WHISPER_API_KEY */
  apiKey?: string;
  /** Give up on one request after this long. @default 30 minutes */
  timeoutMs?: number;
}

interface WhisperWord {
  word?: string;
  start?: number;
  end?: number;
  /** Not in OpenAI's answer; faster-whisper based servers add it. */
  probability?: number;
}

interface WhisperSegment {
  start?: number;
  end?: number;
  text?: string;
  words?: WhisperWord[];
}

/** The verbose_json answer (only the fields we read). */
export interface WhisperVerboseJson {
  language?: string;
  duration?: number;
  text?: string;
  words?: WhisperWord[];
  segments?: WhisperSegment[];
}

/** OpenAI answers with language names; the rest of Reviewdesk speaks BCP 47. */
const LANGUAGE_NAMES: Record<string, string> = {
  english: 'en',
  portuguese: 'pt',
  german: 'de',
  french: 'fr',
  spanish: 'es',
  italian: 'it',
  dutch: 'nl',
};

const toWord = (w: WhisperWord): RecognizedWord | null => {
  const text = (w.word ?? '').trim();
  if (!text || typeof w.start !== 'number' || typeof w.end !== 'number') return null;
  const confidence = typeof w.probability === 'number' ? Math.min(1, Math.max(0, w.probability)) : null;
  return { text, start: w.start, end: Math.max(w.start, w.end), confidence };
};

/** Spreads a segment's words over its time span by length when the server gave no word times. */
function spreadSegment(segment: WhisperSegment): RecognizedWord[] {
  const tokens = (segment.text ?? '').trim().split(/\s+/).filter(Boolean);
  const start = segment.start ?? 0;
  const span = Math.max(0, (segment.end ?? start) - start);
  const total = tokens.reduce((sum, t) => sum + t.length + 1, 0);
  let at = start;
  return tokens.map((text) => {
    const duration = total > 0 ? (span * (text.length + 1)) / total : 0;
    const word = { text, start: at, end: at + duration, confidence: null };
    at += duration;
    return word;
  });
}

/** Reads the words of a verbose_json answer: top-level `words`, else per-segment words, else spread. */
export function parseVerboseJson(body: WhisperVerboseJson): { words: RecognizedWord[]; accurate: boolean } {
  const direct = (body.words ?? []).map(toWord).filter((w): w is RecognizedWord => w !== null);
  if (direct.length > 0) return { words: direct, accurate: true };
  const segments = body.segments ?? [];
  const nested = segments
    .flatMap((s) => s.words ?? [])
    .map(toWord)
    .filter((w): w is RecognizedWord => w !== null);
  if (nested.length > 0) return { words: nested, accurate: true };
  return { words: segments.flatMap(spreadSegment), accurate: false };
}

export class WhisperHttpRecognizer implements SpeechRecognizer {
  readonly name = 'whisper-http';
  readonly #url: string | undefined;
  readonly #model: string;
  readonly #apiKey: string | undefined;
  readonly #timeoutMs: number;

  constructor(options: WhisperHttpOptions = {}) {
    this.#url = (options.url ?? process.env.WHISPER_URL)?.replace(/\/+$/, '') || undefined;
    this.#model = options.model ?? process.env.WHISPER_MODEL ?? 'whisper-1';
    this.#apiKey = options.apiKey ?? process.env.WHISPER_API_KEY;
    this.#timeoutMs = options.timeoutMs ?? 30 * 60_000;
  }

  isConfigured(): ConfigurationState {
    if (!this.#url) return { ok: false, reason: 'WHISPER_URL is not set.' };
    try {
      new URL(this.#url);
    } catch {
      return { ok: false, reason: `WHISPER_URL is not a valid URL: ${this.#url}` };
    }
    return { ok: true };
  }

  async transcribe(path: string, options: TranscriptionOptions): Promise<TranscriptionResult> {
    const state = this.isConfigured();
    if (!state.ok) throw new EngineNotConfiguredError(this.name, state.reason ?? 'unknown reason');
    const folder = await mkdtemp(join(tmpdir(), 'reviewdesk-whisper-'));
    try {
      const wav = join(folder, 'audio.wav');
      await convertToWav(path, wav, {
        channels: options.channel ?? 'mix',
        range: options.range,
        signal: options.signal,
      });
      const body = await this.#post(wav, options);
      const { words, accurate } = parseVerboseJson(body);
      if (options.channel !== undefined) for (const word of words) word.channel = options.channel;
      const reported = body.language ? (LANGUAGE_NAMES[body.language.toLowerCase()] ?? body.language) : null;
      return {
        words,
        language: options.language ?? reported ?? 'und',
        engine: this.name,
        accurateWordTimestamps: accurate,
      };
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  async #post(wavPath: string, options: TranscriptionOptions): Promise<WhisperVerboseJson> {
    const form = new FormData();
    // openAsBlob reads from disk as the request is sent: the upload is never held in memory.
    form.append('file', await openAsBlob(wavPath, { type: 'audio/wav' }), 'audio.wav');
    form.append('model', this.#model);
    form.append('response_format', 'verbose_json');
    form.append('timestamp_granularities[]', 'word');
    form.append('timestamp_granularities[]', 'segment');
    // The API takes ISO 639-1 only (`pt`, not `pt-PT`).
    if (options.language) form.append('language', options.language.split(/[-_]/)[0]?.toLowerCase() ?? options.language);
    const signals = [AbortSignal.timeout(this.#timeoutMs), ...(options.signal ? [options.signal] : [])];
    let response: Response;
    try {
      response = await fetch(`${this.#url}/v1/audio/transcriptions`, {
        method: 'POST',
        body: form,
        headers: this.#apiKey ? { authorization: `Bearer ${this.#apiKey}` } : {},
        signal: AbortSignal.any(signals),
      });
    } catch (error) {
      throw new TranscriptionError(this.name, `could not reach ${this.#url}: ${(error as Error).message}`);
    }
    const text = await response.text();
    if (!response.ok) {
      throw new TranscriptionError(this.name, `the service answered HTTP ${response.status}.`, text.slice(0, 2000));
    }
    try {
      return JSON.parse(text) as WhisperVerboseJson;
    } catch {
      throw new TranscriptionError(this.name, 'the service answered something that is not JSON.', text.slice(0, 2000));
    }
  }
}
