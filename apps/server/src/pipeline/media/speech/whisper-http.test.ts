// Protocol test of the Whisper-compatible adapter: a real HTTP exchange with a stub service on
// 127.0.0.1 that checks the multipart request and answers a payload in OpenAI's verbose_json
// format. It proves the adapter speaks the protocol; it says nothing about recognition quality.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineNotConfiguredError, TranscriptionError } from '../errors.js';
import { JFK_MP4 } from '../test-fixtures.js';
import { parseVerboseJson, WhisperHttpRecognizer } from './whisper-http.js';

/** An answer of POST /v1/audio/transcriptions with response_format=verbose_json and word timestamps. */
const JFK_ANSWER = {
  task: 'transcribe',
  language: 'english',
  duration: 11,
  text: 'And so, my fellow Americans, ask not what your country can do for you, ask what you can do for your country.',
  words: [
    ['And', 0.0, 0.3],
    ['so,', 0.3, 0.6],
    ['my', 0.6, 0.9],
    ['fellow', 0.9, 1.2],
    ['Americans,', 1.2, 2.0],
    ['ask', 3.2, 3.6],
    ['not', 3.6, 4.3],
    ['what', 5.3, 5.6],
    ['your', 5.6, 5.9],
    ['country', 5.9, 6.4],
    ['can', 6.4, 6.7],
    ['do', 6.7, 6.9],
    ['for', 6.9, 7.1],
    ['you,', 7.1, 7.7],
    ['ask', 8.1, 8.5],
    ['what', 8.5, 8.8],
    ['you', 8.8, 9.2],
    ['can', 9.2, 9.4],
    ['do', 9.4, 9.7],
    ['for', 9.7, 9.9],
    ['your', 9.9, 10.1],
    ['country.', 10.1, 10.7],
  ].map(([word, start, end]) => ({ word: word as string, start: start as number, end: end as number })),
  segments: [
    {
      id: 0,
      seek: 0,
      start: 0,
      end: 10.7,
      text: ' And so, my fellow Americans, …',
      avg_logprob: -0.2,
      no_speech_prob: 0.01,
    },
  ],
};

interface Seen {
  path: string;
  authorization: string | undefined;
  fields: Record<string, string[]>;
  file: { name: string; type: string; size: number; header: string } | null;
}

let server: Server;
let url: string;
const seen: Seen[] = [];
let nextStatus = 200;

async function readForm(request: IncomingMessage): Promise<FormData> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  // The platform's own multipart parser, so the test does not trust a parser of its own making.
  return new Request('http://stub/', {
    method: 'POST',
    headers: { 'content-type': request.headers['content-type'] ?? '' },
    body: Buffer.concat(chunks),
  }).formData();
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const form = await readForm(request);
    const fields: Record<string, string[]> = {};
    let file: Seen['file'] = null;
    for (const [key, value] of form.entries()) {
      if (typeof value === 'string') fields[key] = [...(fields[key] ?? []), value];
      else
        file = {
          name: value.name,
          type: value.type,
          size: value.size,
          header: Buffer.from(await value.slice(0, 4).arrayBuffer()).toString('latin1'),
        };
    }
    seen.push({ path: request.url ?? '', authorization: request.headers.authorization, fields, file });
    response.writeHead(nextStatus, { 'content-type': 'application/json' });
    response.end(
      nextStatus === 200 ? JSON.stringify(JFK_ANSWER) : JSON.stringify({ error: { message: 'model overloaded' } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('WhisperHttpRecognizer', () => {
  it('is not configured without WHISPER_URL', async () => {
    const saved = process.env.WHISPER_URL;
    delete process.env.WHISPER_URL;
    try {
      const engine = new WhisperHttpRecognizer();
      expect(engine.isConfigured()).toEqual({ ok: false, reason: 'WHISPER_URL is not set.' });
      await expect(engine.transcribe(JFK_MP4, { language: 'en' })).rejects.toBeInstanceOf(EngineNotConfiguredError);
    } finally {
      if (saved !== undefined) process.env.WHISPER_URL = saved;
    }
    expect(new WhisperHttpRecognizer({ url: 'not a url' }).isConfigured().ok).toBe(false);
  });

  it('posts the audio as multipart and reads word timestamps', async () => {
    nextStatus = 200;
    const engine = new WhisperHttpRecognizer({
      url: `${url}/`,
      model: 'Systran/faster-whisper-small',
      apiKey: 'k-123',
    });
    expect(engine.isConfigured()).toEqual({ ok: true });
    const result = await engine.transcribe(JFK_MP4, { language: 'en-US' });

    const request = seen.at(-1) as Seen;
    expect(request.path).toBe('/v1/audio/transcriptions');
    expect(request.authorization).toBe('Bearer k-123');
    expect(request.fields).toEqual({
      model: ['Systran/faster-whisper-small'],
      response_format: ['verbose_json'],
      'timestamp_granularities[]': ['word', 'segment'],
      language: ['en'],
    });
    // A 16 kHz mono WAV of the video's 11 s soundtrack, not the MP4 itself.
    expect(request.file).toMatchObject({ name: 'audio.wav', type: 'audio/wav', header: 'RIFF' });
    expect(request.file?.size).toBeGreaterThan(11 * 16_000 * 2 - 16_000);

    expect(result).toMatchObject({ engine: 'whisper-http', language: 'en-US', accurateWordTimestamps: true });
    expect(result.words).toHaveLength(22);
    expect(result.words[4]).toEqual({ text: 'Americans,', start: 1.2, end: 2, confidence: null });
  });

  it('turns an HTTP error into a TranscriptionError with the body for the logs', async () => {
    nextStatus = 503;
    const engine = new WhisperHttpRecognizer({ url });
    const error = await engine.transcribe(JFK_MP4, { language: null }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TranscriptionError);
    expect((error as TranscriptionError).message).toMatch(/HTTP 503/);
    expect((error as TranscriptionError).detail).toMatch(/overloaded/);
    expect(seen.at(-1)?.fields.language).toBeUndefined();
    nextStatus = 200;
  });

  it('reports an unreachable service', async () => {
    const engine = new WhisperHttpRecognizer({ url: 'http://127.0.0.1:9' });
    await expect(engine.transcribe(JFK_MP4, { language: 'en' })).rejects.toThrow(/could not reach/);
  });
});

describe('parseVerboseJson', () => {
  it('uses per-word probabilities and per-segment words when servers send them', () => {
    const parsed = parseVerboseJson({
      segments: [
        { start: 0, end: 1, text: 'hi there', words: [{ word: ' hi', start: 0, end: 0.4, probability: 0.93 }] },
      ],
    });
    expect(parsed).toEqual({ words: [{ text: 'hi', start: 0, end: 0.4, confidence: 0.93 }], accurate: true });
  });

  it('spreads segment text over time when there are no word timestamps', () => {
    const parsed = parseVerboseJson({ segments: [{ start: 2, end: 4, text: ' ab cd' }] });
    expect(parsed.accurate).toBe(false);
    expect(parsed.words.map((w) => [w.text, w.start, w.end])).toEqual([
      ['ab', 2, 3],
      ['cd', 3, 4],
    ]);
  });
});
