// The abilities loader against the real @reviewdesk/api-client: the session's token goes with the
// GetUserAuthDetails call, and the answer becomes abilities.
import { type ApiClient, createApiClient } from '@reviewdesk/api-client';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createAbilities } from './abilities';
import { authDetails } from './test-fixtures';
import { createUserAuthDetailsLoader, type UserAuthDetails, type UserAuthDetailsClient } from './user-auth-details';

describe('createUserAuthDetailsLoader', () => {
  it('accepts the api client', () => {
    expectTypeOf<ApiClient>().toExtend<UserAuthDetailsClient>();
  });

  it('calls GetUserAuthDetails (v1.0) with the bearer token through the api client', async () => {
    const fetch = vi.fn(async (request: Request) => {
      expect(request.method).toBe('GET');
      expect(request.url).toBe('http://localhost:8080/api/v1.0/User/GetUserAuthDetails');
      expect(request.headers.get('authorization')).toBe('Bearer token-dana');
      return Response.json(authDetails(['Task.Review']));
    });
    const api = createApiClient({ baseUrl: 'http://localhost:8080', getAccessToken: async () => 'token-dana', fetch });
    const load = createUserAuthDetailsLoader(() => api);
    const details = await load({ signal: new AbortController().signal });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(createAbilities((details as UserAuthDetails).abilities).can('Task.Review')).toBe(true);
  });

  it('fails when the call fails', async () => {
    const api = createApiClient({
      baseUrl: 'http://localhost:8080',
      getAccessToken: () => undefined,
      fetch: async () => Response.json({ message: 'no' }, { status: 401 }),
    });
    await expect(createUserAuthDetailsLoader(api)({ signal: new AbortController().signal })).rejects.toThrow();
    const plain: UserAuthDetailsClient = { GET: vi.fn(async () => ({ error: { message: 'no' } })) };
    await expect(createUserAuthDetailsLoader(plain)({ signal: new AbortController().signal })).rejects.toThrow(
      'GetUserAuthDetails failed',
    );
  });
});
