// Turns an engine's flat word list into the contract's Transcript: Timed (10) paragraphs of
// words, each with one speaker. A paragraph ends at a pause, at the end of a sentence (engines that
// punctuate, like Whisper) or when it grows too long to edit comfortably. Each speaker's words are
// grouped on their own and the paragraphs merged by start time afterwards, so two people talking
// over each other give two overlapping paragraphs instead of a stutter of one-word paragraphs.
import { type Speaker, type Transcript, type TranscriptItem, TranscriptItemType } from '../../formats/transcript.js';
import type { RecognizedWord } from './speech/types.js';

export interface GroupingOptions {
  /** A silence longer than this starts a new paragraph. @default 0.8 */
  pauseSeconds?: number;
  /** A paragraph is closed at the next word boundary after this long. @default 30 */
  maxParagraphSeconds?: number;
  /** Speakers of the transcript; the default one gets words `speakerOf` leaves unassigned. */
  speakers?: Speaker[];
  /** Speaker id of a word (e.g. from its channel); null/undefined → the default speaker. */
  speakerOf?: (word: RecognizedWord) => string | null | undefined;
  accurateWordTimestamps?: boolean;
}

const SENTENCE_END = /[.!?…。？！]["'”’)\]]*$/;
const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;

function toItem(words: RecognizedWord[], speakerId: string | null): TranscriptItem {
  const first = words[0] as RecognizedWord;
  const last = words[words.length - 1] as RecognizedWord;
  const scored = words.map((w) => w.confidence).filter((c): c is number => typeof c === 'number');
  const start = ms(first.start);
  const end = ms(Math.max(last.end, first.start));
  return {
    type: TranscriptItemType.Timed,
    speakerId,
    start,
    end,
    duration: ms(end - start),
    confidence: scored.length > 0 ? ms(scored.reduce((a, b) => a + b, 0) / scored.length) : null,
    children: words.map((w) => ({
      text: w.text,
      offsetInSeconds: ms(w.start),
      durationInSeconds: ms(Math.max(0, w.end - w.start)),
      confidence: w.confidence === null ? null : ms(w.confidence),
    })),
  };
}

/** Splits one speaker's time-ordered words into paragraphs. */
function paragraphs(words: RecognizedWord[], pause: number, maxSeconds: number): RecognizedWord[][] {
  const out: RecognizedWord[][] = [];
  let current: RecognizedWord[] = [];
  for (const word of words) {
    const previous = current[current.length - 1];
    const first = current[0];
    if (
      previous &&
      first &&
      (word.start - previous.end > pause || SENTENCE_END.test(previous.text) || word.start - first.start > maxSeconds)
    ) {
      out.push(current);
      current = [];
    }
    current.push(word);
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** Groups recognised words into the contract's Transcript. */
export function buildTranscript(words: RecognizedWord[], options: GroupingOptions = {}): Transcript {
  const speakers = options.speakers ?? [];
  const fallback = speakers.find((s) => s.isDefault)?.speakerId ?? speakers[0]?.speakerId ?? null;
  const bySpeaker = new Map<string | null, RecognizedWord[]>();
  for (const word of [...words].sort((a, b) => a.start - b.start)) {
    if (!word.text.trim()) continue;
    const id = options.speakerOf?.(word) ?? fallback;
    const list = bySpeaker.get(id) ?? [];
    list.push(word);
    bySpeaker.set(id, list);
  }
  const items: TranscriptItem[] = [];
  for (const [speakerId, list] of bySpeaker) {
    for (const group of paragraphs(list, options.pauseSeconds ?? 0.8, options.maxParagraphSeconds ?? 30)) {
      items.push(toItem(group, speakerId));
    }
  }
  items.sort((a, b) => a.start - b.start || a.end - b.end);
  return {
    accurateWordTimestamps: options.accurateWordTimestamps ?? true,
    transcripts: items,
    speakers,
    annotations: [],
  };
}
