/**
 * Search and replace inside the editor (Control+F), on the transcript's data: the list is
 * virtualised, so the browser's find cannot see most words. Words or a speaker's paragraphs;
 * Enter / Shift+Enter go round the results, each shown in the list; replace one or all (one undo
 * step). Read-only reviewers search without the replace fields.
 */
import { Button, Input, LiveRegion, Select } from '@reviewdesk/ui';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useEditor, usePanels, useSearch, useSession } from '../editor/context.js';
import { useEditorTranslation } from '../i18n/useEditorTranslation.js';
import { afterNextPaint, beforeNextPaint } from '../session/after-paint.js';
import { addSpeaker } from '../session/speaker-edits.js';
import type { Transcript } from '../session/types.js';
import { useSpeakerOptions } from '../speakers/useSpeakerOptions.js';
import { replaceMatches, replaceSpeaker, type TextMatch } from './find-replace.js';
import type { SearchMode } from './search-store.js';

export function SearchPanel() {
  const { t } = useEditorTranslation();
  const { session, search, panels, list, root, announcer } = useEditor();
  const open = usePanels((p) => p.search);
  const mode = useSearch((s) => s.mode);
  const query = useSearch((s) => s.query);
  const speaker = useSearch((s) => s.speaker);
  const count = useSearch((s) => s.matches.length);
  const current = useSearch((s) => s.current);
  const where = useSearch((s) => s.matches[s.current]?.paragraph);
  const whose = useSession((s) => (where === undefined ? undefined : s.transcript?.transcripts[where]?.speakerId));
  const speakers = useSpeakerOptions();
  const editable = useSession((s) => s.mode === 'review' && !s.conflict);
  const [replacement, setReplacement] = useState('');
  const [speakerTo, setSpeakerTo] = useState('');
  /** Counts moves between results: each is a new message of the count, said even when its words repeat. */
  const [moves, setMoves] = useState(0);
  /**
   * Enter with a single result stays on it. Orca drops a live region text equal to the last one it
   * queued, so "1 of 1, …" again would be silent: the move says "The only result, …" instead.
   */
  const [onlyAgain, setOnlyAgain] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query or mode starts the results anew.
  useEffect(() => setOnlyAgain(false), [query, mode, speaker]);
  /**
   * The panel renders again with every move between results and every replacement: its fixed
   * names are looked up once (again when the language changes), its count each time.
   */
  const names = useMemo(
    () => ({
      label: t('search.label'),
      mode: t('search.mode'),
      words: t('search.words'),
      speakers: t('search.speakers'),
      find: t('search.find'),
      findField: t('search.field', { field: t('search.find') }),
      speakerFrom: t('search.speakerFrom'),
      speakerFromField: t('search.field', { field: t('search.speakerFrom') }),
      none: t('search.none'),
      previous: t('search.previous'),
      next: t('search.next'),
      replaceWith: t('search.replaceWith'),
      giveTo: t('search.giveTo'),
      replace: t('search.replace'),
      replaceAll: t('search.replaceAll'),
      close: t('search.close'),
      noSpeaker: t('paragraph.noSpeaker'),
    }),
    [t],
  );
  const findId = useId();
  /** Where the focus was when the search opened: closing it goes back there. */
  const openedFrom = useRef<HTMLElement | null>(null);

  // Opening it, or Control+F again while it is open, puts the focus in the search box. On opening
  // it waits for the search to be painted: focus landing in the frame that adds the region reached
  // a screen reader before the region did, which then said "Find" without "Search and replace".
  useEffect(() => {
    const focus = () => root.current?.ownerDocument.getElementById(findId)?.focus();
    let cancel = () => {};
    if (open) {
      const active = root.current?.ownerDocument.activeElement;
      openedFrom.current = active instanceof HTMLElement && root.current?.contains(active) ? active : null;
      cancel = afterNextPaint(focus);
    }
    const unsubscribe = panels.subscribe((now, before) => {
      if (now.searchFocus !== before.searchFocus) focus();
    });
    return () => {
      cancel();
      unsubscribe();
    };
  }, [open, findId, root, panels]);

  if (!open) return null;
  const show = (match: TextMatch | null | undefined) => {
    if (match) list.current?.reveal(match.paragraph);
  };
  const go = (direction: 1 | -1) => {
    setOnlyAgain(search.getState().matches.length === 1);
    setMoves((n) => n + 1);
    show(search.getState().step(direction));
  };
  const close = () => {
    search.getState().clear();
    panels.setState({ search: false });
    const back = openedFrom.current;
    (back?.isConnected ? back : root.current)?.focus();
  };
  /**
   * A replace that leaves no results disables the button pressed: the focus goes to the search box.
   * It moves in the frame that shows the render (its animation callbacks), so the browser lays the
   * page out once, for the render's changes and the focus together, and not in the middle of the
   * click's work.
   */
  const keepFocus = () => {
    if (!search.getState().matches.length)
      beforeNextPaint(() => root.current?.ownerDocument.getElementById(findId)?.focus());
  };
  // A workspace speaker chosen as the new one joins the task in the same edit.
  const withTarget = (tr: Transcript) => {
    const target = speakers.find((o) => o.speaker.speakerId === speakerTo);
    return target && !target.onTask ? addSpeaker(tr, target.speaker) : tr;
  };
  const replaceOne = () => {
    const { matches, current: at, query: q } = search.getState();
    const match = matches[at];
    if (!match) return;
    if (mode === 'words') {
      session.getState().edit('replace', (tr) => replaceMatches(tr, [match], q, replacement));
      search.getState().replaced(match, replacement);
    } else {
      session.getState().edit('replace-speaker', (tr) => replaceSpeaker(withTarget(tr), [match], speakerTo || null));
      search.getState().replaced(match);
    }
    const next = search.getState();
    show(next.matches[next.current]);
    keepFocus();
  };
  const replaceAll = () => {
    const { matches, query: q } = search.getState();
    // The results go with the replacement: say how many were replaced.
    announcer.getState().announce('announce.replaced', { count: matches.length });
    if (mode === 'words')
      search.getState().replaceAll('replace-all', (tr) => replaceMatches(tr, matches, q, replacement), replacement);
    else
      search
        .getState()
        .replaceAll('replace-speaker-all', (tr) => replaceSpeaker(withTarget(tr), matches, speakerTo || null));
    keepFocus();
  };
  const speakerOptions = [
    { value: '', label: names.noSpeaker },
    ...speakers.map(({ speaker: s }) => ({ value: s.speakerId ?? '', label: s.speakerName })),
  ];
  const modes: SearchMode[] = ['words', 'speakers'];

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the search closes it.
    <search
      className="rd-transcript-search"
      aria-label={names.label}
      data-testid="search.panel"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          close();
        }
      }}
    >
      <fieldset className="rd-transcript-search__modes">
        <legend className="rd-visually-hidden">{names.mode}</legend>
        {modes.map((m) => (
          <Button
            key={m}
            size="sm"
            variant={mode === m ? 'secondary' : 'ghost'}
            aria-pressed={mode === m}
            onClick={() => search.getState().setMode(m)}
            data-testid={`search.mode.${m}`}
          >
            {names[m]}
          </Button>
        ))}
      </fieldset>
      {mode === 'words' ? (
        <Input
          id={findId}
          label={names.find}
          aria-label={names.findField}
          value={query}
          onChange={(event) => search.getState().setQuery(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            go(event.shiftKey ? -1 : 1);
          }}
          data-testid="search.query"
        />
      ) : (
        <Select
          id={findId}
          label={names.speakerFrom}
          aria-label={names.speakerFromField}
          value={speaker}
          options={speakerOptions}
          onChange={(event) => search.getState().setSpeaker(event.currentTarget.value)}
          data-testid="search.speaker"
        />
      )}
      <LiveRegion
        as="output"
        visible
        className="rd-transcript-search__count"
        messageKey={moves}
        data-testid="search.count"
      >
        {count && where !== undefined ? (
          // Seen: "2 of 5". Heard: where that is too, "2 of 5, paragraph 3, Speaker 1".
          <>
            <span aria-hidden="true">{t('search.position', { current: current + 1, count })}</span>
            <span className="rd-visually-hidden" data-testid="search.result">
              {t(onlyAgain ? 'search.only' : 'search.result', {
                current: current + 1,
                count,
                paragraph: where + 1,
                speaker: speakers.find((o) => o.speaker.speakerId === whose)?.speaker.speakerName ?? names.noSpeaker,
              })}
            </span>
          </>
        ) : query || mode === 'speakers' ? (
          names.none
        ) : (
          ''
        )}
      </LiveRegion>
      <Button size="sm" variant="ghost" disabled={!count} onClick={() => go(-1)} data-testid="search.previous">
        {names.previous}
      </Button>
      <Button size="sm" variant="ghost" disabled={!count} onClick={() => go(1)} data-testid="search.next">
        {names.next}
      </Button>
      {editable ? (
        <>
          {mode === 'words' ? (
            <Input
              label={names.replaceWith}
              value={replacement}
              onChange={(event) => setReplacement(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                replaceOne();
              }}
              data-testid="search.replacement"
            />
          ) : (
            <Select
              label={names.giveTo}
              value={speakerTo}
              options={speakerOptions}
              onChange={(event) => setSpeakerTo(event.currentTarget.value)}
              data-testid="search.speaker-to"
            />
          )}
          <Button size="sm" disabled={!count} onClick={replaceOne} data-testid="search.replace">
            {names.replace}
          </Button>
          <Button size="sm" disabled={!count} onClick={replaceAll} data-testid="search.replace-all">
            {names.replaceAll}
          </Button>
        </>
      ) : null}
      <Button size="sm" variant="ghost" onClick={close} data-testid="search.close">
        {names.close}
      </Button>
    </search>
  );
}
