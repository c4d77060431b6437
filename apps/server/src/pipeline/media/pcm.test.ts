import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MediaError } from './errors.js';
import { convertToWav, decodeToPcm, int16Frames } from './pcm.js';
import { probeMedia } from './probe.js';
import { fixture, JFK_MP4, JFK_WAV, STEREO_WAV, tempFolder } from './test-fixtures.js';

const temp = tempFolder();
afterAll(temp.cleanup);

async function collect(source: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const rms = (samples: Int16Array) =>
  Math.sqrt(samples.reduce((sum, v) => sum + v * v, 0) / Math.max(1, samples.length));

describe('decodeToPcm', () => {
  it('decodes a 16 kHz mono WAV bit-exactly', async () => {
    const pcm = await collect(decodeToPcm(JFK_WAV));
    const wav = readFileSync(JFK_WAV);
    expect(pcm.length).toBe(176_000 * 2);
    expect(pcm.equals(wav.subarray(wav.length - pcm.length))).toBe(true);
  });

  it('decodes only a range when one is given, sample-exactly for a WAV', async () => {
    const whole = await collect(decodeToPcm(JFK_WAV));
    const part = await collect(decodeToPcm(JFK_WAV, { range: { startSeconds: 2, durationSeconds: 3.5 } }));
    expect(part.length).toBe(3.5 * 16_000 * 2);
    expect(part.equals(whole.subarray(2 * 16_000 * 2, 5.5 * 16_000 * 2))).toBe(true);
    // A range past the end is cut at the end of the file.
    const tail = await collect(decodeToPcm(JFK_WAV, { range: { startSeconds: 10, durationSeconds: 60 } }));
    expect(tail.length).toBe(whole.length - 10 * 16_000 * 2);
    await expect(collect(decodeToPcm(JFK_WAV, { range: { startSeconds: 1, durationSeconds: 0 } }))).rejects.toThrow(
      RangeError,
    );
  });

  it('decodes the audio of a video to 16 kHz mono', async () => {
    const pcm = await collect(decodeToPcm(JFK_MP4));
    expect(pcm.length / 2 / 16_000).toBeCloseTo(11, 0);
  });

  it('keeps one channel of a stereo file', async () => {
    const right = new Int16Array(new Uint8Array(await collect(decodeToPcm(STEREO_WAV, { channels: 1 }))).buffer);
    const left = new Int16Array(new Uint8Array(await collect(decodeToPcm(STEREO_WAV, { channels: 0 }))).buffer);
    expect(right.length).toBe(80_000);
    // The right-hand speaker stops talking at about 2.5 s; the left one goes on.
    expect(rms(right.subarray(48_000))).toBeLessThan(10);
    expect(rms(left.subarray(48_000))).toBeGreaterThan(300);
  });

  it('throws a typed error for a damaged file once the stream ends', async () => {
    const error = await collect(decodeToPcm(fixture('edge_cases/pdf/crazyones.pdf'))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).code).toBe('corrupt');
  });

  it('reports a file without audio as unsupported', async () => {
    const error = await collect(decodeToPcm(fixture('edge_cases/images/exif_orientation_6.jpg'))).catch(
      (e: unknown) => e,
    );
    expect((error as MediaError).code).toBe('unsupported');
  });

  it('stops ffmpeg when the consumer stops early', async () => {
    let chunks = 0;
    for await (const _ of decodeToPcm(JFK_MP4)) if (++chunks === 1) break;
    expect(chunks).toBe(1); // and the test does not hang on a live child
  });

  it('cancels on an abort signal', async () => {
    const controller = new AbortController();
    const consume = collect(decodeToPcm(JFK_MP4, { sampleRate: 48_000, signal: controller.signal }));
    controller.abort();
    const error = await consume.catch((e: unknown) => e);
    expect((error as MediaError).code).toBe('aborted');
  });

  it('writes a 16 kHz mono WAV for uploads', async () => {
    const out = join(temp.path, 'out.wav');
    await convertToWav(JFK_MP4, out);
    const info = await probeMedia(out);
    expect(info.audio[0]).toMatchObject({ codec: 'pcm_s16le', sampleRate: 16_000, channels: 1 });
  });

  it('writes only the range of a WAV when one is given', async () => {
    const out = join(temp.path, 'range.wav');
    await convertToWav(JFK_MP4, out, { range: { startSeconds: 4, durationSeconds: 5 } });
    expect((await probeMedia(out)).durationSeconds).toBeCloseTo(5, 1);
  });
});

describe('int16Frames', () => {
  it('reassembles samples split across chunks and odd offsets', async () => {
    const samples = Int16Array.from({ length: 101 * 2 }, (_, i) => ((i * 331) % 65536) - 32768);
    const bytes = Buffer.from(samples.buffer);
    async function* ragged() {
      // Chunks of odd sizes, each starting at an odd offset of its backing buffer.
      for (let at = 0; at < bytes.length; at += 7) {
        const backing = Buffer.alloc(8 + 1);
        bytes.copy(backing, 1, at, Math.min(at + 7, bytes.length));
        yield backing.subarray(1, 1 + Math.min(7, bytes.length - at));
      }
    }
    const out: number[] = [];
    for await (const frames of int16Frames(ragged(), 2)) {
      expect(frames.length % 2).toBe(0);
      out.push(...frames);
    }
    expect(out).toEqual([...samples]);
  });
});
