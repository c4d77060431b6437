/**
 * `<Home>`: the person's start page (product-spec §2 /home) — search across their workspaces,
 * what waits for review per workspace, the newest tasks ready for them, and their bookmarks.
 * The host decides where a task, a workspace or a bookmarked page opens (its router).
 */
import { PermissionDeniedState, useCan } from '@reviewdesk/ui';
import { useAdminPanelsStrings, useAdminPanelsTranslation } from '../i18n/resources';
import type { HomeOpenLinkEvent, HomeOpenTaskEvent } from './events';
import { HomeBookmarks } from './HomeBookmarks';
import { HomeSearch } from './HomeSearch';
import { HomeWork } from './HomeWork';
import { homeStrings } from './strings';

/** Props of {@link Home}. */
export interface HomeProps {
  /** A search hit or a task ready for review was opened (`pageNumber` / `startTimeSeconds`: where). */
  onOpenTask?: (event: HomeOpenTaskEvent) => void;
  /** Address of a task, so search hits are real links. */
  taskHref?: (event: HomeOpenTaskEvent) => string;
  /** A workspace's to-review count was clicked. */
  onOpenWorkspace?: (workspaceId: string) => void;
  /** A bookmarked page was opened (the app's route in `link`). */
  onOpenLink?: (event: HomeOpenLinkEvent) => void;
  /** Typing pause before searching. @default 250 ms (spec §9) */
  searchDebounceMs?: number;
  /** Extra class on the component's root element. */
  className?: string;
}

/**
 * @example
 * <Home onOpenTask={(e) => navigate(`/task/viewer?taskId=${e.taskId}&page=${e.pageNumber ?? ''}`)} />
 */
export function Home(props: HomeProps) {
  useAdminPanelsStrings(homeStrings);
  const { t } = useAdminPanelsTranslation();
  const can = useCan();
  if (!can('Home.View')) return <PermissionDeniedState />;
  const searches = can('Task.ListView');
  return (
    <section className={['rd-admin rd-admin-home', props.className].filter(Boolean).join(' ')} data-testid="home">
      <h2 className="rd-visually-hidden">{t('home.title')}</h2>
      {searches ? (
        <HomeSearch onOpenTask={props.onOpenTask} taskHref={props.taskHref} debounceMs={props.searchDebounceMs} />
      ) : null}
      <div className="rd-admin-home__grid">
        {searches ? <HomeWork onOpenTask={props.onOpenTask} onOpenWorkspace={props.onOpenWorkspace} /> : null}
        <HomeBookmarks onOpenLink={props.onOpenLink} />
      </div>
    </section>
  );
}
