import type { Kysely } from 'kysely';

// The EN 16931 XML a task's invoice was read from (the attachment of a ZUGFeRD / Factur-X PDF, or
// the imported XRechnung / UBL / CII file itself), kept with the task so it can be exported as
// received. Null when the task's file carries none; cleared with the results on reprocessing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tasks')
    .addColumn('einvoice_blob_id', 'uuid', (c) => c.references('blobs.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tasks').dropColumn('einvoice_blob_id').execute();
}
