/**
 * A text-search passage under the task's name: where it is (page or time), the passage with the
 * matched words marked (<mark>, so screen readers and high-contrast modes show them too), and how
 * many more passages of the task match.
 */
import type { Schema } from '@reviewdesk/api-client';
import type { ReactNode } from 'react';

/** The passage cut at its highlights: plain strings and marked words in order. */
export function markedParts(match: Pick<Schema<'IndexSearchMatch'>, 'text' | 'highlights'>): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  const ranges = [...(match.highlights ?? [])].sort((a, b) => a.offset - b.offset);
  for (const { offset, length } of ranges) {
    if (offset < at || offset >= match.text.length) continue;
    if (offset > at) parts.push(match.text.slice(at, offset));
    parts.push(
      <mark key={offset} className="rd-task-list__hit">
        {match.text.slice(offset, offset + length)}
      </mark>,
    );
    at = offset + length;
  }
  if (at < match.text.length) parts.push(match.text.slice(at));
  return parts;
}

export interface SearchMatchProps {
  match: Schema<'IndexSearchMatch'>;
  /** "Page 2", "At 1:05" (empty when the passage has no place). */
  place: string;
  /** "3 more passages" (empty when none). */
  more: string;
}

/** Test id: `task-list.match`. */
export function SearchMatch({ match, place, more }: SearchMatchProps) {
  return (
    <span className="rd-task-list__match" data-testid="task-list.match">
      {place ? <span className="rd-task-list__match-place">{place}</span> : null}
      <span className="rd-task-list__match-text">{markedParts(match)}</span>
      {more ? <span className="rd-task-list__match-more">{more}</span> : null}
    </span>
  );
}
