// What is in a media file, read with ffprobe (Debian's ffmpeg package). The pipeline calls this
// first: it decides whether the task is a video (TranscriptData.isVideo), gives the duration the
// waveform and subtitles need, and rejects damaged or non-media uploads with a readable error.
import { stat } from 'node:fs/promises';
import { MediaError } from './errors.js';
import { run } from './process.js';

export interface AudioStreamInfo {
  index: number;
  codec: string;
  sampleRate: number;
  channels: number;
  durationSeconds: number | null;
}

export interface VideoStreamInfo {
  index: number;
  codec: string;
  width: number;
  height: number;
  durationSeconds: number | null;
}

export interface MediaInfo {
  /** Container format as ffprobe names it, e.g. `wav`, `mov,mp4,m4a,3gp,3g2,mj2`. */
  format: string;
  /** Length in seconds; null when neither the container nor any stream states it. */
  durationSeconds: number | null;
  sizeBytes: number;
  audio: AudioStreamInfo[];
  /** Moving-picture streams only: cover art attached to an MP3 is not video. */
  video: VideoStreamInfo[];
  /** The task is shown with a video player rather than a waveform alone. */
  isVideo: boolean;
}

interface FfprobeStream {
  index: number;
  codec_type?: string;
  codec_name?: string;
  sample_rate?: string;
  channels?: number;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
}

interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { format_name?: string; duration?: string; size?: string };
}

/** Codecs ffprobe reports as "video" that are single pictures (a PNG or JPEG upload, cover art). */
const STILL_IMAGE_CODECS = new Set(['png', 'mjpeg', 'jpeg2000', 'bmp', 'gif', 'webp', 'tiff', 'jpegls']);

const seconds = (value: string | undefined): number | null => {
  const parsed = value === undefined ? Number.NaN : Number.parseFloat(value);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : null;
};

/**
 * Probes a media file.
 * @throws MediaError `not-found` (no such file), `corrupt` (ffprobe cannot read it),
 *   `unsupported` (readable but neither audio nor video), `tool-missing` (no ffprobe).
 */
export async function probeMedia(path: string, signal?: AbortSignal): Promise<MediaInfo> {
  const size = await stat(path).then(
    (s) => s.size,
    () => null,
  );
  if (size === null) throw new MediaError('not-found', `The file ${JSON.stringify(path)} does not exist.`);
  if (size === 0) throw new MediaError('corrupt', 'The file is empty.');

  const result = await run(
    'ffprobe',
    ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', '--', path],
    signal,
  );
  if (result.code !== 0) {
    throw new MediaError('corrupt', 'The file is damaged or is not an audio or video file.', result.stderr);
  }
  let parsed: FfprobeOutput;
  try {
    parsed = JSON.parse(result.stdout) as FfprobeOutput;
  } catch {
    throw new MediaError('tool-failed', 'ffprobe printed something that is not JSON.', result.stdout.slice(0, 500));
  }
  return describe(parsed, size);
}

/** Turns ffprobe's JSON into MediaInfo (exported for tests of odd containers). */
export function describe(parsed: FfprobeOutput, sizeBytes: number): MediaInfo {
  const streams = parsed.streams ?? [];
  const audio: AudioStreamInfo[] = streams
    .filter((s) => s.codec_type === 'audio' && (s.channels ?? 0) > 0)
    .map((s) => ({
      index: s.index,
      codec: s.codec_name ?? 'unknown',
      sampleRate: Number.parseInt(s.sample_rate ?? '0', 10),
      channels: s.channels ?? 0,
      durationSeconds: seconds(s.duration),
    }));
  const video: VideoStreamInfo[] = streams
    .filter(
      (s) =>
        s.codec_type === 'video' && s.disposition?.attached_pic !== 1 && !STILL_IMAGE_CODECS.has(s.codec_name ?? ''),
    )
    .map((s) => ({
      index: s.index,
      codec: s.codec_name ?? 'unknown',
      width: s.width ?? 0,
      height: s.height ?? 0,
      durationSeconds: seconds(s.duration),
    }));
  if (audio.length === 0 && video.length === 0) {
    throw new MediaError('unsupported', 'The file has no audio or video stream.');
  }
  const durations = [...audio, ...video].map((s) => s.durationSeconds).filter((d): d is number => d !== null);
  const durationSeconds = seconds(parsed.format?.duration) ?? (durations.length > 0 ? Math.max(...durations) : null);
  return {
    format: parsed.format?.format_name ?? 'unknown',
    durationSeconds,
    sizeBytes,
    audio,
    video,
    isVideo: video.length > 0,
  };
}
