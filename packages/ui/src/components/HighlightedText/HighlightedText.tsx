/**
 * A text with some ranges marked — the matched words of a search passage. The marks are <mark>
 * elements, so screen readers and forced-colour modes show them too; ranges that overlap or fall
 * outside the text are skipped rather than garbling it.
 */
import type { ReactNode } from 'react';

/** A range of characters (UTF-16 offsets) inside a text. */
export interface TextRange {
  offset: number;
  length: number;
}

/** The text cut at its ranges: plain strings and marked parts, in order. */
export function markedParts(text: string, ranges: readonly TextRange[] | null | undefined): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const { offset, length } of [...(ranges ?? [])].sort((a, b) => a.offset - b.offset)) {
    if (offset < at || offset >= text.length || length <= 0) continue;
    if (offset > at) parts.push(text.slice(at, offset));
    parts.push(
      <mark key={offset} className="rd-highlight">
        {text.slice(offset, offset + length)}
      </mark>,
    );
    at = offset + length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

export interface HighlightedTextProps {
  text: string;
  highlights?: readonly TextRange[] | null;
  className?: string;
}

export function HighlightedText({ text, highlights, className }: HighlightedTextProps) {
  return <span className={className}>{markedParts(text, highlights)}</span>;
}
