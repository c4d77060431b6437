// Test support for the transcript writers: timed words, and a transcript with markup characters
// in its last paragraph, an hour in.

import type { Transcript } from '../formats/transcript.js';
import { buildTranscript } from '../pipeline/media/transcript.js';

export const words = (text: string, start: number, step = 0.4, channel?: number) =>
  text.split(' ').map((w, i) => ({
    text: w,
    start: start + i * step,
    end: start + i * step + step * 0.8,
    confidence: 0.9,
    ...(channel === undefined ? {} : { channel }),
  }));

/** The JFK sentence as two speakers (one interrupting), built by the same grouping the pipeline uses. */
export const TRANSCRIPT: Transcript = buildTranscript(
  [
    ...words('And so, my fellow Americans,', 0),
    ...words('ask not what your country can do for you,', 3.2),
    ...words('ask what you can do for your country.', 8.1, 0.3),
    ...words('Hear <hear> & more', 3661.5, 0.4, 1),
  ],
  {
    speakers: [
      { speakerId: 'a', speakerName: 'Kennedy', speakerPrefix: 'President', isDefault: true },
      { speakerId: 'b', speakerName: 'Crowd' },
    ],
    speakerOf: (w) => (w.channel === 1 ? 'b' : 'a'),
  },
);
