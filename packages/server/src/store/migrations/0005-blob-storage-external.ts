import { type Kysely, PostgresAdapter, sql } from 'kysely'

/**
 * PDFs in the `blobs` table are stored without PostgreSQL's compression. The viewer streams a PDF
 * one `substring` per MiB; on a compressed value each such read inflates the whole value up to
 * its offset, so reading a file got slower chunk by chunk (a compressible 25 MB PDF: 9 ms for the
 * first MiB, 26 ms for the last). Uncompressed out-of-line values are sliced directly. Most PDFs
 * barely compress anyway: their streams are already Flate-encoded. SQLite keeps files on disk, so
 * there is nothing to change there. The change is to the catalog only, and brief; rows stored
 * compressed before are rewritten after the migrations, a few at a time, by
 * `uncompressStoredBlobs` at the server's start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return
  await sql`ALTER TABLE blobs ALTER COLUMN bytes SET STORAGE EXTERNAL`.execute(db)
}

/** Returns new rows to PostgreSQL's default storage for `bytea` (compressed, out of line). */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return
  await sql`ALTER TABLE blobs ALTER COLUMN bytes SET STORAGE EXTENDED`.execute(db)
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}
