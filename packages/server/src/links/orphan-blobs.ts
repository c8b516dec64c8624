import type { Kysely } from 'kysely'
import type { StoreDatabase } from '../store/index.js'
import type { BlobStore } from './blob-store.js'

/**
 * How old a stored PDF without a link must be before it is removed: a creation on another
 * instance stores the PDF a moment before it inserts the row, and must not lose it meanwhile.
 */
export const ORPHAN_BLOB_MIN_AGE_MS = 10 * 60_000

/**
 * Removes stored PDFs that no link points to: what a crash between storing a PDF and committing
 * its link left behind. Returns how many went.
 */
export async function removeOrphanBlobs(
  db: Kysely<StoreDatabase>,
  blobs: BlobStore,
  now: Date,
  minAgeMs = ORPHAN_BLOB_MIN_AGE_MS,
): Promise<number> {
  const stored = await blobs.list()
  if (stored.length === 0) return 0
  const linked = new Set(
    (await db.selectFrom('links').select('blob_key').execute()).map((row) => row.blob_key),
  )
  const cutoff = now.getTime() - minAgeMs
  let removed = 0
  for (const { key, storedAt } of stored) {
    if (linked.has(key) || storedAt.getTime() > cutoff) continue
    await blobs.delete(key)
    removed++
  }
  return removed
}
