// The sherpa-onnx engine without a model (none ships, none can be fetched here): what it says
// when the setting is missing or names a folder it cannot use, which files it picks, and how it
// turns a recogniser's tokens into timed words. Recognition itself needs a model folder.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EngineNotConfiguredError } from '../errors.js';
import { JFK_WAV } from '../test-fixtures.js';
import { describeModelFolder, piecesOf, SherpaOnnxRecognizer, wordsOf } from './sherpa-onnx.js';

const folder = mkdtempSync(join(tmpdir(), 'reviewdesk-sherpa-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const touch = (dir: string, names: string[]) => {
  for (const name of names) writeFileSync(join(dir, name), '');
};

describe('SherpaOnnxRecognizer without a model', () => {
  it('is not configured until the setting names a folder, and refuses to transcribe', async () => {
    const engine = new SherpaOnnxRecognizer({ modelDir: null });
    expect(engine.isConfigured()).toEqual({
      ok: false,
      reason: 'not configured: set SPEECH_MODEL_DIR to a sherpa-onnx model folder (transducer or Whisper).',
    });
    await expect(engine.transcribe(JFK_WAV, { language: 'en' })).rejects.toBeInstanceOf(EngineNotConfiguredError);
  });
  it('says what a folder lacks', async () => {
    expect(new SherpaOnnxRecognizer({ modelDir: join(folder, 'nowhere') }).isConfigured()).toMatchObject({
      ok: false,
      reason: expect.stringContaining('is not a folder'),
    });
    const empty = mkdtempSync(join(folder, 'empty-'));
    touch(empty, ['tokens.txt']);
    const state = new SherpaOnnxRecognizer({ modelDir: empty }).isConfigured();
    expect(state.reason).toContain('missing an encoder (*encoder*.onnx), a decoder (*decoder*.onnx)');
  });
});

describe('describeModelFolder', () => {
  it('recognises a transducer and prefers its int8 files', () => {
    const dir = mkdtempSync(join(folder, 'zipformer-'));
    touch(dir, ['encoder.onnx', 'encoder.int8.onnx', 'decoder.onnx', 'joiner.int8.onnx', 'tokens.txt']);
    expect(describeModelFolder(dir)).toEqual({
      model: {
        kind: 'transducer',
        encoder: join(dir, 'encoder.int8.onnx'),
        decoder: join(dir, 'decoder.onnx'),
        joiner: join(dir, 'joiner.int8.onnx'),
        tokens: join(dir, 'tokens.txt'),
      },
    });
  });
  it('recognises a Whisper folder', () => {
    const dir = mkdtempSync(join(folder, 'whisper-'));
    touch(dir, ['base.en-encoder.int8.onnx', 'base.en-decoder.int8.onnx', 'base.en-tokens.txt']);
    expect(describeModelFolder(dir)).toMatchObject({
      model: { kind: 'whisper', tokens: join(dir, 'base.en-tokens.txt') },
    });
  });
});

describe('piecesOf and wordsOf', () => {
  it('cuts speech longer than 25 s into pieces Whisper can read', () => {
    expect(piecesOf([{ start: 1, end: 61 }])).toEqual([
      { start: 1, end: 26 },
      { start: 26, end: 51 },
      { start: 51, end: 61 },
    ]);
  });
  it('joins BPE tokens into words with their times, from the start of the recording', () => {
    const { words, timed } = wordsOf(
      { text: 'ASK NOT', tokens: ['▁A', 'SK', '▁NOT'], timestamps: [0.2, 0.36, 0.8] },
      { start: 3, end: 4.4 },
    );
    expect(timed).toBe(true);
    expect(words).toEqual([
      { text: 'ASK', start: 3.2, end: 3.8, confidence: null },
      { text: 'NOT', start: 3.8, end: 4.4, confidence: null },
    ]);
  });
  it('spreads words over the piece by length when the model gives text only', () => {
    const { words, timed } = wordsOf({ text: ' ask notnot' }, { start: 10, end: 12 });
    expect(timed).toBe(false);
    expect(words.map((w) => w.text)).toEqual(['ask', 'notnot']);
    // Three letters of nine take a third of the two seconds.
    expect(words[0]?.start).toBe(10);
    expect(words[0]?.end).toBeCloseTo(10 + 2 / 3, 9);
    expect(words[1]?.start).toBeCloseTo(10 + 2 / 3, 9);
    expect(words[1]?.end).toBeCloseTo(12, 9);
  });
});
