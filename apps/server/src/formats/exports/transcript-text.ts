// Transcript exports as plain text and as subtitles (SubRip .srt, WebVTT .vtt). All three honour
// the contract's TranscriptExportOptions: speakers (name with prefix/suffix), timestamps (TXT
// only — subtitles are timed by nature) and merging consecutive paragraphs of one speaker.
// Subtitle cues are cut from the paragraphs by word times, at most 2 lines of 42 characters and
// 7 seconds each (common broadcast guidance), so a long paragraph does not fill the screen. In
// SubRip the speaker's name is part of the shown text, so it counts towards the first line; in
// WebVTT it travels in a voice span (`<v Name>`) that players show apart, so it does not.

import { safeFileName } from '../file-names.js';
import type { Speaker, Transcript, TranscriptWord } from '../transcript.js';
import type { ExportFile, TranscriptExportOptions } from './types.js';

const LINE_CHARS = 42;
const CUE_LINES = 2;
const CUE_SECONDS = 7;

/** A transcript paragraph as the writers print it: one speaker's words between two times. */
export interface Paragraph {
  start: number;
  end: number;
  speaker: string | null;
  words: TranscriptWord[];
}

const speakerLabel = (speakers: Speaker[], id: string | null | undefined): string | null => {
  const speaker = id == null ? undefined : speakers.find((s) => s.speakerId === id);
  if (!speaker) return null;
  return [speaker.speakerPrefix, speaker.speakerName, speaker.speakerSuffix].filter((part) => part?.trim()).join(' ');
};

/** Paragraphs in time order, merged per speaker run when asked. */
export function paragraphsOf(transcript: Transcript, options: TranscriptExportOptions): Paragraph[] {
  const items = [...transcript.transcripts].sort((a, b) => a.start - b.start);
  const out: Paragraph[] = [];
  for (const item of items) {
    const speaker = speakerLabel(transcript.speakers, item.speakerId);
    const previous = out[out.length - 1];
    if (options.mergeParagraphs && previous && previous.speaker === speaker) {
      previous.words.push(...item.children);
      previous.end = Math.max(previous.end, item.end);
      continue;
    }
    out.push({ start: item.start, end: item.end, speaker, words: [...item.children] });
  }
  return out;
}

const textOf = (words: TranscriptWord[]) =>
  words
    .map((w) => w.text.trim())
    .filter(Boolean)
    .join(' ');

/** `hh:mm:ss` + separator + milliseconds, from seconds. */
export function clock(seconds: number, separator: ',' | '.' | null): string {
  const total = Math.max(0, Math.round(seconds * 1000));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const hms = `${pad(Math.floor(total / 3_600_000))}:${pad(Math.floor(total / 60_000) % 60)}:${pad(Math.floor(total / 1000) % 60)}`;
  return separator === null ? hms : `${hms}${separator}${pad(total % 1000, 3)}`;
}

export function toTxt(
  transcript: Transcript,
  displayName: string | null | undefined,
  options: TranscriptExportOptions = {},
): ExportFile {
  const blocks = paragraphsOf(transcript, options).map((p) => {
    const head = [
      options.includeTimestamps !== false ? `[${clock(p.start, null)}]` : '',
      options.includeSpeakers !== false && p.speaker ? `${p.speaker}:` : '',
    ]
      .filter(Boolean)
      .join(' ');
    return head ? `${head} ${textOf(p.words)}` : textOf(p.words);
  });
  return {
    fileName: safeFileName(displayName, 'txt'),
    contentType: 'text/plain; charset=utf-8',
    bytes: new TextEncoder().encode(blocks.length > 0 ? `${blocks.join('\n\n')}\n` : ''),
  };
}

export interface Cue {
  start: number;
  end: number;
  speaker: string | null;
  lines: string[];
}

/** Wraps words into lines of at most LINE_CHARS (a longer single word gets a line of its own). */
function wrap(words: string[]): string[] {
  const lines: string[] = [];
  for (const word of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + word.length <= LINE_CHARS) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * Cuts paragraphs into subtitle cues by word times. With `speakerInText` (SubRip) the speaker's
 * label opens the first line of each cue and is wrapped with the words; otherwise it is only
 * carried in `speaker`.
 */
export function cuesOf(
  transcript: Transcript,
  options: TranscriptExportOptions = {},
  { speakerInText = false }: { speakerInText?: boolean } = {},
): Cue[] {
  const cues: Cue[] = [];
  for (const paragraph of paragraphsOf(transcript, options)) {
    const speaker = options.includeSpeakers !== false ? paragraph.speaker : null;
    const label = speakerInText && speaker ? [`${speaker}:`] : [];
    // A line break or blank line inside a word would end the cue early: words are one line each.
    const linesOf = (words: TranscriptWord[]) =>
      wrap([...label, ...words.map((w) => w.text.replace(/\s+/g, ' ').trim())]);
    let current: TranscriptWord[] = [];
    const flush = () => {
      const first = current[0];
      const last = current[current.length - 1];
      if (!first || !last) return;
      const start = first.offsetInSeconds;
      const end = Math.max(last.offsetInSeconds + last.durationInSeconds, start + 0.001);
      cues.push({ start, end, speaker, lines: linesOf(current) });
      current = [];
    };
    for (const word of paragraph.words) {
      if (!word.text.trim()) continue;
      const first = current[0];
      if (
        first &&
        (linesOf([...current, word]).length > CUE_LINES ||
          word.offsetInSeconds + word.durationInSeconds - first.offsetInSeconds > CUE_SECONDS)
      )
        flush();
      current.push(word);
    }
    flush();
  }
  // Players (and the WebVTT rules) want cues by start time; two speakers at once interleave.
  return cues.sort((a, b) => a.start - b.start);
}

export function toSrt(
  transcript: Transcript,
  displayName: string | null | undefined,
  options: TranscriptExportOptions = {},
): ExportFile {
  const blocks = cuesOf(transcript, options, { speakerInText: true }).map(
    (cue, i) => `${i + 1}\r\n${clock(cue.start, ',')} --> ${clock(cue.end, ',')}\r\n${cue.lines.join('\r\n')}\r\n`,
  );
  return {
    fileName: safeFileName(displayName, 'srt'),
    contentType: 'application/x-subrip; charset=utf-8',
    bytes: new TextEncoder().encode(blocks.join('\r\n')),
  };
}

/** WebVTT cue text escaping (also keeps a literal "-->" from ending the timing line). */
const vttText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function toVtt(
  transcript: Transcript,
  displayName: string | null | undefined,
  options: TranscriptExportOptions = {},
): ExportFile {
  const blocks = cuesOf(transcript, options).map((cue) => {
    const text = cue.lines.map(vttText).join('\n');
    // The voice span names the speaker in a way players can style or hide.
    const voiced = cue.speaker ? `<v ${vttText(cue.speaker)}>${text}` : text;
    return `${clock(cue.start, '.')} --> ${clock(cue.end, '.')}\n${voiced}\n`;
  });
  return {
    fileName: safeFileName(displayName, 'vtt'),
    contentType: 'text/vtt; charset=utf-8',
    bytes: new TextEncoder().encode(`WEBVTT\n\n${blocks.join('\n')}`),
  };
}
