import { describe, expect, it, vi } from 'vitest';
import { createAuthMiddleware, isApiRequest } from './index.js';
import { API, record, TOKEN, testClient } from './testing/server.js';

describe('bearer token', () => {
  it('is sent on /api calls to the API origin', async () => {
    const seen = record();
    await testClient().GET('/api/v{version}/Chatbot/IsConfigured');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url.href).toBe(`${API}/api/v1/Chatbot/IsConfigured`);
    expect(seen[0]?.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('asks for the token on every request, so a renewed token is used at once', async () => {
    const seen = record();
    let token = 'first';
    const api = testClient({ getAccessToken: () => token });
    await api.GET('/api/v{version}/Chatbot/IsConfigured');
    token = 'renewed';
    await api.GET('/api/v{version}/Chatbot/IsConfigured');
    expect(seen.map((s) => s.authorization)).toEqual(['Bearer first', 'Bearer renewed']);
  });

  it('is not sent to another origin', async () => {
    const seen = record();
    const getAccessToken = vi.fn(async () => TOKEN);
    await testClient({ getAccessToken }).GET('/api/v{version}/Chatbot/IsConfigured', {
      baseUrl: 'https://storage.example.com',
    });
    expect(seen[0]?.url.origin).toBe('https://storage.example.com');
    expect(seen[0]?.authorization).toBeNull();
    expect(getAccessToken).not.toHaveBeenCalled();
  });

  it('is not sent to a path outside /api on the API origin', async () => {
    const seen = record();
    await testClient().GET('/api/v{version}/Chatbot/IsConfigured', { baseUrl: `${API}/assets` });
    expect(seen[0]?.url.pathname).toBe('/assets/api/v1/Chatbot/IsConfigured');
    expect(seen[0]?.authorization).toBeNull();
  });

  it('is not sent when no user is signed in', async () => {
    const seen = record();
    await testClient({ getAccessToken: () => null }).GET('/api/v{version}/Chatbot/IsConfigured');
    expect(seen[0]?.authorization).toBeNull();
  });

  it('follows a base URL with a path prefix', async () => {
    const seen = record();
    await testClient({ baseUrl: `${API}/portal/` }).GET('/api/v{version}/Chatbot/IsConfigured');
    expect(seen[0]?.url.href).toBe(`${API}/portal/api/v1/Chatbot/IsConfigured`);
    expect(seen[0]?.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('is added by the middleware to API requests only', async () => {
    const middleware = createAuthMiddleware(API, () => TOKEN);
    const run = async (url: string) => {
      const request = new Request(url);
      // The middleware only reads the request; the rest of openapi-fetch's callback is not used.
      await middleware.onRequest?.({ request } as never);
      return request.headers.get('authorization');
    };
    expect(await run(`${API}/api/v1/User/GetCurrentUser`)).toBe(`Bearer ${TOKEN}`);
    expect(await run(`${API}/api`)).toBe(`Bearer ${TOKEN}`);
    expect(await run(`${API}/assets/data/locales/en/translations.json`)).toBeNull();
    expect(await run(`${API}/apis/other`)).toBeNull();
    expect(await run('https://cdn.example.com/api/v1/User/GetCurrentUser')).toBeNull();
    expect(await run('http://api.reviewdesk.test/api/v1/User/GetCurrentUser')).toBeNull();
  });

  it('decides what is the API by origin and path', () => {
    expect(isApiRequest(`${API}/api/v1/x`, API)).toBe(true);
    expect(isApiRequest(`${API}:8443/api/v1/x`, API)).toBe(false);
    expect(isApiRequest(`${API}/portal/api/v1/x`, `${API}/portal`)).toBe(true);
    expect(isApiRequest(`${API}/api/v1/x`, `${API}/portal`)).toBe(false);
  });
});
