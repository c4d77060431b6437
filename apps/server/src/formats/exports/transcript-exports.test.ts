import { describe, expect, it } from 'vitest';
import { buildTranscript } from '../../pipeline/media/transcript.js';
import { contractErrors } from '../../testing/contract-errors.js';
import { TRANSCRIPT, words } from '../../testing/test-transcripts.js';
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
    expect(blocks[0]).toBe('1\r\n00:00:00,000 --> 00:00:01,920\r\nPresident Kennedy: And so, my fellow Americans,');
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
