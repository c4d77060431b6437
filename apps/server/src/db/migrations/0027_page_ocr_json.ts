import { type Kysely, sql } from 'kysely';

// A page's recognised words (task_pages.ocr, 50–500 kB of JSON for a dense page) are kept as the
// pipeline threads wrote them: type json stores the text as given after checking it is JSON, where
// jsonb parsed every page into its binary form — 20–50 ms a page on the worker's main thread with
// the embedded database, and again on the way out to turn it back into text. Nothing queries inside
// the column (every reader takes the whole page), and the drivers hand json to readers parsed, as
// they did jsonb. The rows already stored are converted here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table task_pages alter column ocr type json using ocr::json`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table task_pages alter column ocr type jsonb using ocr::jsonb`.execute(db);
}
