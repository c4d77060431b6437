/**
 * The person's bookmarks (Bookmarks calls): the pages they open most, and a way to choose them
 * among the pages they may open. Titles are translated by the page's route name.
 */
import type { Schema } from '@reviewdesk/api-client';
import { Button, useApiClient } from '@reviewdesk/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type AdminPanelsTranslationKey, useAdminPanelsTranslation } from '../i18n/resources';
import { QueryStates } from '../shared/QueryStates';
import type { HomeOpenLinkEvent } from './events';

type Bookmark = Schema<'BookmarkItem'>;

const PAGE_KEYS = new Set([
  'home',
  'taskList',
  'metrics',
  'batchList',
  'templates',
  'workspaceEdit',
  'tenantEdit',
  'licensing',
  'helpCenter',
  'user',
]);

export interface HomeBookmarksProps {
  onOpenLink?: (event: HomeOpenLinkEvent) => void;
}

/** Test ids: `home.bookmarks`, `home.bookmark.<id>`, `home.bookmarks.edit`, `home.bookmark-toggle.<id>`. */
export function HomeBookmarks({ onOpenLink }: HomeBookmarksProps) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const options = api.queryOptions('get', '/api/bookmarks/data', {});
  const data = useQuery(options);
  const toggle = useMutation({
    mutationFn: async (id: number) => (await api.call('Bookmarks_Update', { body: { id } })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: options.queryKey }),
  });
  const title = (b: Bookmark) =>
    b.target && PAGE_KEYS.has(b.target) ? t(`home.pages.${b.target}` as AdminPanelsTranslationKey) : b.title;

  return (
    <section
      className="rd-admin-home__bookmarks"
      aria-labelledby="rd-admin-home-bookmarks"
      data-testid="home.bookmarks"
    >
      <div className="rd-admin-home__section-head">
        <h3 id="rd-admin-home-bookmarks" className="rd-admin-home__heading">
          {t('home.bookmarks')}
        </h3>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={editing}
          onClick={() => setEditing((on) => !on)}
          data-testid="home.bookmarks.edit"
        >
          {editing ? t('home.doneBookmarks') : t('home.editBookmarks')}
        </Button>
      </div>
      <QueryStates query={data}>
        {({ bookmarks, suggestions }) =>
          editing ? (
            <ul className="rd-admin-home__choices">
              {suggestions.map((b) => (
                <li key={b.id}>
                  <label className="rd-admin-home__choice">
                    <input
                      type="checkbox"
                      checked={b.isBookmarked}
                      disabled={toggle.isPending}
                      onChange={() => toggle.mutate(b.id)}
                      data-testid={`home.bookmark-toggle.${b.id}`}
                    />
                    {title(b)}
                  </label>
                </li>
              ))}
            </ul>
          ) : bookmarks.length === 0 ? (
            <p className="rd-admin-home__empty">{t('home.noBookmarks')}</p>
          ) : (
            <ul className="rd-admin-home__links">
              {bookmarks.map((b) => (
                <li key={b.id}>
                  <a
                    href={b.link}
                    className="rd-admin-home__link"
                    data-testid={`home.bookmark.${b.id}`}
                    onClick={(e) => {
                      if (!onOpenLink || e.metaKey || e.ctrlKey || e.shiftKey) return;
                      e.preventDefault();
                      onOpenLink({ link: b.link, target: b.target ?? null });
                    }}
                  >
                    {title(b)}
                  </a>
                </li>
              ))}
            </ul>
          )
        }
      </QueryStates>
    </section>
  );
}
