import type { Kysely } from 'kysely';

// The result of a Translation task: each page's text in the target language beside its recognised
// text, and on the task the pair and the engine that translated it. Cleared with the other results
// when the task is processed again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('task_pages').addColumn('translated_text', 'text').execute();
  await db.schema.alterTable('tasks').addColumn('translation', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tasks').dropColumn('translation').execute();
  await db.schema.alterTable('task_pages').dropColumn('translated_text').execute();
}
