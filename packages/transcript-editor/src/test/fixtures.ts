/**
 * The demo recording (fixtures/audio/jfk.wav, 11 s) as the server answers it: the task, its
 * transcript with word times and confidences, its speakers and a small waveform; and a generator
 * of long transcripts for the virtualisation tests and stories. Never part of the published bundle.
 */
import type {
  Transcript,
  TranscriptData,
  TranscriptItem,
  TranscriptWord,
  ViewerInitResult,
  WaveformPeaks,
} from '../session/types.js';

export const TASK_ID = '5f1e2d3c-4b5a-4697-8877-66554433a211';
export const WORKSPACE_ID = '8a7b6c5d-4e3f-4a1b-9c8d-7e6f5a4b3c21';
export const TENANT_ID = '9f8e7d6c-5b4a-4321-8765-43210fedcba9';
export const MEDIA_URL = 'https://files.reviewdesk.test/jfk.wav';
export const PEAKS_URL = 'https://files.reviewdesk.test/jfk.waveform.json';

/** Words of the recording with their times (seconds) and the engine's confidence. */
const JFK: Array<[string, number, number, number]> = [
  ['and', 0.3, 0.18, 0.62],
  ['so', 0.48, 0.3, 0.88],
  ['my', 0.95, 0.2, 0.93],
  ['fellow', 1.15, 0.35, 0.91],
  ['americans', 1.5, 0.7, 0.95],
  ['ask', 3.3, 0.3, 0.97],
  ['not', 3.6, 0.5, 0.9],
  ['what', 4.4, 0.2, 0.94],
  ['your', 4.6, 0.2, 0.41],
  ['country', 4.8, 0.4, 0.92],
  ['can', 5.2, 0.2, 0.9],
  ['do', 5.4, 0.2, 0.9],
  ['for', 5.6, 0.25, 0.92],
  ['you', 5.85, 0.4, 0.95],
  ['ask', 6.9, 0.3, 0.96],
  ['what', 7.2, 0.25, 0.93],
  ['you', 7.45, 0.2, 0.9],
  ['can', 7.65, 0.25, 0.91],
  ['do', 7.9, 0.2, 0.9],
  ['for', 8.1, 0.25, 0.9],
  ['your', 8.35, 0.2, 0.55],
  ['contry', 8.55, 0.6, 0.38],
];

const word = ([text, offsetInSeconds, durationInSeconds, confidence]: [
  string,
  number,
  number,
  number,
]): TranscriptWord => ({
  text,
  offsetInSeconds,
  durationInSeconds,
  confidence,
});

const paragraph = (words: TranscriptWord[], speakerId: string | null): TranscriptItem => {
  const start = words[0]?.offsetInSeconds ?? 0;
  const last = words.at(-1);
  const end = last ? Math.round((last.offsetInSeconds + last.durationInSeconds) * 1000) / 1000 : start;
  return {
    type: 10,
    speakerId,
    start,
    end,
    duration: Math.round((end - start) * 1000) / 1000,
    confidence: 0.86,
    children: words,
  };
};

export const jfkTranscript = (): Transcript => ({
  accurateWordTimestamps: true,
  transcripts: [paragraph(JFK.slice(0, 5).map(word), 'spk-1'), paragraph(JFK.slice(5).map(word), 'spk-1')],
  speakers: [{ speakerId: 'spk-1', speakerName: 'John F. Kennedy', isDefault: true }],
  annotations: [],
});

