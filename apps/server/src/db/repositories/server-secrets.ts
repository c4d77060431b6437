// Values the server keeps for itself in `server_secrets` (signing and cookie keys), shared by every
// replica: the first process that needs one creates it, the others read what it stored.
import type { Db } from '../database.js';

/**
 * The stored value of `name`, created with `create` when there is none yet. Two replicas racing to
 * create it both read back the one that was stored first.
 */
export async function storedServerSecret<T>(db: Db, name: string, create: () => Promise<T> | T): Promise<T> {
  const read = () => db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
  const existing = await read();
  if (existing) return existing.value as T;
  await db
    .insertInto('server_secrets')
    .values({ name, value: JSON.stringify(await create()) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const stored = await read();
  if (!stored) throw new Error(`The server secret ${name} could not be stored`);
  return stored.value as T;
}
