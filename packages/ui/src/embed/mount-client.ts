/**
 * The API client of one mount: the host's own `client`, or one made from `baseUrl` and
 * `getAccessToken` — made again only when the host passes other connection options, so an
 * `update()` that changes only the task keeps the client (and its caches).
 */
import { type AccessTokenProvider, type ApiClient, createApiClient } from '@reviewdesk/api-client';

/** How a host connects a mount to the API. */
export interface EmbedConnection {
  client?: ApiClient;
  baseUrl?: string;
  getAccessToken?: AccessTokenProvider;
}

/** A function that gives the mount's client for its current options; `mountName` names it in errors. */
export function mountClient(mountName: string): (options: EmbedConnection) => ApiClient {
  let client: ApiClient | null = null;
  let connection: unknown[] = [];
  return (options) => {
    const now = [options.client, options.baseUrl, options.getAccessToken];
    if (!client || now.some((value, index) => value !== connection[index])) {
      client = options.client ?? createFrom(mountName, options);
      connection = now;
    }
    return client;
  };
}

function createFrom(mountName: string, options: EmbedConnection): ApiClient {
  if (!options.baseUrl || !options.getAccessToken) {
    throw new TypeError(`${mountName} needs either \`client\` or both \`baseUrl\` and \`getAccessToken\`.`);
  }
  return createApiClient({ baseUrl: options.baseUrl, getAccessToken: options.getAccessToken });
}
