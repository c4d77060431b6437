// The language-model client against a small real HTTP server speaking the OpenAI chat completions
// format (a peer the test starts, not a stand-in inside the client).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LanguageModelError } from './language-model.js';
import { createOpenAiChatModel } from './openai-chat.js';

interface Received {
  path: string;
  authorization: string | undefined;
  body: { model: string; messages: Array<{ role: string; content: string }>; max_tokens?: number };
}

let server: Server;
let base: string;
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      const body = JSON.parse(text) as Received['body'];
      received.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
      const last = body.messages.at(-1)?.content ?? '';
      if (last.includes('fail')) {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'model overloaded' } }));
        return;
      }
      if (last.includes('slow')) return; // never answers
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          model: body.model,
          choices: [
            { index: 0, message: { role: 'assistant', content: ` You said: ${last} ` }, finish_reason: 'stop' },
          ],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('OpenAI chat completions client', () => {
  it('sends the model, the conversation and the key, and returns the answer trimmed', async () => {
    const model = createOpenAiChatModel({ url: `${base}/`, model: 'small-model', apiKey: 'sk-test' });
    const answer = await model.complete(
      [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'hello' },
      ],
      { maxTokens: 50 },
    );
    expect(answer).toBe('You said: hello');
    const last = received.at(-1);
    expect(last?.path).toBe('/v1/chat/completions');
    expect(last?.authorization).toBe('Bearer sk-test');
    expect(last?.body.model).toBe('small-model');
    expect(last?.body.max_tokens).toBe(50);
    expect(last?.body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(model.name).toBe(`small-model at ${base}`);
  });

  it('says what the service answered when it fails, and when it does not answer in time', async () => {
    const model = createOpenAiChatModel({ url: base, model: 'm', timeoutMs: 300 });
    await expect(model.complete([{ role: 'user', content: 'please fail' }])).rejects.toThrow(
      new LanguageModelError('the language model answered 500: model overloaded.'),
    );
    await expect(model.complete([{ role: 'user', content: 'be slow' }])).rejects.toThrow(/took longer than 0.3 s/);
  });

  it('tells an unreachable service apart', async () => {
    const model = createOpenAiChatModel({ url: 'http://127.0.0.1:1/v1', model: 'm' });
    await expect(model.complete([{ role: 'user', content: 'hi' }])).rejects.toThrow(/cannot be reached/);
  });
});
