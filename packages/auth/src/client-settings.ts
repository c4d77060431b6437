/**
 * Loads the SPA's OpenID Connect settings from the server (`GET /_configuration/<clientId>`),
 * so the host configures only the server's address and the server owns authority, scopes and
 * redirect URIs. A missing or incomplete configuration fails loudly with the spec's error.
 */
import { AuthError, missingConfigurationMessage } from './messages';

/** The public client id of the Reviewdesk SPA. */
export const DEFAULT_CLIENT_ID = 'reviewdesk-web';

/** The SPA settings the server returns (names as in the response). */
export interface ClientSettings {
  authority: string;
  client_id: string;
  redirect_uri: string;
  post_logout_redirect_uri: string;
  response_type: 'code';
  scope: string;
}

/** Options of {@link loadClientSettings}. */
export interface LoadClientSettingsOptions {
  /**
   * Origin (and optional path) of the Reviewdesk server, e.g. `https://reviewdesk.example.com`.
   * @default the page's origin
   */
  serverUrl?: string;
  /** @default 'reviewdesk-web' */
  clientId?: string;
  /** The fetch to use (tests, MSW, a host's instrumented fetch). @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Aborts the request. */
  signal?: AbortSignal;
}

const REQUIRED_KEYS = ['authority', 'client_id', 'redirect_uri', 'post_logout_redirect_uri', 'scope'] as const;

/** The settings URL for `clientId` on `serverUrl`. */
export function clientSettingsUrl(serverUrl: string, clientId: string = DEFAULT_CLIENT_ID): string {
  return `${serverUrl.replace(/\/+$/, '')}/_configuration/${encodeURIComponent(clientId)}`;
}

/** Checks the server's answer; throws the missing-configuration error when a field is absent or wrong. */
export function parseClientSettings(value: unknown, clientId: string = DEFAULT_CLIENT_ID): ClientSettings {
  const missing = () => new AuthError('missing-configuration', missingConfigurationMessage(clientId));
  if (typeof value !== 'object' || value === null) throw missing();
  const record = value as Record<string, unknown>;
  for (const key of REQUIRED_KEYS) {
    if (typeof record[key] !== 'string' || record[key] === '') throw missing();
  }
  // The package implements the authorization code flow with PKCE only; anything else is a misconfiguration.
  if (record.response_type !== 'code') throw missing();
  return {
    authority: record.authority as string,
    client_id: record.client_id as string,
    redirect_uri: record.redirect_uri as string,
    post_logout_redirect_uri: record.post_logout_redirect_uri as string,
    response_type: 'code',
    scope: record.scope as string,
  };
}

/**
 * Fetches and validates the SPA settings.
 *
 * @throws {@link AuthError} `missing-configuration` ("The client configuration for 'reviewdesk-web' is missing.")
 * when the server answers 404, another error status, a non-JSON body or an incomplete object.
 * @example const settings = await loadClientSettings({ serverUrl: 'https://reviewdesk.example.com' });
 */
export async function loadClientSettings(options: LoadClientSettingsOptions = {}): Promise<ClientSettings> {
  const clientId = options.clientId ?? DEFAULT_CLIENT_ID;
  const serverUrl = options.serverUrl ?? globalThis.location?.origin ?? '';
  const doFetch = options.fetch ?? globalThis.fetch;
  const url = clientSettingsUrl(serverUrl, clientId);
  const message = missingConfigurationMessage(clientId);
  let response: Response;
  try {
    response = await doFetch(url, { headers: { accept: 'application/json' }, signal: options.signal ?? null });
  } catch (cause) {
    throw new AuthError('missing-configuration', message, { cause });
  }
  if (!response.ok) {
    throw new AuthError('missing-configuration', message, {
      cause: new Error(`GET ${url} answered ${response.status}`),
    });
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw new AuthError('missing-configuration', message, { cause });
  }
  return parseClientSettings(body, clientId);
}
