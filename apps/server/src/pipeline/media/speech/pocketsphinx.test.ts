// The real engine on the real fixtures. Assertions check structure and a few words pocketsphinx
// reliably gets; accuracy itself is measured (not asserted) by bench/media.bench.ts.
import { describe, expect, it } from 'vitest';
import { contractErrors } from '../../../testing/contract-errors.js';
import { EngineNotConfiguredError, MediaError, TranscriptionError } from '../errors.js';
import { DIGITS_WAV, fixture, JFK_WAV, STEREO_WAV } from '../test-fixtures.js';
import { transcribeMedia } from '../transcribe-media.js';
import { normaliseWords } from '../wer.js';
import { isEnglish, PocketSphinxRecognizer, parsePocketSphinxLine } from './pocketsphinx.js';

const engine = new PocketSphinxRecognizer();

describe('parsePocketSphinxLine', () => {
  it('reads word lines, strips pronunciation variants and includes the end frame', () => {
    expect(parsePocketSphinxLine('country 5.860 6.420 0.473555')).toEqual({
      text: 'country',
      start: 5.86,
      end: 6.43,
      confidence: 0.473555,
    });
    expect(parsePocketSphinxLine('can(2) 6.430 6.670 0.028595')?.text).toBe('can');
    expect(parsePocketSphinxLine('and(2) 3.290 3.730 1.000300')?.confidence).toBe(1);
  });

  it('skips hypothesis lines, sentence marks, silence and noise', () => {
    for (const line of [
      'what your country can do for you',
      '<s> 0.000 0.040 0.998900',
      '</s> 2.310 2.440 1.000000',
      '<sil> 3.740 3.980 0.828680',
      '[NOISE] 1.0 1.2 0.5',
      '[SPEECH] 0.080 0.280 0.530692',
      '++BREATH++ 1 2 0.1',
      '',
    ]) {
      expect(parsePocketSphinxLine(line)).toBeNull();
    }
  });
});

describe('PocketSphinxRecognizer.isConfigured', () => {
  it('is configured for English only', () => {
    expect(engine.isConfigured('en')).toEqual({ ok: true });
    expect(engine.isConfigured('en-GB').ok).toBe(true);
    expect(engine.isConfigured(null).ok).toBe(true);
    expect(engine.isConfigured('pt-PT')).toEqual({ ok: false, reason: expect.stringMatching(/Only English/) });
    expect(isEnglish('eng')).toBe(false);
  });

  it('says what is missing when the program or the model is absent', () => {
    expect(new PocketSphinxRecognizer({ program: 'no-such-pocketsphinx' }).isConfigured('en').reason).toMatch(
      /not installed/,
    );
    expect(new PocketSphinxRecognizer({ modelDir: '/nowhere' }).isConfigured('en').reason).toMatch(
      /pocketsphinx-en-us/,
    );
  });
});

// Real recognition: seconds of CPU per file, more on a loaded CI machine.
describe('PocketSphinxRecognizer.transcribe', { timeout: 120_000 }, () => {
  it('transcribes the JFK recording with word times and confidences', async () => {
    const result = await engine.transcribe(JFK_WAV, { language: 'en' });
    expect(result).toMatchObject({ engine: 'pocketsphinx', language: 'en-US', accurateWordTimestamps: true });
    expect(result.words.length).toBeGreaterThan(10);
    let previousStart = -1;
    for (const w of result.words) {
      expect(w.text).toMatch(/^[a-z'.-]+$/);
      expect(w.start).toBeGreaterThan(previousStart);
      expect(w.end).toBeGreaterThan(w.start);
      expect(w.end).toBeLessThanOrEqual(11.1);
      expect(w.confidence).toBeGreaterThanOrEqual(0);
      expect(w.confidence).toBeLessThanOrEqual(1);
      previousStart = w.start;
    }
    expect(normaliseWords(result.words.map((w) => w.text).join(' '))).toContain('country');
  });

  it('hears digits', async () => {
    const { words } = await engine.transcribe(DIGITS_WAV, { language: 'en-US' });
    const heard = new Set(normaliseWords(words.map((w) => w.text).join(' ')));
    for (const digit of ['zero', 'one', 'eight', 'three']) expect(heard).toContain(digit);
  });

  it('refuses a language it does not have instead of guessing', async () => {
    const error = await engine.transcribe(JFK_WAV, { language: 'de' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineNotConfiguredError);
    expect((error as Error).message).toMatch(/not configured.*"de"/);
  });

  it('reports a damaged file as a media error, not an engine failure', async () => {
    const error = await engine
      .transcribe(fixture('edge_cases/pdf/crazyones.pdf'), { language: 'en' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaError);
    expect(error).not.toBeInstanceOf(TranscriptionError);
    expect((error as MediaError).code).toBe('corrupt');
  });
});

describe('transcribeMedia', () => {
  it('splits a two-channel recording into two speakers', async () => {
    const result = await transcribeMedia(engine, STEREO_WAV, { language: 'en' });
    expect(result.speakerSplit).toBe('channels');
    expect(contractErrors('Transcript', result.transcript)).toBeNull();
    expect(result.transcript.speakers.map((s) => s.speakerName)).toEqual(['Speaker 1 (left)', 'Speaker 2 (right)']);
    const said = (id: string) =>
      normaliseWords(
        result.transcript.transcripts
          .filter((t) => t.speakerId === id)
          .flatMap((t) => t.children.map((w) => w.text))
          .join(' '),
      );
    // LEFT: "He began a confused complaint against the wizard, …"; RIGHT: "The horizon seems extremely distant."
    expect(said('speaker-1')).toEqual(expect.arrayContaining(['complaint', 'wizard', 'curtain']));
    expect(said('speaker-2')).toContain('extremely');
    expect(said('speaker-2')).not.toContain('wizard');
  });
});
