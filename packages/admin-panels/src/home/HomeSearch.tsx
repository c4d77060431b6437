/**
 * The home view's search: words typed are searched across every workspace the person reaches
 * (Index/Search without a workspace), 250 ms after typing pauses (spec §9); each hit shows where
 * its best passage is and the matched words, and opens the task right there.
 */

import type { Schema } from '@reviewdesk/api-client';
import { clockTime, HighlightedText, isMediaTaskType, useApiClient } from '@reviewdesk/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useAdminPanelsTranslation } from '../i18n/resources';
import { QueryStates } from '../shared/QueryStates';
import { useDebouncedValue } from '../shared/useDebouncedValue';
import type { HomeOpenTaskEvent } from './events';

/** Typing pause before a search (spec §9). */
export const HOME_SEARCH_DEBOUNCE_MS = 250;
const HITS = 10;

type Hit = Schema<'IndexSearchHit'>;

export function openEventOf(hit: Hit): HomeOpenTaskEvent {
  const match = hit.matches[0];
  const taskType = hit.taskType ?? null;
  return {
    taskId: hit.taskId,
    workspaceId: hit.workspaceId,
    displayName: hit.displayName,
    taskType,
    media: isMediaTaskType(taskType),
    fromHistory: hit.fromHistory ?? false,
    pageNumber: match?.pageNumber ?? null,
    startTimeSeconds: match?.startTimeSeconds ?? null,
    matchedWords: match?.exactText ?? null,
  };
}

export interface HomeSearchProps {
  onOpenTask?: (event: HomeOpenTaskEvent) => void;
  /** Address of a task, so hits are real links (open in a new tab works). */
  taskHref?: (event: HomeOpenTaskEvent) => string;
  debounceMs?: number;
}

/** Test ids: `home.search`, `home.hit.<taskId>`. */
export function HomeSearch({ onOpenTask, taskHref, debounceMs = HOME_SEARCH_DEBOUNCE_MS }: HomeSearchProps) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const id = useId();
  const [text, setText] = useState('');
  const words = useDebouncedValue(text.trim(), debounceMs);
  const hits = useQuery({
    ...api.queryOptions('get', '/api/v{version}/Index/Search', {
      params: { query: { Search: words, PageNumber: 1, PageSize: HITS } },
    }),
    enabled: words.length > 0,
    placeholderData: keepPreviousData,
  });

  const place = (match: Schema<'IndexSearchMatch'> | undefined) => {
    if (!match) return '';
    if (typeof match.startTimeSeconds === 'number') return t('home.time', { time: clockTime(match.startTimeSeconds) });
    if (typeof match.pageNumber !== 'number') return '';
    return t(match.source === 'fields' ? 'home.fields' : 'home.page', { page: match.pageNumber });
  };

  return (
    <section className="rd-admin-home__search" aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={`${id}-input`} className="rd-admin-home__heading">
        {t('home.searchLabel')}
      </label>
      <input
        id={`${id}-input`}
        type="search"
        className="rd-input rd-admin-home__search-input"
        placeholder={t('home.searchPlaceholder')}
        value={text}
        data-testid="home.search"
        onChange={(event) => setText(event.target.value)}
      />
      {words ? (
        <div aria-live="polite" aria-busy={hits.isFetching}>
          <QueryStates query={hits}>
            {(page) =>
              page.items.length === 0 ? (
                <p className="rd-admin-home__empty">{t('home.noHits')}</p>
              ) : (
                <>
                  <p className="rd-visually-hidden">{t('home.hits', { count: page.totalCount })}</p>
                  <ul className="rd-admin-home__hits">
                    {page.items.map((hit) => {
                      const event = openEventOf(hit);
                      const match = hit.matches[0];
                      const href = taskHref?.(event);
                      const open = (e: React.MouseEvent) => {
                        if (!onOpenTask || e.metaKey || e.ctrlKey || e.shiftKey) return;
                        e.preventDefault();
                        onOpenTask(event);
                      };
                      return (
                        <li key={hit.taskId} className="rd-admin-home__hit">
                          {href ? (
                            <a
                              href={href}
                              onClick={open}
                              className="rd-admin-home__hit-name"
                              data-testid={`home.hit.${hit.taskId}`}
                            >
                              {hit.displayName}
                            </a>
                          ) : (
                            <button
                              type="button"
                              className="rd-admin-home__hit-name"
                              onClick={() => onOpenTask?.(event)}
                              data-testid={`home.hit.${hit.taskId}`}
                            >
                              {hit.displayName}
                            </button>
                          )}
                          {match ? (
                            <span className="rd-admin-home__hit-match">
                              <span className="rd-admin-home__hit-place">{place(match)}</span>
                              <HighlightedText text={match.text} highlights={match.highlights} />
                            </span>
                          ) : null}
                        </li>
                      );
                    })}
                  </ul>
                </>
              )
            }
          </QueryStates>
        </div>
      ) : null}
    </section>
  );
}
