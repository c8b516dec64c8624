import type { Kysely } from 'kysely'
import type { StoreDatabase } from '../store/index.js'
import { assertBlobKey, type BlobStore, type StoredBlob, sha256Hex } from './blob-store.js'

/** PDFs in the `blobs` table of PostgreSQL, shared by every server instance of the database. */
export function createDatabaseBlobStore(
  db: Kysely<StoreDatabase>,
  now: () => Date = () => new Date(),
): BlobStore {
  return {
    async put(key, bytes): Promise<StoredBlob> {
      assertBlobKey(key)
      const sha256 = sha256Hex(bytes)
      await db
        .insertInto('blobs')
        .values({ key, bytes, sha256, created_at: now().toISOString() })
        .execute()
      return { sizeBytes: bytes.byteLength, sha256 }
    },
    async get(key) {
      assertBlobKey(key)
      const row = await db
        .selectFrom('blobs')
        .select('bytes')
        .where('key', '=', key)
        .executeTakeFirst()
      return row === undefined ? null : new Uint8Array(row.bytes)
    },
    async delete(key) {
      assertBlobKey(key)
      await db.deleteFrom('blobs').where('key', '=', key).execute()
    },
    async list() {
      const rows = await db.selectFrom('blobs').select(['key', 'created_at']).execute()
      return rows.map((row) => ({ key: row.key, storedAt: new Date(row.created_at) }))
    },
  }
}
