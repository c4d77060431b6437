// Test support: SubRip and WebVTT read back as a player reads them, to check the subtitle exports
// (numbering, the two timestamp forms, lines) from the bytes a user downloads.

/** Seconds of the four numbers of a timestamp (hours, minutes, seconds, milliseconds). */
const secondsOf = ([h = 0, m = 0, s = 0, ms = 0]: number[]) => h * 3600 + m * 60 + s + ms / 1000;

/** A SubRip reader as players read it: numbered blocks, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, text lines. */
export function parseSrt(text: string) {
  const trimmed = text.replace(/(\r\n)+$/, '');
  if (!trimmed) return [];
  return trimmed.split('\r\n\r\n').map((block) => {
    const [number, timing, ...lines] = block.split('\r\n');
    const match = /^(\d{2}):(\d{2}):(\d{2}),(\d{3}) --> (\d{2}):(\d{2}):(\d{2}),(\d{3})$/.exec(timing ?? '');
    if (!match) throw new Error(`Bad SubRip timing line: ${JSON.stringify(timing)}`);
    const t = match.slice(1).map(Number);
    return { number: Number(number), start: secondsOf(t.slice(0, 4)), end: secondsOf(t.slice(4)), lines };
  });
}

/** A WebVTT reader: the header, then cues of `HH:MM:SS.mmm --> HH:MM:SS.mmm` and text with entities and voice spans. */
export function parseVtt(text: string) {
  if (!text.startsWith('WEBVTT\n\n')) throw new Error('A WebVTT file starts with WEBVTT and a blank line.');
  const body = text.slice('WEBVTT\n\n'.length).replace(/\n+$/, '');
  if (!body) return [];
  return body.split('\n\n').map((block) => {
    const [timing, ...lines] = block.split('\n');
    const match = /^(\d{2}):(\d{2}):(\d{2})\.(\d{3}) --> (\d{2}):(\d{2}):(\d{2})\.(\d{3})$/.exec(timing ?? '');
    if (!match) throw new Error(`Bad WebVTT timing line: ${JSON.stringify(timing)}`);
    const t = match.slice(1).map(Number);
    const voice = /^<v ([^>]*)>/.exec(lines[0] ?? '');
    const decodeEntities = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    const shown = lines.map((line, i) => decodeEntities(i === 0 && voice ? line.slice(voice[0].length) : line));
    return {
      start: secondsOf(t.slice(0, 4)),
      end: secondsOf(t.slice(4)),
      speaker: voice ? decodeEntities(voice[1] ?? '') : null,
      lines: shown,
    };
  });
}
