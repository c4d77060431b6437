/**
 * The search box's text and when it reaches the list: after the user pauses typing (so each
 * keystroke does not query the server) or at once on Enter. The box follows the list when the
 * search changes from elsewhere (a tab change, "show the new tasks").
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/** How long typing must pause before the list searches, ms. */
export const SEARCH_DEBOUNCE_MS = 300;

export function useDebouncedSearch(search: string, onSearch: (text: string) => void, delayMs = SEARCH_DEBOUNCE_MS) {
  const [text, setText] = useState(search);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  // What this box last sent: the list echoing it back must not undo what was typed since.
  const sent = useRef(search);
  const send = useCallback((value: string) => {
    sent.current = value;
    latest.current(value);
  }, []);

  useEffect(() => {
    if (search === sent.current) return;
    sent.current = search;
    clearTimeout(timer.current);
    setText(search);
  }, [search]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const type = useCallback(
    (next: string) => {
      setText(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => send(next), delayMs);
    },
    [delayMs, send],
  );
  const submit = useCallback(() => {
    clearTimeout(timer.current);
    send(text);
  }, [text, send]);
  return { text, type, submit };
}
