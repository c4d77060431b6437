// DocAI's storage: conversations (chat_threads, one per person and task), their messages
// (chat_messages) and the passages of a task's indexed text that match a question
// (task_text_entries: any of the question's words, in the entry's own text-search configuration,
// ranked by cover density).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ChatMessageRow, TaskPageRow } from '../schema.js';
import { TenantRepository } from './tenant-repository.js';

export interface PassageRow {
  task_id: string;
  source: string;
  page_number: number | null;
  start_time_seconds: number | null;
  speaker_name: string | null;
  /** The entry's text-search configuration (english, portuguese, … simple). */
  config: string;
  body: string;
  rank: number;
}

export interface ThreadRow {
  id: string;
  workspace_id: string;
  task_id: string | null;
  user_id: string;
}

export class ChatRepository extends TenantRepository {
  thread(threadId: string): Promise<ThreadRow | undefined> {
    return this.rowById('chat_threads', threadId)
      .select(['id', 'workspace_id', 'task_id', 'user_id'])
      .executeTakeFirst();
  }

  async createThread(thread: Omit<ThreadRow, 'id'>): Promise<ThreadRow> {
    const id = randomUUID();
    await this.db
      .insertInto('chat_threads')
      .values({ id, tenant_id: this.tenantId, ...thread })
      .execute();
    return { id, ...thread };
  }

  messages(threadId: string, limit = 20): Promise<ChatMessageRow[]> {
    return this.rows('chat_messages')
      .selectAll()
      .where('thread_id', '=', threadId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()
      .then((rows) => rows.reverse());
  }

  async addMessage(message: {
    threadId: string;
    role: number;
    content: string;
    method: string | null;
    references: unknown[];
  }): Promise<void> {
    await this.db
      .insertInto('chat_messages')
      .values({
        tenant_id: this.tenantId,
        thread_id: message.threadId,
        role: message.role,
        content: message.content,
        method: message.method,
        references: JSON.stringify(message.references),
      })
      .execute();
    await this.updateRows('chat_threads').set({ modified_on: new Date() }).where('id', '=', message.threadId).execute();
  }

  /**
   * Entries of the tasks (one task, or the reachable tasks of a workspace) that contain any word of
   * the question, best first. Each entry's config parses the question its own way (stemming, stop words).
   */
  async passages(scope: { taskIds: readonly string[] }, question: string, limit: number): Promise<PassageRow[]> {
    if (scope.taskIds.length === 0) return [];
    const anyWord = sql`replace(plainto_tsquery(e.config::regconfig, ${question})::text, ' & ', ' | ')::tsquery`;
    const result = await sql<PassageRow>`
      select e.task_id, e.source, e.page_number, e.start_time_seconds, e.speaker_name, e.config, e.body,
             ts_rank_cd(e.document, ${anyWord}) as rank
      from task_text_entries e
      where e.tenant_id = ${this.tenantId}
        and e.task_id in (${sql.join(scope.taskIds.map((id) => sql`${id}`))})
        and numnode(plainto_tsquery(e.config::regconfig, ${question})) > 0
        and e.document @@ ${anyWord}
      order by rank desc, e.position
      limit ${limit}`.execute(this.db);
    return result.rows.map((row) => ({ ...row, rank: Number(row.rank) }));
  }

  /** A page's OCR layer, to find where a cited line is. */
  async pageOcr(taskId: string, pageNumber: number): Promise<Pick<TaskPageRow, 'ocr' | 'unit'> | undefined> {
    return this.rowsOfTask('task_pages', taskId)
      .select(['ocr', 'unit'])
      .where('page_number', '=', pageNumber)
      .executeTakeFirst();
  }

  taskNames(taskIds: readonly string[]): Promise<Array<{ id: string; display_name: string; workspace_id: string }>> {
    if (taskIds.length === 0) return Promise.resolve([]);
    return this.rows('tasks')
      .select(['id', 'display_name', 'workspace_id'])
      .where('id', 'in', [...taskIds])
      .execute();
  }

  /** Tasks of a workspace whose text is in the index (the assistant of a whole workspace). */
  async indexedTaskIds(workspaceId: string, limit: number): Promise<string[]> {
    const rows = await this.rows('tasks')
      .select(['id'])
      .where('workspace_id', '=', workspaceId)
      .where('index_status', '=', 400)
      .orderBy('modified_on', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }
}
