// Forced alignment in a worker thread: soundswallower (WASM) runs for a few hundred milliseconds a
// paragraph, which would stall every other request if it ran on the server's event loop. Plain
// JavaScript so Node loads it as it is under tsx, vitest and a built server alike.
//
// Messages in:  { id, model, pcm: Float32Array (16 kHz mono), words: string[] }
// Messages out: { id, times: Array<{ start, end } | null> } — one entry per word, null for a word
//               the model's dictionary does not know (the caller interpolates it) — or { id, error }.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import createModule from 'soundswallower';

const packageDir = dirname(fileURLToPath(import.meta.resolve('soundswallower')));
// The package's models folder; the trailing slash is required by soundswallower.
const modelBase = `${join(packageDir, 'model')}/`;
const moduleReady = createModule({ modelBase, defaultModel: null });
/** One decoder per model, created on first use (loading a model takes ~0.5 s) and kept. */
const decoders = new Map();

async function decoderFor(model) {
  let ready = decoders.get(model);
  if (!ready) {
    ready = moduleReady.then(async (ssw) => {
      const decoder = new ssw.Decoder({
        hmm: ssw.get_model_path(model),
        loglevel: 'FATAL',
        samprate: workerData?.sampleRate ?? 16000,
      });
      await decoder.initialize();
      return decoder;
    });
    decoders.set(model, ready);
  }
  return ready;
}

/** Segment names come back as `word(2)` for a second pronunciation; `<sil>`, `[NOISE]` are not words. */
const FILLER = /^(<[^>]*>|\[[^\]]*\]|\+\+.*\+\+)$/;

async function align({ model, pcm, words }) {
  const decoder = await decoderFor(model);
  const known = words.map((w) => (w && decoder.lookup_word(w) !== null ? w : null));
  const text = known.filter((w) => w !== null);
  const times = words.map(() => null);
  if (text.length === 0) return times;
  decoder.set_align_text(text.join(' '));
  decoder.start();
  decoder.process_audio(pcm, false, true);
  decoder.stop();
  const result = decoder.get_alignment();
  const segments = (result?.w ?? []).filter((s) => !FILLER.test(s.t));
  // Aligned words come back in the order of the text; walk both lists together.
  let next = 0;
  for (const [index, word] of known.entries()) {
    if (word === null) continue;
    const segment = segments[next];
    if (!segment || segment.t.replace(/\(\d+\)$/, '') !== word) break;
    times[index] = { start: segment.b, end: segment.b + segment.d };
    next += 1;
  }
  return times;
}

parentPort?.on('message', async (message) => {
  if (message?.warmUp) {
    await decoderFor(message.warmUp).catch(() => undefined);
    parentPort?.postMessage({ id: message.id, times: [] });
    return;
  }
  try {
    parentPort?.postMessage({ id: message.id, times: await align(message) });
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
