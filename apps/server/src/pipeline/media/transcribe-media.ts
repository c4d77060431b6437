// One call from a media file to a contract Transcript: probe, pick mono or per-channel speakers,
// run the engine, group words into paragraphs. The worker calls this in its recognizer step.

import type { Speaker, Transcript } from '../../formats/transcript.js';
import { channelsDiffer, dropCrosstalk, measureChannelEnergy } from './channels.js';
import { MediaError } from './errors.js';
import type { MediaRange } from './pcm.js';
import { type MediaInfo, probeMedia } from './probe.js';
import type { RecognizedWord, SpeechRecognizer } from './speech/types.js';
import { buildTranscript, type GroupingOptions } from './transcript.js';

export interface TranscribeMediaOptions {
  language: string | null;
  /** Transcribe the channels of a stereo file separately when they carry different voices. @default true */
  splitChannels?: boolean;
  grouping?: Pick<GroupingOptions, 'pauseSeconds' | 'maxParagraphSeconds'>;
  /**
   * Transcribe only this part of the file (a chunk of a split recording). Word times are then
   * relative to the range's start, not to the file's: the viewer plays the chunk from its
   * offsetStart, so time 0 of the transcript is the chunk's first second.
   */
  range?: MediaRange;
  signal?: AbortSignal;
}

export interface TranscribeMediaResult {
  transcript: Transcript;
  info: MediaInfo;
  language: string;
  engine: string;
  /** How speakers were found: one speaker for the whole file, or one per channel. */
  speakerSplit: 'none' | 'channels';
}

const CHANNEL_NAMES = ['left', 'right'];

/** Speaker ids made here are placeholders (`speaker-1` …); the store assigns its own on save. */
function channelSpeakers(count: number): Speaker[] {
  return Array.from({ length: count }, (_, c) => ({
    speakerId: `speaker-${c + 1}`,
    speakerName: `Speaker ${c + 1}${CHANNEL_NAMES[c] ? ` (${CHANNEL_NAMES[c]})` : ''}`,
    isDefault: c === 0,
  }));
}

export async function transcribeMedia(
  recognizer: SpeechRecognizer,
  path: string,
  options: TranscribeMediaOptions,
): Promise<TranscribeMediaResult> {
  const info = await probeMedia(path, options.signal);
  const audio = info.audio[0];
  if (!audio) throw new MediaError('unsupported', 'The file has no audio to transcribe.');
  const base = { language: options.language, range: options.range, signal: options.signal };

  if ((options.splitChannels ?? true) && audio.channels === 2) {
    const energy = await measureChannelEnergy(path, audio.channels, { range: options.range, signal: options.signal });
    if (channelsDiffer(energy)) {
      // One after the other: the worker pool already runs one engine per core.
      const left = await recognizer.transcribe(path, { ...base, channel: 0 });
      const right = await recognizer.transcribe(path, { ...base, channel: 1 });
      const words = dropCrosstalk([...left.words, ...right.words], energy);
      const speakers = channelSpeakers(2);
      const transcript = buildTranscript(words, {
        ...options.grouping,
        speakers,
        speakerOf: (w: RecognizedWord) => (w.channel === undefined ? null : speakers[w.channel]?.speakerId),
        accurateWordTimestamps: left.accurateWordTimestamps && right.accurateWordTimestamps,
      });
      return { transcript, info, language: left.language, engine: left.engine, speakerSplit: 'channels' };
    }
  }

  const result = await recognizer.transcribe(path, base);
  const speakers: Speaker[] = [{ speakerId: 'speaker-1', speakerName: 'Speaker 1', isDefault: true }];
  const transcript = buildTranscript(result.words, {
    ...options.grouping,
    speakers,
    accurateWordTimestamps: result.accurateWordTimestamps,
  });
  return { transcript, info, language: result.language, engine: result.engine, speakerSplit: 'none' };
}
