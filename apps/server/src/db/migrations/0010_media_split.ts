import type { Kysely } from 'kysely';

// The time range of a chunk of a split recording (Task.offsetStart / offsetEnd in the contract,
// seconds from the start of the source's file; the mappers already send these columns when
// present). Null for every task that is not such a chunk.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tasks')
    .addColumn('offset_start', 'double precision')
    .addColumn('offset_end', 'double precision')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tasks').dropColumn('offset_start').dropColumn('offset_end').execute();
}
