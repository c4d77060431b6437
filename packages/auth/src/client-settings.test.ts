import { describe, expect, it, vi } from 'vitest';
import { clientSettingsUrl, loadClientSettings, parseClientSettings } from './client-settings';
import { AuthError } from './messages';

const settings = {
  authority: 'http://localhost:8080',
  client_id: 'reviewdesk-web',
  redirect_uri: 'http://localhost:8080/authentication/login-callback',
  post_logout_redirect_uri: 'http://localhost:8080/authentication/logout-callback',
  response_type: 'code',
  scope: 'openid profile api',
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const MISSING = "The client configuration for 'reviewdesk-web' is missing.";

describe('loadClientSettings', () => {
  it('fetches /_configuration/reviewdesk-web from the server', async () => {
    const fetch = vi.fn(async () => json(settings));
    await expect(loadClientSettings({ serverUrl: 'http://localhost:8080/', fetch })).resolves.toEqual(settings);
    expect(fetch).toHaveBeenCalledWith('http://localhost:8080/_configuration/reviewdesk-web', expect.anything());
  });

  it('raises the missing-configuration error on 404', async () => {
    const fetch = vi.fn(async () => new Response('Not found', { status: 404 }));
    const error = await loadClientSettings({ serverUrl: 'http://x', fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ code: 'missing-configuration', message: MISSING });
  });

  it('raises it for an incomplete or non-code configuration, and for a non-JSON body', async () => {
    const { scope: _scope, ...incomplete } = settings;
    await expect(loadClientSettings({ fetch: async () => json(incomplete) })).rejects.toThrow(MISSING);
    await expect(
      loadClientSettings({ fetch: async () => json({ ...settings, response_type: 'token' }) }),
    ).rejects.toThrow(MISSING);
    await expect(loadClientSettings({ fetch: async () => new Response('<html>') })).rejects.toThrow(MISSING);
  });

  it('names the client it looked for and keeps the network failure as cause', async () => {
    const failure = new TypeError('Failed to fetch');
    const error = await loadClientSettings({
      clientId: 'partner-portal',
      fetch: async () => {
        throw failure;
      },
    }).catch((e: unknown) => e as AuthError);
    expect((error as AuthError).message).toBe("The client configuration for 'partner-portal' is missing.");
    expect((error as AuthError).cause).toBe(failure);
  });

  it('builds the settings URL and parses a plain object', () => {
    expect(clientSettingsUrl('https://rd.example.com', 'a b')).toBe('https://rd.example.com/_configuration/a%20b');
    expect(parseClientSettings({ ...settings, extra: true })).toEqual(settings);
    expect(() => parseClientSettings(null)).toThrow(MISSING);
  });
});
