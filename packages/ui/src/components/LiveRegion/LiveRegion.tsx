/**
 * A polite live region that says each message, a repeat too: what an action did that no focus
 * change says (a save ended, playback paused, the next search result).
 *
 * A live region is said when its content changes in the accessibility tree. The same words again
 * in the same node change nothing there and are not said ("All changes saved" after the next
 * edit's save, "1 of 1" on Enter with one result), so every message is put in a node of its own:
 * a new `messageKey` is a new node, said even when its words are the last message's.
 *
 * Render the region from the first paint of the screen it belongs to, empty: a live region added
 * to the page together with its text is not announced. Orca also drops a message equal to the last
 * one it queued, whatever the nodes; a message that has to be heard twice in a row needs words of
 * its own the second time.
 */
import { type HTMLAttributes, type ReactNode, useCallback, useState } from 'react';
import { cx } from '../../utils/cx';

/** One message for a live region: what to say, and which message it is in the sequence. */
export interface LiveMessage<T> {
  /** What to say, or what it is said from (a translation key, a state). */
  value: T;
  /** One more than the message before, so a repeated value is still a new message. */
  serial: number;
}

/** The message after `last` (for a store outside React; in a component, {@link useLiveMessage}). */
export const nextLiveMessage = <T,>(last: LiveMessage<T> | null, value: T): LiveMessage<T> => ({
  value,
  serial: (last?.serial ?? 0) + 1,
});

/**
 * The last message of a component's live region, and how to say the next.
 * @example
 * const [said, say] = useLiveMessage<string>();
 * useEffect(() => { if (done) say(t('saved')); }, [done]);
 * <LiveRegion messageKey={said?.serial}>{said?.value}</LiveRegion>
 */
export function useLiveMessage<T>(): [LiveMessage<T> | null, (value: T) => void] {
  const [last, setLast] = useState<LiveMessage<T> | null>(null);
  const say = useCallback((value: T) => setLast((before) => nextLiveMessage(before, value)), []);
  return [last, say];
}

/** Props of {@link LiveRegion}. */
export interface LiveRegionProps extends Omit<HTMLAttributes<HTMLElement>, 'children' | 'role'> {
  /** What to say now; nothing (null, '') leaves the region empty. */
  children?: ReactNode;
  /** Which message this is: a new key is said again even when the words are the same. */
  messageKey?: string | number;
  /** The element: `output` for a result shown next to the control that produced it. @default 'div' */
  as?: 'div' | 'span' | 'output';
  /** Shown on screen too; by default it is for screen readers only. @default false */
  visible?: boolean;
}

/**
 * A polite live region that says each message, a repeat too (see the top of this file).
 * @example
 * <LiveRegion messageKey={said?.serial} data-testid="save.announcement">
 *   {said ? t(`save.${said.value}`) : null}
 * </LiveRegion>
 */
export function LiveRegion({
  children,
  messageKey,
  as: Tag = 'div',
  visible = false,
  className,
  ...rest
}: LiveRegionProps) {
  const empty = children === null || children === undefined || children === false || children === '';
  return (
    <Tag
      {...rest}
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className={cx(!visible && 'rd-visually-hidden', className) || undefined}
    >
      {empty ? null : <span key={messageKey}>{children}</span>}
    </Tag>
  );
}
