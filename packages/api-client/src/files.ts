/**
 * File answers. Calls the contract marks as files (`x-file-response`, or a binary success body)
 * resolve to a {@link FileDownload} instead of parsed JSON; its name comes from the
 * Content-Disposition header, read as RFC 6266 says.
 */

/** A file answered by the API, ready to offer as a download. */
export interface FileDownload {
  /** Name from the Content-Disposition header, or {@link DEFAULT_FILE_NAME} when it gives none. */
  fileName: string;
  /** Media type of the file (the Content-Type header), `application/octet-stream` when absent. */
  contentType: string;
  /** The file content. */
  blob: Blob;
}

/** Name given to a downloaded file when the answer does not name it. */
export const DEFAULT_FILE_NAME = 'download';

// One `name=value` parameter; the value is a quoted string (with backslash escapes) or a token.
const PARAMETER = /;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;

/**
 * The file name a Content-Disposition header carries, or undefined when it carries none.
 *
 * `filename*` (RFC 8187 extended value, UTF-8 or ISO-8859-1) wins over the plain `filename`, as
 * RFC 6266 §4.3 asks, so non-ASCII names survive servers that send both. Any directory part is
 * dropped: a header must not be able to choose where a file lands.
 *
 * @example
 * ```ts
 * parseContentDisposition(`attachment; filename="a.xlsx"; filename*=UTF-8''%C3%A9t%C3%A9.xlsx`); // 'été.xlsx'
 * ```
 */
export function parseContentDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  let plain: string | undefined;
  let extended: string | undefined;
  // Prefix with ';' so the disposition type itself is skipped and every parameter matches alike.
  for (const [, rawName = '', rawValue = ''] of `;${header.slice(header.indexOf(';') + 1)}`.matchAll(PARAMETER)) {
    const name = rawName.toLowerCase();
    const value = rawValue.trim();
    if (name === 'filename*') extended ??= decodeExtendedValue(value);
    else if (name === 'filename') plain ??= unquote(value);
  }
  const chosen = extended ?? plain;
  if (chosen === undefined) return undefined;
  const baseName = chosen.split(/[\\/]/).pop()?.trim();
  return baseName ? baseName : undefined;
}

/** Builds the {@link FileDownload} of a file answer. */
export function toFileDownload(response: Response, blob: Blob): FileDownload {
  return {
    fileName: parseContentDisposition(response.headers.get('content-disposition')) ?? DEFAULT_FILE_NAME,
    contentType: response.headers.get('content-type') || blob.type || 'application/octet-stream',
    blob,
  };
}

function unquote(value: string): string {
  return value.startsWith('"') && value.endsWith('"') && value.length >= 2
    ? value.slice(1, -1).replace(/\\(.)/g, '$1')
    : value;
}

/** Decodes `charset'language'percent-encoded`; undefined when the value is malformed. */
function decodeExtendedValue(value: string): string | undefined {
  const match = /^([^']*)'[^']*'(.*)$/.exec(unquote(value));
  if (!match) return undefined;
  const [, charset = '', encoded = ''] = match;
  try {
    switch (charset.toLowerCase()) {
      case 'utf-8':
        return decodeURIComponent(encoded);
      case 'iso-8859-1':
        // Each %XX is one Latin-1 character, which is the code point of the same number.
        return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      default:
        return undefined;
    }
  } catch {
    return undefined;
  }
}
