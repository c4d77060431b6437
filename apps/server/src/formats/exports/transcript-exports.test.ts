import { describe, expect, it } from 'vitest';
import { buildTranscript } from '../../pipeline/media/transcript.js';
import { contractErrors } from '../../testing/contract-errors.js';
import { parseSrt, parseVtt } from '../../testing/subtitles.js';
import { TRANSCRIPT, words } from '../../testing/test-transcripts.js';
import type { Transcript } from '../transcript.js';
import { exportTranscript, UnsupportedExportError } from './index.js';
import { cuesOf, toSrt, toTxt, toVtt } from './transcript-text.js';
import { TranscriptExportType, toExportFileResult } from './types.js';

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
describe('toTxt', () => {
  it('writes paragraphs with timestamps and speakers by default', () => {
    const file = toTxt(TRANSCRIPT, 'Inaugural address.mp4');
    expect(file).toMatchObject({ fileName: 'Inaugural address.txt', contentType: 'text/plain; charset=utf-8' });
    expect(decode(file.bytes)).toBe(
      `${[
        '[00:00:00] President Kennedy: And so, my fellow Americans,',
        '[00:00:03] President Kennedy: ask not what your country can do for you,',
        '[00:00:08] President Kennedy: ask what you can do for your country.',
        '[01:01:01] Crowd: Hear <hear> & more',
      ].join('\n\n')}\n`,
    );
  });

  it('can leave out timestamps and speakers and merge a speaker’s paragraphs', () => {
    const text = decode(
      toTxt(TRANSCRIPT, 'x', { includeTimestamps: false, includeSpeakers: false, mergeParagraphs: true }).bytes,
    );
    expect(text).toBe(
      'And so, my fellow Americans, ask not what your country can do for you, ask what you can do for your country.\n\nHear <hear> & more\n',
    );
  });
});

describe('subtitles', () => {
  it('cuts cues of at most two 42-character lines and 7 seconds', () => {
    const long = buildTranscript(words(Array.from({ length: 60 }, (_, i) => `word${i}`).join(' '), 0, 0.3));
    const cues = cuesOf(long);
    expect(cues.length).toBeGreaterThan(3);
    for (const cue of cues) {
      expect(cue.lines.length).toBeLessThanOrEqual(2);
      for (const line of cue.lines) expect(line.length).toBeLessThanOrEqual(42);
      expect(cue.end - cue.start).toBeLessThanOrEqual(7);
    }
    expect(cues.flatMap((c) => c.lines.join(' ').split(' '))).toHaveLength(60);
  });

  it('writes SubRip with numbered cues and comma milliseconds', () => {
    const file = toSrt(TRANSCRIPT, 'Inaugural address');
    expect(file).toMatchObject({
      fileName: 'Inaugural address.srt',
      contentType: 'application/x-subrip; charset=utf-8',
    });
    const blocks = decode(file.bytes).split('\r\n\r\n');
    // The speaker's label is shown text in SubRip, so it counts towards the 42 characters of the line.
    expect(blocks[0]).toBe('1\r\n00:00:00,000 --> 00:00:01,920\r\nPresident Kennedy: And so, my fellow\r\nAmericans,');
    expect(blocks.at(-1)).toBe('4\r\n01:01:01,500 --> 01:01:03,020\r\nCrowd: Hear <hear> & more\r\n');
    for (const [i, block] of blocks.entries())
      expect(block).toMatch(
        new RegExp(`^${i + 1}\\r\\n\\d\\d:\\d\\d:\\d\\d,\\d{3} --> \\d\\d:\\d\\d:\\d\\d,\\d{3}\\r\\n.+`),
      );
  });

  it('writes WebVTT with voice spans and escaped text', () => {
    const file = toVtt(TRANSCRIPT, 'Inaugural address');
    expect(file).toMatchObject({ fileName: 'Inaugural address.vtt', contentType: 'text/vtt; charset=utf-8' });
    const text = decode(file.bytes);
    expect(
      text.startsWith('WEBVTT\n\n00:00:00.000 --> 00:00:01.920\n<v President Kennedy>And so, my fellow Americans,\n'),
    ).toBe(true);
    expect(text).toContain('01:01:01.500 --> 01:01:03.020\n<v Crowd>Hear &lt;hear&gt; &amp; more\n');
    const noSpeakers = decode(toVtt(TRANSCRIPT, 'x', { includeSpeakers: false }).bytes);
    expect(noSpeakers).not.toContain('<v ');
  });

  it('writes an empty but valid file for an empty transcript', () => {
    const empty = buildTranscript([]);
    expect(decode(toVtt(empty, 'x').bytes)).toBe('WEBVTT\n\n');
    expect(decode(toSrt(empty, 'x').bytes)).toBe('');
    expect(decode(toTxt(empty, 'x').bytes)).toBe('');
  });
});

