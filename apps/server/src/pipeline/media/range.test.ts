import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MediaError } from './errors.js';
import { parseRange, serveRange } from './range.js';
import { JFK_MP3, JFK_MP4 } from './test-fixtures.js';

const MP3 = readFileSync(JFK_MP3);
const SIZE = MP3.length;

async function body(stream: Readable | null): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream ?? []) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('parseRange', () => {
  it.each([
    ['bytes=0-99', { kind: 'range', start: 0, end: 99 }],
    ['bytes=100-', { kind: 'range', start: 100, end: 999 }],
    ['bytes=-10', { kind: 'range', start: 990, end: 999 }],
    ['bytes=-5000', { kind: 'range', start: 0, end: 999 }],
    ['bytes=990-5000', { kind: 'range', start: 990, end: 999 }],
    ['BYTES = 5-6', { kind: 'range', start: 5, end: 6 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=5-4', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=-', { kind: 'unsatisfiable' }],
    ['bytes=abc', { kind: 'unsatisfiable' }],
    ['garbage', { kind: 'unsatisfiable' }],
    ['items=0-5', { kind: 'none' }],
    ['bytes=0-1,5-6', { kind: 'none' }],
    ['', { kind: 'none' }],
  ])('%s', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
});

describe('serveRange', () => {
  it('serves the whole file without Range', async () => {
    const response = await serveRange(JFK_MP3, undefined);
    expect(response.status).toBe(200);
    expect(response.headers).toMatchObject({
      'Accept-Ranges': 'bytes',
      'Content-Type': 'audio/mpeg',
      'Content-Length': String(SIZE),
    });
    expect((await body(response.stream)).equals(MP3)).toBe(true);
  });

  it('serves the first bytes', async () => {
    const response = await serveRange(JFK_MP3, 'bytes=0-1023');
    expect(response.status).toBe(206);
    expect(response.headers['Content-Range']).toBe(`bytes 0-1023/${SIZE}`);
    expect(response.headers['Content-Length']).toBe('1024');
    expect((await body(response.stream)).equals(MP3.subarray(0, 1024))).toBe(true);
  });

  it('serves a suffix range', async () => {
    const response = await serveRange(JFK_MP3, 'bytes=-500');
    expect(response.status).toBe(206);
    expect(response.headers['Content-Range']).toBe(`bytes ${SIZE - 500}-${SIZE - 1}/${SIZE}`);
    expect((await body(response.stream)).equals(MP3.subarray(SIZE - 500))).toBe(true);
  });

  it('serves an open-ended range', async () => {
    const response = await serveRange(JFK_MP3, 'bytes=70000-');
    expect(response.status).toBe(206);
    expect(response.headers['Content-Length']).toBe(String(SIZE - 70000));
    expect((await body(response.stream)).equals(MP3.subarray(70000))).toBe(true);
  });

  it('answers 416 for a range past the end or a malformed one', async () => {
    for (const header of [`bytes=${SIZE}-`, 'bytes=oops']) {
      const response = await serveRange(JFK_MP3, header);
      expect(response.status).toBe(416);
      expect(response.headers['Content-Range']).toBe(`bytes */${SIZE}`);
      expect(response.stream).toBeNull();
    }
  });

  it('labels video and throws for a missing file', async () => {
    expect((await serveRange(JFK_MP4, 'bytes=0-0')).headers['Content-Type']).toBe('video/mp4');
    await expect(serveRange('/nonexistent/file.mp3', null)).rejects.toBeInstanceOf(MediaError);
  });
});
