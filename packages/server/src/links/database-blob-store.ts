import { Readable } from 'node:stream'
import { type Kysely, sql } from 'kysely'
import type { StoreDatabase } from '../store/index.js'
import { assertBlobKey, type BlobStore, type StoredBlob, sha256Hex } from './blob-store.js'

/** A stream of a stored PDF reads it this many bytes per query. */
const READ_CHUNK_BYTES = 1024 * 1024

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
    async open(key) {
      assertBlobKey(key)
      const row = await db
        .selectFrom('blobs')
        .select(sql<number>`octet_length(bytes)`.as('size'))
        .where('key', '=', key)
        .executeTakeFirst()
      if (row === undefined) return null
      const size = row.size
      let offset = 0
      const stream = new Readable({
        read() {
          if (offset >= size) {
            this.push(null)
            return
          }
          readChunk(db, key, offset).then(
            (chunk) => {
              if (chunk === null || chunk.byteLength === 0) {
                this.destroy(new Error(`The PDF "${key}" was removed while it was being read`))
                return
              }
              offset += chunk.byteLength
              this.push(chunk)
            },
            (error: Error) => this.destroy(error),
          )
        },
      })
      return { sizeBytes: size, stream }
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

/** Up to READ_CHUNK_BYTES of a stored PDF from `offset` (SQL strings count from 1). */
async function readChunk(
  db: Kysely<StoreDatabase>,
  key: string,
  offset: number,
): Promise<Buffer | null> {
  const row = await db
    .selectFrom('blobs')
    .select(sql<Buffer>`substring(bytes from ${offset + 1} for ${READ_CHUNK_BYTES})`.as('chunk'))
    .where('key', '=', key)
    .executeTakeFirst()
  return row === undefined ? null : row.chunk
}
