// Bookmarks (the home view's bar): the app's pages a person may open are the suggestions; the
// ones they bookmarked come first on their home page. Ids are fixed per page so a bookmark stays
// valid across releases; a page the person may no longer open is neither suggested nor listed.
import type { Db } from '../db/database.js';
import { BookmarksScope } from '../db/repositories/bookmarks.js';
import { notFound } from './errors.js';
import { hasAnyAbility, type Session } from './session.js';

interface Page {
  id: number;
  /** English title; clients translate by `target`. */
  title: string;
  link: string;
  icon: string;
  /** Route name (spec §2), the key clients translate the title by. */
  target: string;
  /** Abilities that open the page (any of them). */
  abilities: readonly string[];
}

/** The pages of product-spec §2 worth a bookmark, with their fixed ids. */
export const BOOKMARKABLE_PAGES: readonly Page[] = [
  { id: 1, title: 'Home', link: '/home', icon: 'home', target: 'home', abilities: ['Home.View'] },
  { id: 2, title: 'Task list', link: '/task/list', icon: 'list', target: 'taskList', abilities: ['Task.ListView'] },
  { id: 3, title: 'Metrics', link: '/metrics', icon: 'chart', target: 'metrics', abilities: ['Metrics.View'] },
  {
    id: 4,
    title: 'Batches',
    link: '/batch/list',
    icon: 'stack',
    target: 'batchList',
    abilities: ['Batches.ListBatches'],
  },
  {
    id: 5,
    title: 'Templates',
    link: '/templates/configure',
    icon: 'template',
    target: 'templates',
    abilities: ['Templates.TemplateList'],
  },
  {
    id: 6,
    title: 'Workspace settings',
    link: '/workspace/edit',
    icon: 'settings',
    target: 'workspaceEdit',
    abilities: ['Workspace.Edit'],
  },
  {
    id: 7,
    title: 'Tenant settings',
    link: '/tenant/edit',
    icon: 'building',
    target: 'tenantEdit',
    abilities: ['Tenant.Edit'],
  },
  { id: 8, title: 'Licences', link: '/licensing', icon: 'key', target: 'licensing', abilities: ['Licensing.View'] },
  { id: 9, title: 'Help centre', link: '/helpCenter', icon: 'help', target: 'helpCenter', abilities: ['Viewer.View'] },
  { id: 10, title: 'Profile', link: '/user', icon: 'user', target: 'user', abilities: ['User.Profile'] },
];

const item = (page: Page, bookmarked: boolean) => ({
  id: page.id,
  title: page.title,
  link: page.link,
  icon: page.icon,
  target: page.target,
  isBookmarked: bookmarked,
});

const reachable = (session: Session) => BOOKMARKABLE_PAGES.filter((page) => hasAnyAbility(session, page.abilities));

export async function bookmarkData(db: Db, session: Session) {
  const marked = await new BookmarksScope(db, session.membership.tenant_id).of(session.user.id);
  const pages = reachable(session);
  return {
    suggestions: pages.map((page) => item(page, marked.has(page.id))),
    bookmarks: pages.filter((page) => marked.has(page.id)).map((page) => item(page, true)),
  };
}

export async function toggleBookmark(db: Db, session: Session, id: number) {
  const page = reachable(session).find((p) => p.id === id);
  if (!page) throw notFound('No such page to bookmark.');
  const bookmarked = await new BookmarksScope(db, session.membership.tenant_id).toggle(session.user.id, id);
  return item(page, bookmarked);
}
