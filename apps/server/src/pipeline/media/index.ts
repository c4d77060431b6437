// Media engines of the processing pipeline: probing, decoding, speech recognition, waveform peaks
// and range serving. Pure modules over files and child processes; no database, no HTTP server.

export {
  type Speaker,
  speakingTime,
  type Transcript,
  type TranscriptItem,
  TranscriptItemType,
  type TranscriptWord,
} from '../../formats/transcript.js';
export { type ChannelEnergy, channelsDiffer, dropCrosstalk, measureChannelEnergy } from './channels.js';
export { EngineNotConfiguredError, MediaError, type MediaErrorCode, TranscriptionError } from './errors.js';
export { extractKeyFrames, type KeyFrame } from './key-frames.js';
export {
  convertToWav,
  decodeToPcm,
  int16Frames,
  type MediaRange,
  type PcmOptions,
  SPEECH_SAMPLE_RATE,
} from './pcm.js';
export { type AudioStreamInfo, type MediaInfo, probeMedia, type VideoStreamInfo } from './probe.js';
export { contentTypeOf, parseRange, type RangeResponse, serveRange } from './range.js';
export { isEnglish, PocketSphinxRecognizer, parsePocketSphinxLine } from './speech/pocketsphinx.js';
export { describeModelFolder, SherpaOnnxRecognizer, SPEECH_MODEL_SETTING } from './speech/sherpa-onnx.js';
export type {
  ConfigurationState,
  RecognizedWord,
  SpeechRecognizer,
  TranscriptionOptions,
  TranscriptionResult,
} from './speech/types.js';
export { parseVerboseJson, WhisperHttpRecognizer } from './speech/whisper-http.js';
export { type TranscribeMediaOptions, type TranscribeMediaResult, transcribeMedia } from './transcribe-media.js';
export { buildTranscript, type GroupingOptions } from './transcript.js';
export { computeWaveformPeaks, PeakAccumulator, toWavesurferPeaks, type WaveformPeaks } from './waveform.js';
export { normaliseWords, type WerResult, wordErrorRate } from './wer.js';
