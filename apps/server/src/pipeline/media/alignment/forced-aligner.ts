// Forced alignment of known text against audio with soundswallower's acoustic models (MIT, WASM,
// shipped inside the npm package): en-US and fr-FR. The work runs in one worker thread
// (soundswallower-worker.mjs), so the event loop stays free; requests queue there in order.
import { Worker } from 'node:worker_threads';
import { SPEECH_SAMPLE_RATE } from '../pcm.js';

/** Where a word was heard, in seconds from the start of the audio given. */
export interface WordTime {
  start: number;
  end: number;
}

/** The acoustic models soundswallower ships, by the language they serve. */
const MODELS: ReadonlyArray<{ model: string; languages: RegExp }> = [
  { model: 'en-us', languages: /^en(?:[-_]|$)/i },
  { model: 'fr-fr', languages: /^fr(?:[-_]|$)/i },
];

/** The model that aligns a language, or null: those languages get interpolated times instead. */
export function alignmentModelFor(language: string | null | undefined): string | null {
  const tag = language?.trim() || 'en';
  return MODELS.find((m) => m.languages.test(tag))?.model ?? null;
}

/**
 * The dictionary form of a transcript word: lower case, without the punctuation around it
 * (`country,` → `country`, `"Ask` → `ask`); inner apostrophes and hyphens stay (`don't`).
 * Empty for a word that is only punctuation or digits the dictionary cannot say.
 */
export function dictionaryForm(text: string): string {
  const bare = text
    .normalize('NFC')
    .toLocaleLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  return /^[\p{L}][\p{L}'-]*$/u.test(bare) ? bare : '';
}

interface Pending {
  resolve: (times: Array<WordTime | null>) => void;
  reject: (error: Error) => void;
}

export class ForcedAligner {
  #worker: Worker | null = null;
  #pending = new Map<number, Pending>();
  #nextId = 1;

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL('./soundswallower-worker.mjs', import.meta.url), {
      workerData: { sampleRate: SPEECH_SAMPLE_RATE },
    });
    // An idle aligner never keeps the process alive.
    worker.unref();
    worker.on('message', (message: { id: number; times?: Array<WordTime | null>; error?: string }) => {
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      if (message.error !== undefined) pending.reject(new Error(`Forced alignment failed: ${message.error}`));
      else pending.resolve(message.times ?? []);
    });
    const failAll = (error: Error) => {
      this.#worker = null;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`The alignment worker stopped (exit code ${code}).`)));
    this.#worker = worker;
    return worker;
  }

  #send(message: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<Array<WordTime | null>> {
    const worker = this.#start();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      // Referenced while it works, so a pending alignment is not cut short by an idle process.
      worker.ref();
      worker.postMessage({ ...message, id }, transfer);
    }).finally(() => {
      if (this.#pending.size === 0) this.#worker?.unref();
    }) as Promise<Array<WordTime | null>>;
  }

  /** Loads a model ahead of the first edit (about half a second per model). */
  async warmUp(model: string): Promise<void> {
    await this.#send({ warmUp: model });
  }

  /**
   * Times of `words` (dictionary forms, see dictionaryForm) in `pcm` (16 kHz mono), one entry per
   * word: null where the model could not place the word (not in its dictionary, or the alignment
   * ended early). The PCM buffer is handed over to the worker and unusable afterwards.
   */
  align(model: string, pcm: Float32Array, words: string[]): Promise<Array<WordTime | null>> {
    return this.#send({ model, pcm, words }, [pcm.buffer as ArrayBuffer]);
  }

  /** Stops the worker; a later align() starts a new one. */
  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    if (worker) await worker.terminate();
  }
}
