/** Links that still open in place on a plain click (names of tasks and batches). */
import type { MouseEvent } from 'react';

/**
 * A click the browser should handle itself: a new tab or window (modifier keys, middle button),
 * a download. Anything else is a plain click the list turns into its own "open".
 */
export function opensElsewhere(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}
