/**
 * The draft of a list tab (predefined texts, predefined speakers): the rows as the person edits
 * them, whether they differ from what the server has, the problems shown once a save was tried,
 * and one save that replaces the whole list. A failed save keeps the draft and says why; a saved
 * one becomes the cached answer, so the tab shows what the server stored.
 */
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { AdminPanelsEventProps, AdminSavedEvent } from '../../events';
import { moveItem } from '../../shared/moveItem';
import { useSaveReporter } from '../../shared/useSaveReporter';

export interface ListDraftOptions<T, P> {
  saved: T[];
  /** True when the draft holds the same rows as the server. */
  same: (draft: T[], saved: T[]) => boolean;
  /** Problems by row id; a save is tried only without any. */
  problemsOf: (draft: T[]) => Map<string, P>;
  /** Sends the list; answers what the server stored. */
  send: (draft: T[]) => Promise<T[]>;
  /** The query whose cached answer the stored list replaces. */
  queryKey: QueryKey;
  /** The host's saved event of this tab. */
  savedEvent: AdminSavedEvent;
  events: Pick<AdminPanelsEventProps, 'onSaved' | 'onError'>;
}

export function useListDraft<T, P>({
  saved,
  same,
  problemsOf,
  send,
  queryKey,
  savedEvent,
  events,
}: ListDraftOptions<T, P>) {
  const queryClient = useQueryClient();
  const report = useSaveReporter(events);
  const [draft, setDraft] = useState<T[]>(saved);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const problems = problemsOf(draft);
  const dirty = !same(draft, saved);

  const save = useMutation({
    mutationFn: send,
    onSuccess: (stored) => {
      setServerError(null);
      queryClient.setQueryData(queryKey, stored);
      report.saved(savedEvent);
    },
    onError: (error: Error) => setServerError(report.failed(error)),
  });

  return {
    draft,
    setDraft,
    /** Problems are shown once the person tried to save. */
    touched,
    problems,
    dirty,
    serverError,
    pending: save.isPending,
    submit: (event: FormEvent) => {
      event.preventDefault();
      setTouched(true);
      if (!dirty || problems.size > 0) return;
      save.mutate(draft);
    },
    reset: () => {
      setDraft(saved);
      setTouched(false);
    },
    move: (from: number, to: number) => setDraft((d) => moveItem(d, from, to)),
    /**
     * Adds a row and focuses it once drawn, so the person types straight away: the field marked
     * `data-focus-on-add` (the one a new row needs first, e.g. a speaker's name after its prefix),
     * else its first input.
     */
    add: (row: T, listTestId: string) => {
      setDraft((d) => [...d, row]);
      requestAnimationFrame(() => {
        const added = document.querySelector(`[data-testid="${listTestId}"] li:last-child`);
        (added?.querySelector<HTMLElement>('[data-focus-on-add]') ?? added?.querySelector('input'))?.focus();
      });
    },
  };
}
