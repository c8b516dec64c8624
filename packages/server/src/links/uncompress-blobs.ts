import { type Kysely, sql } from 'kysely'
import type { StoreDatabase } from '../store/index.js'

/** Rows looked at per statement: each statement locks only the rows it rewrites, briefly. */
const BATCH_ROWS = 16

/**
 * Rewrites the PDFs that PostgreSQL stored compressed before migration 0005 made the `blobs`
 * column's storage external, so that old Doc Links stream as directly as new ones (see the
 * migration). It finds them by key a few rows per statement, outside any migration: the
 * migration's table lock would otherwise be held, and every reader kept waiting, until all old
 * PDFs were rewritten. Once none is left, a start costs one statement, which reads the values'
 * headers only (their stored and full sizes), never their bytes. Returns how many were rewritten.
 */
export async function uncompressStoredBlobs(
  db: Kysely<StoreDatabase>,
  batchRows = BATCH_ROWS,
): Promise<number> {
  const compressed = sql<boolean>`pg_column_size(bytes) < octet_length(bytes)`
  let rewritten = 0
  let after = ''
  for (;;) {
    const keys = (
      await db
        .selectFrom('blobs')
        .select('key')
        .where('key', '>', after)
        .where(compressed)
        .orderBy('key')
        .limit(batchRows)
        .execute()
    ).map((row) => row.key)
    const last = keys[keys.length - 1]
    if (last === undefined) return rewritten
    // Concatenating nothing makes a new value, stored under the column's current rule. The test
    // is made again: another server starting at the same time may have rewritten the row.
    const result = await db
      .updateTable('blobs')
      .set({ bytes: sql`bytes || ''::bytea` })
      .where('key', 'in', keys)
      .where(compressed)
      .executeTakeFirst()
    rewritten += Number(result.numUpdatedRows)
    after = last
  }
}
