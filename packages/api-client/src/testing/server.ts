import { HttpResponse, http, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { type ApiClientOptions, createApiClient } from '../index.js';

export const server = setupServer();

/** The API origin every test client talks to. */
export const API = 'https://api.reviewdesk.test';
export const TOKEN = 'token-123';

/** A client on {@link API}; fetch is looked up late so MSW, installed in `beforeAll`, sees the calls. */
export function testClient(options: Partial<ApiClientOptions> = {}) {
  return createApiClient({
    baseUrl: API,
    getAccessToken: async () => TOKEN,
    fetch: (request) => globalThis.fetch(request),
    ...options,
  });
}

/** What a handler saw of one request. */
export interface Seen {
  method: string;
  url: URL;
  authorization: string | null;
  contentType: string | null;
  body: string;
}

/**
 * Answers every request to any origin with `reply` and records it, so tests can assert method,
 * URL and headers of exactly the requests a call sent.
 */
export function record(reply: (request: Request) => Response | Promise<Response> = () => HttpResponse.json(null)) {
  const seen: Seen[] = [];
  server.use(
    http.all('*', async ({ request }) => {
      seen.push({
        method: request.method,
        url: new URL(request.url),
        authorization: request.headers.get('authorization'),
        contentType: request.headers.get('content-type'),
        body: await request.clone().text(),
      });
      return reply(request);
    }),
  );
  return seen;
}

/** Shortcut: record every request and answer it with this JSON. */
export function replyJson(body: JsonBodyType, init?: ResponseInit) {
  return record(() => HttpResponse.json(body, init));
}
