// SharePoint document libraries through Microsoft Graph, as a connector. The application signs in
// with client credentials (the connection's client id and secret) at the Microsoft identity
// platform of the directory that owns the site (`contoso.sharepoint.com` → `contoso.onmicrosoft.com`),
// finds the site (`defaultSite`, e.g. `sites/Finance`, or the root site) and its library (`driveId`,
// or the site's default library), and then speaks the drive-item API: children of a folder page by
// page (`@odata.nextLink`), `/content` to read a file, a simple PUT upload to write a small one and
// an upload session (chunks of 320 KiB multiples) for a larger one. A throttled call (429, or 503
// from a busy service) is sent again after the Retry-After Graph gives, a few times.
// https://learn.microsoft.com/graph/api/driveitem-list-children
// https://learn.microsoft.com/graph/api/driveitem-createuploadsession
// https://learn.microsoft.com/graph/throttling
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { ExternalStorageErrorCode } from '../contract/generated/enums.js';
import {
  type Connector,
  ConnectorError,
  type ConnectorItem,
  joinPath,
  normalisePath,
  STORAGE_ERROR,
} from './connector.js';

export interface GraphSettings {
  hostname: string;
  clientId: string;
  clientSecret: string;
  /** Server-relative site path (`sites/Finance`); the root site when null. */
  defaultSite: string | null;
  /** The document library; the site's default library when null. */
  driveId: string | null;
}

/** Where Graph and the identity platform are (the public cloud, a national cloud, or in tests a replay of recorded answers). */
export interface GraphEndpoints {
  graph: string;
  login: string;
}

export const MICROSOFT_CLOUD: GraphEndpoints = {
  graph: 'https://graph.microsoft.com/v1.0',
  login: 'https://login.microsoftonline.com',
};

/** How a throttled call is sent again; the wait is injectable so tests need not sleep. */
export interface GraphRetry {
  /** Further tries after the first (Graph's guidance: honour Retry-After, give up eventually). */
  attempts: number;
  /** Wait when Graph names none: this many ms, doubled each time. */
  fallbackMs: number;
  /** The longest wait honoured; a longer Retry-After fails the call instead of holding a worker. */
  maxWaitMs: number;
  sleep: (ms: number) => Promise<void>;
}

