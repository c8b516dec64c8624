import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabaseBlobStore } from '../../src/links/database-blob-store.js'
import { openStore, type Store } from '../../src/store/index.js'
import { readWhole } from '../read-blob.js'
import { createTestDatabase, postgresUrl } from '../services.js'

const server = await postgresUrl()
const KEY = 'lnk_compressible0001'

describe.skipIf(server.url === null)(
  `PDFs stored in PostgreSQL${server.url === null ? ` (skipped: ${server.reason})` : ''}`,
  () => {
    let store: Store
    let drop: () => Promise<void>

    beforeAll(async () => {
      const database = await createTestDatabase(server.url as string)
      drop = database.drop
      store = await openStore({ databaseUrl: database.url })
    })

    afterAll(async () => {
      await store?.close()
      await drop?.()
    })

    it('keeps a compressible PDF uncompressed, so each chunk of a stream is read directly', async () => {
      // Uncompressed content streams: the kind of PDF PostgreSQL's default storage would shrink.
      const line = 'BT /F1 12 Tf 72 700 Td (A line of plain text in an uncompressed stream) Tj ET\n'
      const bytes = new TextEncoder().encode(`%PDF-1.7\n${line.repeat(40_000)}%%EOF\n`)
      const blobs = createDatabaseBlobStore(store.db)
      await blobs.put(KEY, bytes)

      const { rows } = await sql<{ stored: number; length: number }>`
        SELECT pg_column_size(bytes) AS stored, octet_length(bytes) AS length
        FROM blobs WHERE key = ${KEY}`.execute(store.db)
      expect(rows[0]?.length).toBe(bytes.byteLength)
      expect(rows[0]?.stored).toBe(bytes.byteLength)

      // 3 MB: compared as bytes, which toEqual would walk element by element.
      const read = await readWhole(blobs.open(KEY))
      expect(read !== null && Buffer.compare(read, bytes) === 0).toBe(true)
    })
  },
)
