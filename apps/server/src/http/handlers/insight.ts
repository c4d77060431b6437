// Metrics (User/GetMetrics) and bookmarks of the home view. Thin: the rules are in
// domain/metrics/ and domain/bookmarks.ts.
import { bookmarkData, toggleBookmark } from '../../domain/bookmarks.js';
import { userMetrics } from '../../domain/metrics/user-metrics.js';
import { defineHandlers, requires, signedIn } from '../handler.js';

export const insightHandlers = defineHandlers({
  User_GetMetrics: requires(['Metrics.View'], ({ query, session, services }) =>
    userMetrics(services.db, session, query),
  ),
  Bookmarks_Data: signedIn(({ session, services }) => bookmarkData(services.db, session)),
  Bookmarks_Update: signedIn(({ body, session, services }) => toggleBookmark(services.db, session, body.id)),
});
