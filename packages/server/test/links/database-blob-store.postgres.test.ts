import { Kysely, Migrator, type QueryExecutorProvider, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabaseBlobStore } from '../../src/links/database-blob-store.js'
import { uncompressStoredBlobs } from '../../src/links/uncompress-blobs.js'
import { openStore, type Store } from '../../src/store/index.js'
import { migrationProvider } from '../../src/store/migrations/index.js'
import { createPostgresDialect } from '../../src/store/postgres.js'
import { expectSameBytes, readWhole } from '../read-blob.js'
import { createTestDatabase, postgresUrl } from '../services.js'

const server = await postgresUrl()
const KEY = 'lnk_compressible0001'
const OLD_KEY = 'lnk_compressible0000'

// Uncompressed content streams: the kind of PDF PostgreSQL's default storage would shrink.
const LINE = 'BT /F1 12 Tf 72 700 Td (A line of plain text in an uncompressed stream) Tj ET\n'
const PDF = new TextEncoder().encode(`%PDF-1.7\n${LINE.repeat(40_000)}%%EOF\n`)

/** The stored size and the length of a blob's bytes. */
async function storage(db: QueryExecutorProvider, key: string) {
  const { rows } = await sql<{ stored: number; length: number }>`
    SELECT pg_column_size(bytes) AS stored, octet_length(bytes) AS length
    FROM blobs WHERE key = ${key}`.execute(db)
  return rows[0]
}

describe.skipIf(server.url === null)(
  `PDFs stored in PostgreSQL${server.url === null ? ` (skipped: ${server.reason})` : ''}`,
  () => {
    let store: Store
    let drop: () => Promise<void>

    beforeAll(async () => {
      const database = await createTestDatabase(server.url as string)
      drop = database.drop
      // A PDF stored before migration 0005, under PostgreSQL's default (compressed) storage.
      const before = new Kysely<unknown>({ dialect: createPostgresDialect(database.url, () => {}) })
      const migrated = await new Migrator({ db: before, provider: migrationProvider }).migrateTo(
        '0004-outbox-delivery',
      )
      if (migrated.error) throw migrated.error
      await sql`INSERT INTO blobs (key, bytes, sha256, created_at)
        VALUES (${OLD_KEY}, ${PDF}, 'unchecked', '2026-01-01T00:00:00.000Z')`.execute(before)
      expect((await storage(before, OLD_KEY))?.stored).toBeLessThan(PDF.byteLength)
      await before.destroy()
      store = await openStore({ databaseUrl: database.url })
    })

    afterAll(async () => {
      await store?.close()
      await drop?.()
    })

    it('keeps a compressible PDF uncompressed, so each chunk of a stream is read directly', async () => {
      const blobs = createDatabaseBlobStore(store.db)
      await blobs.put(KEY, PDF)
      expect(await storage(store.db, KEY)).toEqual({
        stored: PDF.byteLength,
        length: PDF.byteLength,
      })
      expectSameBytes(await readWhole(blobs.open(KEY)), PDF)
    })

    it('rewrites a PDF stored compressed before the migration, unchanged, a few rows at a time', async () => {
      // The migration itself changes the rule only: the old row is still compressed.
      expect((await storage(store.db, OLD_KEY))?.stored).toBeLessThan(PDF.byteLength)
      // Batches of one row: the compressed row alone is found; a second pass finds nothing.
      expect(await uncompressStoredBlobs(store.db, 1)).toBe(1)
      expect(await uncompressStoredBlobs(store.db, 1)).toBe(0)
      expect(await storage(store.db, OLD_KEY)).toEqual({
        stored: PDF.byteLength,
        length: PDF.byteLength,
      })
      expectSameBytes(await readWhole(createDatabaseBlobStore(store.db).open(OLD_KEY)), PDF)
    })
  },
)
