/**
 * A text-search passage under the task's name: where it is (page or time), the passage with the
 * matched words marked, and how many more passages of the task match.
 */
import type { Schema } from '@reviewdesk/api-client';
import { HighlightedText } from '@reviewdesk/ui';

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
      <HighlightedText className="rd-task-list__match-text" text={match.text} highlights={match.highlights} />
      {more ? <span className="rd-task-list__match-more">{more}</span> : null}
    </span>
  );
}
