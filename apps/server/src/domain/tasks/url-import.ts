// A new task's file from a URL: downloaded into storage, never from the server's own network
// (unless URL_IMPORT_ALLOW_PRIVATE=true), following at most 3 redirects, within the size limit.
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { assertPublicHost } from '../../connectors/public-address.js';
import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { BlobStorage } from '../../storage/blob-storage.js';
import { FileTooLargeError, ingest } from '../../storage/ingest.js';
import { cleanFileName, tooLarge } from './accepted-files.js';
import { fail } from './command-results.js';
import type { ReceivedFile } from './import.js';

function nameFromResponse(response: Response, url: URL): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  let name = '';
  try {
    name = star?.[1]
      ? decodeURIComponent(star[1])
      : (plain?.[1] ?? decodeURIComponent(url.pathname.split('/').pop() ?? ''));
  } catch {
    name = url.pathname.split('/').pop() ?? '';
  }
  return cleanFileName(name) || url.hostname;
}

/** Downloads the file at `url` into storage, following at most 3 redirects. */
export async function fetchIntoStorage(storage: BlobStorage, rawUrl: string, maxBytes: number): Promise<ReceivedFile> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw fail(TaskErrorCode.BlobStorageUrlError, 'The url is not valid.');
  }
  for (let hop = 0; hop < 4; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw fail(TaskErrorCode.BlobStorageUrlError, 'Only http and https URLs can be imported.');
    }
    try {
      await assertPublicHost(url);
    } catch {
      throw fail(TaskErrorCode.BlobStorageUrlError, `The file at ${url.host} cannot be reached from the server.`);
    }
    let response: Response;
    try {
      response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(60_000) });
    } catch {
      throw fail(TaskErrorCode.BlobStorageUrlError, `The file at ${url.host} could not be downloaded.`);
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url);
      continue;
    }
    if (!response.ok || !response.body) {
      throw fail(TaskErrorCode.BlobStorageUrlError, `Downloading the file failed with status ${response.status}.`);
    }
    const length = Number(response.headers.get('content-length'));
    if (Number.isFinite(length) && length > maxBytes) {
      await response.body.cancel();
      throw tooLarge(maxBytes);
    }
    const fileName = nameFromResponse(response, url);
    try {
      const stored = await ingest(storage, Readable.fromWeb(response.body as WebReadableStream), maxBytes);
      return { ...stored, fileName };
    } catch (error) {
      if (error instanceof FileTooLargeError) throw tooLarge(maxBytes);
      throw fail(TaskErrorCode.BlobStorageUrlError, `The file at ${url.host} could not be downloaded.`);
    }
  }
  throw fail(TaskErrorCode.BlobStorageUrlError, 'The url redirects too often.');
}
