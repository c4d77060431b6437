import { describe, expect, it } from 'vitest';
import { speakingTime, TranscriptItemType } from '../../formats/transcript.js';
import { contractErrors } from '../../testing/contract-errors.js';
import type { RecognizedWord } from './speech/types.js';
import { buildTranscript } from './transcript.js';

const word = (
  text: string,
  start: number,
  end: number,
  confidence: number | null = 0.9,
  channel?: number,
): RecognizedWord => ({
  text,
  start,
  end,
  confidence,
  ...(channel === undefined ? {} : { channel }),
});

const texts = (items: { children: { text: string }[] }[]) => items.map((i) => i.children.map((w) => w.text).join(' '));

describe('buildTranscript', () => {
  it('starts a new paragraph after a pause longer than 0.8 s', () => {
    const transcript = buildTranscript([
      word('and', 0, 0.3),
      word('so', 0.35, 0.6),
      word('my', 1.5, 1.7),
      word('fellow', 1.75, 2),
    ]);
    expect(texts(transcript.transcripts)).toEqual(['and so', 'my fellow']);
    expect(transcript.transcripts[0]).toMatchObject({
      type: TranscriptItemType.Timed,
      start: 0,
      end: 0.6,
      duration: 0.6,
    });
  });

  it('starts a new paragraph after a sentence end', () => {
    const transcript = buildTranscript([
      word('Ask', 0, 0.2),
      word('not.', 0.25, 0.5),
      word('Ask', 0.55, 0.7),
      word('what?"', 0.75, 0.9),
      word('Yes', 1, 1.2),
    ]);
    expect(texts(transcript.transcripts)).toEqual(['Ask not.', 'Ask what?"', 'Yes']);
  });

  it('closes paragraphs that grow too long', () => {
    const words = Array.from({ length: 100 }, (_, i) => word(`w${i}`, i * 0.5, i * 0.5 + 0.4));
    const transcript = buildTranscript(words, { maxParagraphSeconds: 10 });
    expect(transcript.transcripts.length).toBeGreaterThanOrEqual(5);
    for (const item of transcript.transcripts) expect(item.end - item.start).toBeLessThanOrEqual(10.5);
  });

  it('averages confidences and keeps word times', () => {
    const transcript = buildTranscript([
      word('a', 1.0004, 1.2, 0.5),
      word('b', 1.25, 1.5, null),
      word('c', 1.5, 1.8, 1),
    ]);
    const [item] = transcript.transcripts;
    expect(item?.confidence).toBe(0.75);
    expect(item?.children[0]).toEqual({ text: 'a', offsetInSeconds: 1, durationInSeconds: 0.2, confidence: 0.5 });
    expect(item?.children[1]?.confidence).toBeNull();
  });

  it('groups each speaker on its own so overlapping speech stays readable', () => {
    const speakers = [
      { speakerId: 's1', speakerName: 'Left', isDefault: true },
      { speakerId: 's2', speakerName: 'Right' },
    ];
    const words = [
      word('he', 0.2, 0.4, 0.9, 0),
      word('the', 0.3, 0.5, 0.9, 1),
      word('began', 0.45, 0.8, 0.9, 0),
      word('horizon', 0.55, 1, 0.9, 1),
    ];
    const transcript = buildTranscript(words, { speakers, speakerOf: (w) => (w.channel === 1 ? 's2' : 's1') });
    expect(transcript.transcripts.map((i) => [i.speakerId, i.children.map((w) => w.text).join(' ')])).toEqual([
      ['s1', 'he began'],
      ['s2', 'the horizon'],
    ]);
    expect(contractErrors('Transcript', transcript)).toBeNull();
    expect(speakingTime(transcript)).toEqual(
      new Map([
        ['s1', 0.6],
        ['s2', 0.7],
      ]),
    );
  });

  it('gives unassigned words to the default speaker and skips empty words', () => {
    const transcript = buildTranscript([word('hello', 0, 0.5), word(' ', 0.5, 0.6)], {
      speakers: [
        { speakerId: 'x', speakerName: 'X' },
        { speakerId: 'd', speakerName: 'D', isDefault: true },
      ],
    });
    expect(transcript.transcripts).toHaveLength(1);
    expect(transcript.transcripts[0]?.speakerId).toBe('d');
  });

  it('builds an empty transcript from no words', () => {
    const transcript = buildTranscript([]);
    expect(transcript).toEqual({ accurateWordTimestamps: true, transcripts: [], speakers: [], annotations: [] });
    expect(contractErrors('Transcript', transcript)).toBeNull();
  });
});
