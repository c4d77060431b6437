/**
 * The lines of a summary as the panel shows them. An extractive summary marks each quoted sentence
 * with the time it was said (`[1:05] …`, `[1:02:03] …`); those become buttons that play from there.
 */
export interface SummaryLine {
  /** Seconds into the recording, when the line carries a time mark. */
  time: number | null;
  text: string;
}

const MARK = /^\[(?:(\d+):)?(\d{1,2}):(\d{2})\]\s+(.*)$/;

export function summaryLines(summary: string | null | undefined): SummaryLine[] {
  return (summary ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const match = MARK.exec(line);
      if (!match) return { time: null, text: line };
      const [, hours, minutes, seconds, text] = match;
      return { time: Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds), text: text ?? '' };
    });
}
