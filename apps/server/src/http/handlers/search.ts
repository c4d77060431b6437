// Text search and the index log (Index). Thin: the rules are in domain/search/.
import { indexLogs } from '../../domain/search/index-logs.js';
import { searchTasks } from '../../domain/search/search.js';
import { defineHandlers, requires } from '../handler.js';

export const searchHandlers = defineHandlers({
  Index_Search: requires(['Task.ListView'], ({ query, session, services }) => searchTasks(services.db, session, query)),
  Index_Logs: requires(['Index.ListLogs'], ({ params, session, services }) =>
    indexLogs(services.db, session, params.taskId),
  ),
});
