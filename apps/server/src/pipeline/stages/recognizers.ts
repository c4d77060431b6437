// The recognizers behind one interface, chosen by the workspace's pipeline recognizer step
// (domain/workspaces/pipelines.ts): `recognizer.pdfminer` reads a PDF page's text layer when it is
// good (text-layer-quality) and OCRs the page otherwise; `recognizer.tesseract` OCRs every page
// (both documents/recognize-page.ts, in the pipeline's threads);
// `recognizer.pocketsphinx` transcribes recordings, offline with pocketsphinx (English) or with a
// Whisper-compatible HTTP service when WHISPER_URL is set. An engine that is missing answers with
// the reason from `configurationProblem` — it is never replaced by something that pretends.
import { tesseractStatus } from '../documents/index.js';
import type { PageEngine } from '../documents/recognize-page.js';
import {
  type MediaRange,
  PocketSphinxRecognizer,
  SherpaOnnxRecognizer,
  type SpeechRecognizer,
  type TranscribeMediaResult,
  transcribeMedia,
  WhisperHttpRecognizer,
} from '../media/index.js';
import { type EngineConfig, engineConfig } from './engine-config.js';

export interface Recognizer {
  /** Engine name stored with the result (`pdfminer`, `tesseract`, `pocketsphinx`, `whisper-http`). */
  readonly name: string;
  readonly input: 'document' | 'media';
  /** Why the engine cannot run here for these languages, in words an administrator can act on; null when it can. */
  configurationProblem(languages: readonly string[]): Promise<string | null>;
}

/** Reads page files; the work itself is documents/recognize-page.ts, run in the pipeline's threads. */
export interface DocumentRecognizer extends Recognizer {
  readonly name: PageEngine;
  readonly input: 'document';
}

export interface MediaRecognizer extends Recognizer {
  readonly input: 'media';
  /** With a range, only that part of the file is transcribed and word times start at the range's start. */
  transcribe(
    path: string,
    language: string | null,
    signal: AbortSignal,
    range?: MediaRange,
  ): Promise<TranscribeMediaResult>;
}

async function tesseractProblem(languages: readonly string[]): Promise<string | null> {
  const status = await tesseractStatus(languages);
  return status.isConfigured ? null : status.reason;
}

export const textLayerRecognizer: DocumentRecognizer = {
  name: 'pdfminer',
  input: 'document',
  // The text layer itself needs nothing; pages without one need tesseract.
  configurationProblem: tesseractProblem,
};

export const tesseractRecognizer: DocumentRecognizer = {
  name: 'tesseract',
  input: 'document',
  configurationProblem: tesseractProblem,
};

/** Every speech engine of the server, configured or not, and the one recordings go to. */
export function speechEngines(config: EngineConfig = engineConfig()) {
  const whisper = config.whisperUrl
    ? new WhisperHttpRecognizer({ url: config.whisperUrl, model: config.whisperModel, apiKey: config.whisperApiKey })
    : null;
  const sherpa = new SherpaOnnxRecognizer({ modelDir: config.speechModelDir });
  const pocketsphinx = new PocketSphinxRecognizer();
  // The Whisper service when set, else the sherpa-onnx model folder when set (a wrong folder is
  // reported, not silently replaced), else pocketsphinx: what works on a fresh machine.
  const active: SpeechRecognizer = whisper ?? (config.speechModelDir ? sherpa : pocketsphinx);
  return { active, all: [pocketsphinx, sherpa, ...(whisper ? [whisper] : [])] };
}

/** The speech engines as Server/Capabilities reports them (the language-free state of each). */
export function speechEngineStates(config: EngineConfig = engineConfig()) {
  const { active, all } = speechEngines(config);
  return all.map((engine) => {
    const state = engine.isConfigured(null);
    return {
      name: engine.name,
      configured: state.ok,
      isDefault: engine === active,
      reason: state.ok ? null : (state.reason ?? 'not configured'),
    };
  });
}

/** Speech: the Whisper-compatible service, the sherpa-onnx model folder or pocketsphinx (speechEngines). */
export function speechRecognizer(config: EngineConfig = engineConfig()): MediaRecognizer {
  const engine = speechEngines(config).active;
  return {
    name: engine.name,
    input: 'media',
    async configurationProblem(languages) {
      const state = engine.isConfigured(languages[0] ?? null);
      if (state.ok) return null;
      const hint =
        config.whisperUrl || config.speechModelDir
          ? ''
          : ' (set SPEECH_MODEL_DIR to a sherpa-onnx model folder or WHISPER_URL to a Whisper-compatible service)';
      return `${state.reason ?? `${engine.name} cannot run here.`}${hint}`;
    },
    transcribe: (path, language, signal, range) => transcribeMedia(engine, path, { language, range, signal }),
  };
}

/** The recognizer of a pipeline step id. */
export function recognizerFor(stepId: string | null, media: boolean): DocumentRecognizer | MediaRecognizer {
  if (media) return speechRecognizer();
  return stepId === 'recognizer.tesseract' ? tesseractRecognizer : textLayerRecognizer;
}
