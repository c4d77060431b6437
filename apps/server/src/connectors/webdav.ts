// A WebDAV server as a connector (RFC 4918): PROPFIND with Depth 1 lists a folder, GET reads a
// file, PUT writes one. The connection's hostname is the base URL of the collection
// (`https://files.example.com/dav/`), its client id and secret the Basic credentials.
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { XMLParser } from 'fast-xml-parser';
import type { ExternalStorageErrorCode } from '../contract/generated/enums.js';
import {
  type Connector,
  ConnectorError,
  type ConnectorItem,
  joinPath,
  normalisePath,
  STORAGE_ERROR,
} from './connector.js';
import { assertPublicHost } from './public-address.js';

export interface WebDavSettings {
  baseUrl: string;
  userName: string;
  password: string;
}

const PROPFIND_BODY = `<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:"><d:prop><d:displayname/><d:resourcetype/><d:getcontentlength/><d:getcontenttype/><d:getlastmodified/></d:prop></d:propfind>`;

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (name) => name === 'response' || name === 'propstat',
});

type Prop = {
  displayname?: string;
  resourcetype?: { collection?: unknown } | string;
  getcontentlength?: string;
  getcontenttype?: string;
  getlastmodified?: string;
};
type DavResponse = { href: string; propstat?: Array<{ prop?: Prop; status?: string }> };

export function webDavConnector(settings: WebDavSettings): Connector {
  let base: URL;
  try {
    base = new URL(settings.baseUrl.endsWith('/') ? settings.baseUrl : `${settings.baseUrl}/`);
    if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error('not http');
  } catch {
    throw new ConnectorError(STORAGE_ERROR.CouldNotGetConfiguration, 'The WebDAV address must be an http(s) URL.');
  }
  const authorization = `Basic ${Buffer.from(`${settings.userName}:${settings.password}`).toString('base64')}`;
  const urlOf = (path: string) =>
    new URL(normalisePath(path).split('/').filter(Boolean).map(encodeURIComponent).join('/'), base);

  async function request(
    url: URL,
    init: RequestInit,
    failure: ExternalStorageErrorCode,
    what: string,
  ): Promise<Response> {
    let response: Response;
    try {
      await assertPublicHost(url);
      response = await fetch(url, { ...init, redirect: 'error', headers: { authorization, ...init.headers } });
    } catch {
      throw new ConnectorError(
        STORAGE_ERROR.CouldNotCreateClient,
        `The WebDAV server at ${base.origin} cannot be reached.`,
      );
    }
    if (response.status === 401 || response.status === 403) {
      throw new ConnectorError(STORAGE_ERROR.CouldNotCreateClient, 'The WebDAV server refused the credentials.');
    }
    if (response.status === 423) {
      throw new ConnectorError(STORAGE_ERROR.CouldNotUploadFileAccessIsLock, `${what}: the file is locked.`);
    }
    if (!response.ok) throw new ConnectorError(failure, `${what}: the WebDAV server answered ${response.status}.`);
    return response;
  }

  const pathOfHref = (href: string) => {
    const path = decodeURIComponent(new URL(href, base).pathname);
    const root = decodeURIComponent(base.pathname);
    return normalisePath(path.startsWith(root) ? path.slice(root.length) : path);
  };

  return {
    async list(folderPath) {
      const folder = normalisePath(folderPath);
      const response = await request(
        urlOf(folder),
        {
          method: 'PROPFIND',
          headers: { depth: '1', 'content-type': 'application/xml; charset=utf-8' },
          body: PROPFIND_BODY,
        },
        STORAGE_ERROR.CouldNotGetItems,
        `Listing ${folder}`,
      );
      const xml = parser.parse(await response.text()) as { multistatus?: { response?: DavResponse[] } };
      const items: ConnectorItem[] = [];
      for (const entry of xml.multistatus?.response ?? []) {
        const path = pathOfHref(entry.href);
        if (path === folder) continue;
        const prop =
          entry.propstat?.find((p) => /\s200\s/.test(` ${p.status ?? ''} `))?.prop ?? entry.propstat?.[0]?.prop ?? {};
        const isFolder =
          typeof prop.resourcetype === 'object' && prop.resourcetype !== null && 'collection' in prop.resourcetype;
        const name = path.slice(path.lastIndexOf('/') + 1);
        const modified = prop.getlastmodified ? new Date(prop.getlastmodified) : null;
        items.push({
          id: path,
          name,
          isFolder,
          folderPath: folder,
          size: isFolder || !prop.getcontentlength ? null : Number(prop.getcontentlength),
          mimeType: isFolder ? null : (prop.getcontenttype ?? null),
          webUrl: urlOf(path).href,
          lastModifiedDateTime: modified && !Number.isNaN(modified.getTime()) ? modified.toISOString() : null,
          lastModifiedUserDisplayName: null,
        });
      }
      return items.sort((a, b) => Number(b.isFolder) - Number(a.isFolder) || a.name.localeCompare(b.name));
    },

    async download(id) {
      const path = normalisePath(id);
      const name = path.slice(path.lastIndexOf('/') + 1);
      if (!name) throw new ConnectorError(STORAGE_ERROR.CouldNotGetItem, 'The root folder is not a file.');
      const response = await request(urlOf(path), { method: 'GET' }, STORAGE_ERROR.CouldNotGetItem, `Reading ${path}`);
      if (!response.body) throw new ConnectorError(STORAGE_ERROR.CouldNotGetItem, `Reading ${path}: no content.`);
      return { name, stream: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>) };
    },

    async upload(folderPath, fileName, content) {
      const folder = normalisePath(folderPath);
      const path = joinPath(folder, fileName.replace(/[\\/]/g, '_'));
      await request(
        urlOf(path),
        { method: 'PUT', body: new Uint8Array(content), headers: { 'content-type': 'application/octet-stream' } },
        STORAGE_ERROR.CouldNotUploadFile,
        `Writing ${path}`,
      );
      return {
        id: path,
        name: path.slice(path.lastIndexOf('/') + 1),
        isFolder: false,
        folderPath: folder,
        size: content.length,
        mimeType: null,
        webUrl: urlOf(path).href,
        lastModifiedDateTime: new Date().toISOString(),
        lastModifiedUserDisplayName: null,
      };
    },
  };
}
