// Test support: paths of the shared fixtures (fixtures/SOURCES.md) and temp-file helpers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture } from '../../testing/fixtures.js';

export { FIXTURES, fixture } from '../../testing/fixtures.js';

export const JFK_WAV = fixture('audio/jfk.wav');
export const JFK_MP3 = fixture('audio/jfk.mp3');
export const JFK_MP4 = fixture('video/jfk.mp4');
export const STEREO_WAV = fixture('audio/stereo_two_speakers.wav');
export const DIGITS_WAV = fixture('audio/vosk_digits_10001-90210-01803.wav');

/** A temp folder removed by the returned cleanup. */
export function tempFolder(prefix = 'reviewdesk-media-'): { path: string; cleanup: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, cleanup: () => rmSync(path, { recursive: true, force: true }) };
}
