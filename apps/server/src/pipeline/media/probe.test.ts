import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MediaError } from './errors.js';
import { describe as describeProbe, probeMedia } from './probe.js';
import { fixture, JFK_MP3, JFK_MP4, JFK_WAV, STEREO_WAV, tempFolder } from './test-fixtures.js';

const temp = tempFolder();
afterAll(temp.cleanup);

async function failure(path: string): Promise<MediaError> {
  const error = await probeMedia(path).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MediaError);
  return error as MediaError;
}

describe('probeMedia', () => {
  it('reads a 16 kHz mono WAV', async () => {
    const info = await probeMedia(JFK_WAV);
    expect(info.durationSeconds).toBeCloseTo(11, 1);
    expect(info.isVideo).toBe(false);
    expect(info.video).toEqual([]);
    expect(info.audio).toEqual([expect.objectContaining({ codec: 'pcm_s16le', sampleRate: 16000, channels: 1 })]);
    expect(info.sizeBytes).toBe(352078);
  });

  it('reads an MP3 and a stereo WAV', async () => {
    const mp3 = await probeMedia(JFK_MP3);
    expect(mp3.audio[0]?.codec).toBe('mp3');
    expect(mp3.durationSeconds).toBeCloseTo(11, 0);
    const stereo = await probeMedia(STEREO_WAV);
    expect(stereo.audio[0]?.channels).toBe(2);
    expect(stereo.durationSeconds).toBeCloseTo(5, 2);
  });

  it('recognises a video with its audio track', async () => {
    const info = await probeMedia(JFK_MP4);
    expect(info.isVideo).toBe(true);
    expect(info.video[0]).toMatchObject({ codec: 'h264', width: 1280, height: 720 });
    expect(info.audio[0]).toMatchObject({ codec: 'aac', channels: 1 });
  });

  it('names a missing file', async () => {
    expect((await failure(join(temp.path, 'nope.wav'))).code).toBe('not-found');
  });

  it('rejects empty, non-media and truncated files as corrupt', async () => {
    expect((await failure(fixture('edge_cases/pdf/empty-0-bytes.pdf'))).code).toBe('corrupt');
    expect((await failure(fixture('edge_cases/pdf/crazyones.pdf'))).code).toBe('corrupt');
    const truncated = join(temp.path, 'truncated.mp4');
    writeFileSync(truncated, readFileSync(JFK_MP4).subarray(0, 60_000)); // cuts off the moov atom
    const error = await failure(truncated);
    expect(error.code).toBe('corrupt');
    expect(error.message).toMatch(/damaged/);
    expect(error.detail).toMatch(/moov atom not found/);
  });

  it('does not take a still image for a video', async () => {
    const photo = join(temp.path, 'photo.mp4'); // the extension must not fool it
    copyFileSync(fixture('edge_cases/images/exif_orientation_6.jpg'), photo);
    expect((await failure(photo)).code).toBe('unsupported');
  });

  it('ignores cover art attached to an audio file', () => {
    const info = describeProbe(
      {
        streams: [
          { index: 0, codec_type: 'audio', codec_name: 'mp3', sample_rate: '44100', channels: 2, duration: '3.5' },
          { index: 1, codec_type: 'video', codec_name: 'h264', disposition: { attached_pic: 1 } },
        ],
        format: { format_name: 'mp3' },
      },
      10,
    );
    expect(info.isVideo).toBe(false);
    expect(info.durationSeconds).toBe(3.5); // from the stream when the container has none
  });
});
