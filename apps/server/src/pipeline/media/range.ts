// Serves a media file with HTTP range requests (RFC 9110 §14), which the <audio>/<video> elements
// use to seek and which TranscriptData.urlResult promises. Pure: it returns status, headers and a
// file stream; the HTTP layer writes them. Decisions, documented because clients differ:
// - no Range, or a unit other than `bytes` → 200 with the whole file (RFC: ignore what you don't know);
// - several ranges (`bytes=0-1,5-9`) → 200 with the whole file rather than multipart/byteranges,
//   which no media element needs;
// - a malformed `bytes=` value or a range that starts past the end → 416 with `Content-Range: bytes */size`.
import { createReadStream, type ReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { MediaError } from './errors.js';

export interface RangeResponse {
  status: 200 | 206 | 416;
  headers: Record<string, string>;
  /** The bytes to send; null for 416. */
  stream: ReadStream | null;
}

const CONTENT_TYPES: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.ogg': 'audio/ogg',
  '.oga': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.flac': 'audio/flac',
  '.weba': 'audio/webm',
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
  '.ogv': 'video/ogg',
  '.json': 'application/json',
};

/** Media type from the file extension; `application/octet-stream` when unknown. */
export function contentTypeOf(filePath: string): string {
  return CONTENT_TYPES[extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

export type ParsedRange = { kind: 'none' } | { kind: 'range'; start: number; end: number } | { kind: 'unsatisfiable' };

/** Interprets a Range header against a file size (inclusive byte positions). */
export function parseRange(header: string | null | undefined, size: number): ParsedRange {
  if (!header) return { kind: 'none' };
  const match = /^\s*([A-Za-z]+)\s*=\s*(.*)$/.exec(header);
  if (!match) return { kind: 'unsatisfiable' };
  const [, unit = '', spec = ''] = match;
  if (unit.toLowerCase() !== 'bytes') return { kind: 'none' };
  if (spec.includes(',')) return { kind: 'none' };
  const parts = /^\s*(\d*)\s*-\s*(\d*)\s*$/.exec(spec);
  if (!parts) return { kind: 'unsatisfiable' };
  const [, first = '', last = ''] = parts;
  if (first === '' && last === '') return { kind: 'unsatisfiable' };
  if (first === '') {
    // Suffix range: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || (last !== '' && Number(last) < start)) return { kind: 'unsatisfiable' };
  return { kind: 'range', start, end };
}

/**
 * Answers a GET for a media file with optional Range header.
 * @throws MediaError `not-found` when the file is missing.
 */
export async function serveRange(
  filePath: string,
  rangeHeader: string | null | undefined,
  options: { contentType?: string } = {},
): Promise<RangeResponse> {
  const info = await stat(filePath).catch(() => null);
  if (!info?.isFile()) throw new MediaError('not-found', 'The media file does not exist.');
  const size = info.size;
  const common = {
    'Accept-Ranges': 'bytes',
    'Content-Type': options.contentType ?? contentTypeOf(filePath),
    'Last-Modified': info.mtime.toUTCString(),
  };
  const range = parseRange(rangeHeader, size);
  if (range.kind === 'unsatisfiable') {
    return {
      status: 416,
      headers: { ...common, 'Content-Range': `bytes */${size}`, 'Content-Length': '0' },
      stream: null,
    };
  }
  if (range.kind === 'none') {
    return { status: 200, headers: { ...common, 'Content-Length': String(size) }, stream: createReadStream(filePath) };
  }
  return {
    status: 206,
    headers: {
      ...common,
      'Content-Range': `bytes ${range.start}-${range.end}/${size}`,
      'Content-Length': String(range.end - range.start + 1),
    },
    stream: createReadStream(filePath, { start: range.start, end: range.end }),
  };
}
