// The pages a person bookmarked, in one tenant.
import { TenantRepository } from './tenant-repository.js';

export class BookmarksScope extends TenantRepository {
  async of(userId: string): Promise<Set<number>> {
    const rows = await this.rows('user_bookmarks').select('bookmark_id').where('user_id', '=', userId).execute();
    return new Set(rows.map((row) => row.bookmark_id));
  }

  /** Flips the bookmark; true when it is bookmarked afterwards. */
  async toggle(userId: string, bookmarkId: number): Promise<boolean> {
    return this.transaction(async (scope) => {
      const removed = await scope
        .deleteRows('user_bookmarks')
        .where('user_id', '=', userId)
        .where('bookmark_id', '=', bookmarkId)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) > 0) return false;
      await scope.db
        .insertInto('user_bookmarks')
        .values({ tenant_id: scope.tenantId, user_id: userId, bookmark_id: bookmarkId })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return true;
    });
  }
}
