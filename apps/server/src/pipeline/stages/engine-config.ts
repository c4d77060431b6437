// Settings of the recognition engines, read from the environment in one place:
//   WHISPER_URL      base URL of a Whisper-compatible HTTP service (OpenAI /v1/audio/transcriptions
//                    and the servers that copy it); when set, recordings go there instead of the
//                    offline pocketsphinx engine (which knows English only)
//   WHISPER_MODEL    model name sent to it (default whisper-1)
//   WHISPER_API_KEY  bearer token, when the service needs one
//   SPEECH_MODEL_DIR a sherpa-onnx model folder (transducer or Whisper) on this machine; when set,
//                    recordings go to that model instead of pocketsphinx (WHISPER_URL still wins)
export interface EngineConfig {
  whisperUrl: string | null;
  speechModelDir: string | null;
  whisperModel: string | undefined;
  whisperApiKey: string | undefined;
}

export function engineConfig(env: NodeJS.ProcessEnv = process.env): EngineConfig {
  return {
    whisperUrl: env.WHISPER_URL?.trim() || null,
    speechModelDir: env.SPEECH_MODEL_DIR?.trim() || null,
    whisperModel: env.WHISPER_MODEL?.trim() || undefined,
    whisperApiKey: env.WHISPER_API_KEY?.trim() || undefined,
  };
}
