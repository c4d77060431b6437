import { type Kysely, sql } from 'kysely';

// A page's recognised words (task_pages.ocr, 50–500 kB of JSON for a dense page) and its document
// result (task_pages.document) are stored out of line without compression. PostgreSQL compresses
// any value over ~2 kB (pglz) before moving it out of the row, and decompresses it on every read:
// with the embedded database that is WebAssembly on the worker's one JavaScript thread, for every
// page a stage writes and every page the review session reads. Each value is written once or
// twice and read whole, never searched inside, so the bytes saved on disk (JSON compresses 3–5×)
// cost more than they spare. Rows already stored keep their compressed form until next written.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table task_pages alter column ocr set storage external, alter column document set storage external`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table task_pages alter column ocr set storage extended, alter column document set storage extended`.execute(
    db,
  );
}