describe('subtitles read back', () => {
  /** Two hours of one long-winded speaker with long words and a name, plus a second speaker. */
  const LONG: Transcript = buildTranscript(
    [
      ...words(
        Array.from({ length: 400 }, (_, i) =>
          i % 17 === 0 ? 'extraordinarily-long-hyphenated-wordings' : `w${i}`,
        ).join(' '),
        7190,
        0.35,
      ),
      ...words('Me & <you> --> them', 7300, 0.5, 1),
    ],
    {
      speakers: [
        { speakerId: 'a', speakerName: 'Professor Longname-Speaker', speakerPrefix: 'Dr.', isDefault: true },
        { speakerId: 'b', speakerName: 'Guest' },
      ],
      speakerOf: (w) => (w.channel === 1 ? 'b' : 'a'),
      maxParagraphSeconds: 1000,
    },
  );
  const wordsOf = (speakerId: string) =>
    LONG.transcripts.filter((p) => p.speakerId === speakerId).flatMap((p) => p.children.map((w) => w.text));

  it('SubRip: cues numbered from 1 without gaps, comma milliseconds past an hour, two lines of 42 at most', () => {
    const cues = parseSrt(decode(toSrt(LONG, 'x').bytes));
    expect(cues.length).toBeGreaterThan(20);
    cues.forEach((cue, i) => {
      expect(cue.number).toBe(i + 1);
      expect(cue.end).toBeGreaterThan(cue.start);
      expect(cue.end - cue.start).toBeLessThanOrEqual(7);
      expect(cue.lines.length).toBeGreaterThanOrEqual(1);
      expect(cue.lines.length).toBeLessThanOrEqual(2);
      for (const line of cue.lines) expect(line.length).toBeLessThanOrEqual(42);
      if (i > 0) expect(cue.start).toBeGreaterThanOrEqual((cues[i - 1] as { start: number }).start);
    });
    expect(cues[0]?.start).toBeCloseTo(7190, 3);
    // Every word comes back once, in order per speaker, after the speaker's label.
    const said = (label: string) =>
      cues.flatMap((cue) => {
        const text = cue.lines.join(' ');
        return text.startsWith(`${label}: `) ? text.slice(label.length + 2).split(' ') : [];
      });
    expect(said('Dr. Professor Longname-Speaker')).toEqual(wordsOf('a'));
    expect(said('Guest')).toEqual(wordsOf('b'));
    expect(cues.find((c) => c.lines[0]?.startsWith('Guest'))?.lines.join(' ')).toBe('Guest: Me & <you> --> them');
  });

  it('WebVTT: dot milliseconds, the speaker in a voice span that does not take line room, text unescaped back', () => {
    const cues = parseVtt(decode(toVtt(LONG, 'x').bytes));
    expect(cues.length).toBeGreaterThan(20);
    for (const cue of cues) {
      expect(cue.end).toBeGreaterThan(cue.start);
      expect(cue.lines.length).toBeLessThanOrEqual(2);
      for (const line of cue.lines) expect(line.length).toBeLessThanOrEqual(42);
    }
    for (const [id, name] of [
      ['a', 'Dr. Professor Longname-Speaker'],
      ['b', 'Guest'],
    ] as const) {
      const said = cues.filter((c) => c.speaker === name).flatMap((c) => c.lines.join(' ').split(' '));
      expect(said).toEqual(wordsOf(id));
    }
    cues.forEach((cue, i) => {
      if (i > 0) expect(cue.start).toBeGreaterThanOrEqual((cues[i - 1] as { start: number }).start);
    });
    expect(cues.find((c) => c.speaker === 'Guest')).toMatchObject({ lines: ['Me & <you> --> them'] });
    const srtCues = parseSrt(decode(toSrt(LONG, 'x').bytes));
    // The same times in both formats; VTT fits more words per cue (no label), so never more cues.
    expect(cues.length).toBeLessThanOrEqual(srtCues.length);
    expect(cues[0]?.start).toBe(srtCues[0]?.start);
  });

  it('keeps a word with a line break inside on one line, so the cue does not end early', () => {
    const broken = buildTranscript([{ text: 'two\n\nlines', start: 1, end: 2, confidence: 1 }]);
    expect(parseSrt(decode(toSrt(broken, 'x').bytes))).toEqual([{ number: 1, start: 1, end: 2, lines: ['two lines'] }]);
    expect(parseVtt(decode(toVtt(broken, 'x').bytes))).toEqual([
      { start: 1, end: 2, speaker: null, lines: ['two lines'] },
    ]);
  });
});

describe('exportTranscript', () => {
  it('dispatches on the contract TranscriptExportType', async () => {
    for (const [type, extension] of [
      [TranscriptExportType.Txt, 'txt'],
      [TranscriptExportType.Srt, 'srt'],
      [TranscriptExportType.Vtt, 'vtt'],
      [TranscriptExportType.Json, 'json'],
      [TranscriptExportType.Word, 'docx'],
    ] as const) {
      const file = await exportTranscript(type, TRANSCRIPT, 'Interview');
      expect(file.fileName).toBe(`Interview.${extension}`);
      expect(contractErrors('ExportFileResult', toExportFileResult(file))).toBeNull();
    }
    const json = JSON.parse(decode((await exportTranscript(TranscriptExportType.Json, TRANSCRIPT, 'x')).bytes));
    expect(contractErrors('Transcript', json)).toBeNull();
    await expect(exportTranscript(11 as TranscriptExportType, TRANSCRIPT, 'x')).rejects.toBeInstanceOf(
      UnsupportedExportError,
    );
  });
});
