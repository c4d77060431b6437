// The LibreTranslate API client against an HTTP server on loopback that answers as LibreTranslate's
// documentation records it: what the client sends (paths, JSON, api_key) and how it reads answers
// and errors. No translation service is reachable from here, so the answers are recorded ones.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpTranslator } from './http-translator.js';
import { TranslationError, TranslationNotConfiguredError } from './translator.js';

const LANGUAGES = [
  { code: 'en', name: 'English', targets: ['de', 'en', 'es'] },
  { code: 'de', name: 'German', targets: ['en'] },
];

const bodyOf = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
};

describe('translation service over HTTP (LibreTranslate API)', () => {
  let server: Server;
  let url = '';
  const received: Record<string, unknown>[] = [];

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      response.setHeader('content-type', 'application/json');
      if (request.method === 'GET' && request.url === '/languages') {
        response.end(JSON.stringify(LANGUAGES));
        return;
      }
      if (request.method === 'POST' && request.url === '/translate') {
        const body = await bodyOf(request);
        received.push(body);
        if (body.api_key !== 'secret') {
          response.statusCode = 403;
          response.end(JSON.stringify({ error: 'Invalid API key' }));
          return;
        }
        response.end(JSON.stringify({ translatedText: 'Die Rechnung wurde bezahlt.' }));
        return;
      }
      response.statusCode = 404;
      response.end(JSON.stringify({ error: 'Not Found' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('lists the directions of the languages and their targets, without a language to itself', async () => {
    const pairs = await createHttpTranslator({ url }).pairs();
    expect(pairs).toEqual([
      { from: 'en', to: 'de' },
      { from: 'en', to: 'es' },
      { from: 'de', to: 'en' },
    ]);
  });

  it('sends the text as plain text with the key and reads the translation', async () => {
    const translator = createHttpTranslator({ url, apiKey: 'secret' });
    expect(await translator.translate('The invoice was paid.', { from: 'en', to: 'de' })).toBe(
      'Die Rechnung wurde bezahlt.',
    );
    expect(received.at(-1)).toEqual({
      q: 'The invoice was paid.',
      source: 'en',
      target: 'de',
      format: 'text',
      api_key: 'secret',
    });
  });

  it("turns the service's error answer into a message that quotes it", async () => {
    const translator = createHttpTranslator({ url, apiKey: 'wrong' });
    const refused = translator.translate('Hello', { from: 'en', to: 'de' });
    await expect(refused).rejects.toThrow(TranslationError);
    await expect(translator.translate('Hello', { from: 'en', to: 'de' })).rejects.toThrow(/403: Invalid API key/);
  });

  it('says the service cannot be reached', async () => {
    const closed = createHttpTranslator({ url: 'http://127.0.0.1:9/' });
    await expect(closed.pairs()).rejects.toThrow(TranslationNotConfiguredError);
  });
});