export const GRAPH_RETRY: GraphRetry = {
  attempts: 4,
  fallbackMs: 1_000,
  maxWaitMs: 60_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Files above this size go through an upload session (Graph's guidance for simple uploads: up to 4 MB). */
export const SIMPLE_UPLOAD_LIMIT = 4 * 1024 * 1024;
/** Each chunk of an upload session: a multiple of 320 KiB, as Graph requires (10 × 320 KiB). */
export const UPLOAD_CHUNK = 10 * 320 * 1024;

const THROTTLED = new Set([429, 503]);

/** Retry-After in ms (seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Graph's driveItem, the properties used here. */
interface DriveItem {
  id: string;
  name: string;
  size?: number;
  webUrl?: string;
  lastModifiedDateTime?: string;
  lastModifiedBy?: { user?: { displayName?: string } };
  parentReference?: { path?: string };
  folder?: { childCount?: number };
  file?: { mimeType?: string };
}

/** `contoso.sharepoint.com` → `contoso.onmicrosoft.com`, the directory that signs the application in. */
export function directoryOf(hostname: string): string {
  const host = hostname
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '');
  const match = /^([a-z0-9-]+?)(-my)?\.sharepoint\.(com|us|de|cn)$/.exec(host);
  if (!match) {
    throw new ConnectorError(
      STORAGE_ERROR.CouldNotGetConfiguration,
      `${hostname} is not a SharePoint host name such as contoso.sharepoint.com.`,
    );
  }
  return `${match[1]}.onmicrosoft.com`;
}

/** The folder path of a driveItem's parentReference.path (`/drives/{id}/root:/Invoices` → `/Invoices`). */
const folderOf = (parentPath: string | undefined) =>
  normalisePath(decodeURIComponent((parentPath ?? '').replace(/^.*?root:?/, '')));

const toItem = (item: DriveItem): ConnectorItem => ({
  id: item.id,
  name: item.name,
  isFolder: item.folder !== undefined,
  folderPath: folderOf(item.parentReference?.path),
  size: item.folder ? null : (item.size ?? null),
  mimeType: item.file?.mimeType ?? null,
  webUrl: item.webUrl ?? null,
  lastModifiedDateTime: item.lastModifiedDateTime ?? null,
  lastModifiedUserDisplayName: item.lastModifiedBy?.user?.displayName ?? null,
});

/** `/Invoices/2026` → `root:/Invoices/2026:` (each segment encoded), the root → `root`. */
function itemAddress(path: string): string {
  const clean = normalisePath(path);
  if (clean === '/') return 'root';
  return `root:${clean.split('/').map(encodeURIComponent).join('/')}:`;
}

export function graphConnector(
  settings: GraphSettings,
  endpoints: GraphEndpoints,
  retry: GraphRetry = GRAPH_RETRY,
): Connector {
  const directory = directoryOf(settings.hostname);
  let token: { value: string; until: number } | undefined;
  let driveId: string | undefined;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now() + 60_000) return token.value;
    let response: Response;
    try {
      response = await fetch(`${endpoints.login}/${encodeURIComponent(directory)}/oauth2/v2.0/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
          scope: `${new URL(endpoints.graph).origin}/.default`,
        }),
      });
    } catch {
      throw new ConnectorError(
        STORAGE_ERROR.CouldNotCreateClient,
        'The Microsoft identity platform cannot be reached.',
      );
    }
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error_description?: string;
    };
    if (!response.ok || !body.access_token) {
      const why = body.error_description?.split(/\r?\n/)[0] ?? `it answered ${response.status}`;
      throw new ConnectorError(
        STORAGE_ERROR.CouldNotCreateClient,
        `The application could not sign in to ${directory}: ${why}`,
      );
    }
    token = { value: body.access_token, until: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return token.value;
  }

  async function call(
    pathOrUrl: string,
    init: RequestInit,
    failure: ExternalStorageErrorCode,
    what: string,
  ): Promise<Response> {
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${endpoints.graph}${pathOrUrl}`;
    // Paging links must stay on Graph: a forged nextLink must not carry the token elsewhere.
    if (!url.startsWith(`${endpoints.graph}/`))
      throw new ConnectorError(failure, `${what}: an unexpected address ${url}.`);
    const response = await throttled(
      async () => fetch(url, { ...init, headers: { authorization: `Bearer ${await accessToken()}`, ...init.headers } }),
      failure,
      what,
    );
    if (response.status === 423)
      throw new ConnectorError(STORAGE_ERROR.CouldNotUploadFileAccessIsLock, `${what}: the file is locked.`);
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { error?: { message?: string } };
      throw new ConnectorError(
        failure,
        `${what}: ${body.error?.message ?? `Microsoft Graph answered ${response.status}`}.`,
      );
    }
    return response;
  }

  /** Sends a request, again after Graph's Retry-After while it answers 429/503. */
  async function throttled(
    send: () => Promise<Response>,
    failure: ExternalStorageErrorCode,
    what: string,
  ): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await send();
      } catch (error) {
        if (error instanceof ConnectorError) throw error;
        throw new ConnectorError(failure, `${what}: Microsoft Graph cannot be reached.`);
      }
      if (!THROTTLED.has(response.status)) return response;
      const wait = retryAfterMs(response.headers.get('retry-after')) ?? retry.fallbackMs * 2 ** attempt;
      if (attempt >= retry.attempts || wait > retry.maxWaitMs) {
        throw new ConnectorError(
          failure,
          `${what}: Microsoft Graph is throttling this application (answered ${response.status}${
            attempt > 0 ? ` ${attempt + 1} times` : ''
          }); try again later.`,
        );
      }
      await response.body?.cancel();
      await retry.sleep(wait);
    }
  }

  /**
   * A large file through an upload session: the session's URL is pre-authenticated and lives on
   * the SharePoint host, so the token is never sent there; chunks go one after the other with
   * their Content-Range, and a failed upload cancels its session.
   */
  async function uploadInSession(path: string, content: Buffer): Promise<Response> {
    const what = `Writing ${path}`;
    const session = (await (
      await call(
        `/drives/${await drive()}/${itemAddress(path)}/createUploadSession`,
        {
          method: 'POST',
          body: JSON.stringify({ item: { '@microsoft.graph.conflictBehavior': 'replace' } }),
          headers: { 'content-type': 'application/json' },
        },
        STORAGE_ERROR.CouldNotUploadFile,
        what,
      )
    ).json()) as { uploadUrl?: string };
    const uploadUrl = session.uploadUrl ?? '';
    if (!isUploadAddress(uploadUrl))
      throw new ConnectorError(STORAGE_ERROR.CouldNotUploadFile, `${what}: an unexpected upload address ${uploadUrl}.`);
    try {
      for (let start = 0; ; start += UPLOAD_CHUNK) {
        const chunk = content.subarray(start, start + UPLOAD_CHUNK);
        const end = start + chunk.length - 1;
        const response = await throttled(
          () =>
            fetch(uploadUrl, {
              method: 'PUT',
              body: new Uint8Array(chunk),
              headers: { 'content-range': `bytes ${start}-${end}/${content.length}` },
            }),
          STORAGE_ERROR.CouldNotUploadFile,
          what,
        );
        if (response.status === 200 || response.status === 201) return response;
        if (response.status !== 202 || end + 1 >= content.length) {
          const body = (await response.json().catch(() => ({}))) as { error?: { message?: string } };
          throw new ConnectorError(
            response.status === 423 ? STORAGE_ERROR.CouldNotUploadFileAccessIsLock : STORAGE_ERROR.CouldNotUploadFile,
            `${what}: ${body.error?.message ?? `the upload session answered ${response.status}`}.`,
          );
        }
        await response.body?.cancel();
      }
    } catch (error) {
      await fetch(uploadUrl, { method: 'DELETE' }).catch(() => undefined);
      throw error;
    }
  }

  /** An upload session's URL is on the site's SharePoint host (or on Graph itself), nowhere else. */
  function isUploadAddress(address: string): boolean {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      return false;
    }
    if (url.origin === new URL(endpoints.graph).origin) return true;
    const tenant = directory.replace(/\.onmicrosoft\.com$/, '');
    return (
      url.protocol === 'https:' && new RegExp(`^${tenant}(-my)?\\.sharepoint\\.(com|us|de|cn)$`).test(url.hostname)
    );
  }

  async function drive(): Promise<string> {
    if (driveId) return driveId;
    if (settings.driveId) {
      driveId = settings.driveId;
      return driveId;
    }
    const host = settings.hostname
      .trim()
      .toLowerCase()
      .replace(/^https?:\/\//, '')
      .replace(/\/.*$/, '');
    const sitePath = settings.defaultSite?.replace(/^\/+|\/+$/g, '');
    const site = (await (
      await call(
        `/sites/${host}${sitePath ? `:/${sitePath}` : ''}`,
        {},
        STORAGE_ERROR.CouldNotGetSite,
        `Opening the site ${host}/${sitePath ?? ''}`,
      )
    ).json()) as { id: string };
    const library = (await (
      await call(`/sites/${site.id}/drive`, {}, STORAGE_ERROR.CouldNotGetSite, 'Opening the document library')
    ).json()) as { id: string };
    driveId = library.id;
    return driveId;
  }

  return {
    async list(folderPath) {
      const folder = normalisePath(folderPath);
      const items: ConnectorItem[] = [];
      let next: string | undefined = `/drives/${await drive()}/${itemAddress(folder)}/children?$top=200`;
      while (next) {
        const page = (await (await call(next, {}, STORAGE_ERROR.CouldNotGetItems, `Listing ${folder}`)).json()) as {
          value: DriveItem[];
          '@odata.nextLink'?: string;
        };
        items.push(...page.value.map(toItem));
        next = page['@odata.nextLink'];
      }
      return items;
    },

    async download(id) {
      const address = `/drives/${await drive()}/items/${encodeURIComponent(id)}`;
      const item = (await (
        await call(address, {}, STORAGE_ERROR.CouldNotGetItem, `Reading the item ${id}`)
      ).json()) as DriveItem;
      if (item.folder) throw new ConnectorError(STORAGE_ERROR.CouldNotGetItem, `${item.name} is a folder, not a file.`);
      // Graph answers 302 to a pre-authenticated download URL; fetch follows it.
      const response = await call(`${address}/content`, {}, STORAGE_ERROR.CouldNotGetItem, `Reading ${item.name}`);
      if (!response.body) throw new ConnectorError(STORAGE_ERROR.CouldNotGetItem, `Reading ${item.name}: no content.`);
      return { name: item.name, stream: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>) };
    },

    async upload(folderPath, fileName, content) {
      const path = joinPath(normalisePath(folderPath), fileName.replace(/[\\/:*?"<>|]/g, '_'));
      if (content.length > SIMPLE_UPLOAD_LIMIT)
        return toItem((await (await uploadInSession(path, content)).json()) as DriveItem);
      const response = await call(
        `/drives/${await drive()}/${itemAddress(path)}/content`,
        { method: 'PUT', body: new Uint8Array(content), headers: { 'content-type': 'application/octet-stream' } },
        STORAGE_ERROR.CouldNotUploadFile,
        `Writing ${path}`,
      );
      return toItem((await response.json()) as DriveItem);
    },
  };
}