/** A transcript of `words` words in paragraphs of 20, two speakers taking turns: a recording of many hours. */
export function longTranscript(words: number): Transcript {
  const transcripts: TranscriptItem[] = [];
  const vocabulary = [
    'we',
    'choose',
    'to',
    'go',
    'to',
    'the',
    'moon',
    'in',
    'this',
    'decade',
    'and',
    'do',
    'the',
    'other',
    'things',
  ];
  for (let p = 0; p * 20 < words; p++) {
    const children: TranscriptWord[] = [];
    for (let w = 0; w < 20 && p * 20 + w < words; w++) {
      const i = p * 20 + w;
      children.push({
        text: vocabulary[i % vocabulary.length] as string,
        offsetInSeconds: Math.round(i * 0.36 * 1000) / 1000 + p * 0.8,
        durationInSeconds: 0.3,
        confidence: i % 37 === 0 ? 0.4 : 0.93,
      });
    }
    transcripts.push(paragraph(children, p % 2 ? 'spk-2' : 'spk-1'));
  }
  return {
    accurateWordTimestamps: true,
    transcripts,
    speakers: [
      { speakerId: 'spk-1', speakerName: 'Anchor', isDefault: true },
      { speakerId: 'spk-2', speakerName: 'Guest' },
    ],
    annotations: [],
  };
}

/** Min/max peak pairs of an 11-second recording at 100 pairs a second (8 bits), a spoken rhythm. */
export function jfkPeaks(seconds = 11, perSecond = 100): WaveformPeaks {
  const length = seconds * perSecond;
  const data: number[] = [];
  for (let i = 0; i < length; i++) {
    const speech = Math.abs(Math.sin(i / 23)) * (0.35 + 0.65 * Math.abs(Math.sin(i / 5)));
    const peak = Math.round(speech * 120);
    data.push(-peak, peak);
  }
  return { version: 2, channels: 1, sample_rate: 16000, samples_per_pixel: 16000 / perSecond, bits: 8, length, data };
}

export const transcriptInit = (overrides: Partial<ViewerInitResult> = {}): ViewerInitResult => ({
  taskId: TASK_ID,
  displayName: 'jfk.wav',
  sequentialByWorkspaceId: 7,
  totalPages: 1,
  workspaceConfig: {
    id: WORKSPACE_ID,
    name: 'Meeting recordings',
    tenantId: TENANT_ID,
    taskType: 'Transcript',
    categories: [],
    fieldsToDetect: [],
    fieldOrder: [],
    requiredFields: [],
    checkoutExpireMinutes: 15,
    fieldsConfidenceRateCheck: 0.6,
    supportedFileTypes: ['wav', 'mp3', 'mp4'],
    maxFileSizeBytes: 500_000_000,
    daysUntilHistoryRemoval: 30,
    maxRestartCount: 3,
    hoursUntilTasksConsideredStuck: 24,
  },
  batchId: null,
  batchName: null,
  avgConfidence: 0.84,
  smallestConfidence: 0.38,
  status: 60,
  fromHistory: false,
  isCheckedOut: false,
  isCheckedOutByCurrentUser: false,
  checkout: null,
  canReview: true,
  isAssignedToCurrentUser: null,
  ...overrides,
});

export const transcriptData = (overrides: Partial<TranscriptData> = {}): TranscriptData => {
  const transcript = overrides.transcriptFullResult ?? jfkTranscript();
  return {
    urlResult: MEDIA_URL,
    waveformUrlResult: PEAKS_URL,
    version: 1,
    isVideo: false,
    transcriptFullResult: transcript,
    speakers: transcript.speakers.map((s) => ({ ...s, source: 10, isOnTask: true, totalDuration: 8, action: 10 })),
    predefinedSpeakers: [],
    ...overrides,
  };
};

/** Predefined texts of the workspace (spec §3), as a workspace administrator keeps them. */
export const PREDEFINED_TEXTS = [
  { id: 'inaudible', text: '[inaudible]' },
  { id: 'crosstalk', text: '[crosstalk]' },
  { id: 'applause', text: '[applause]' },
];

/** The task's opening with the workspace's predefined texts. */
export const withPredefinedTexts = (): Partial<ViewerInitResult> => ({
  workspaceConfig: { ...transcriptInit().workspaceConfig, predefinedTexts: PREDEFINED_TEXTS },
});
