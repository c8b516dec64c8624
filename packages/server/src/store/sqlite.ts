import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import { type DialectAdapter, type Kysely, SqliteAdapter, SqliteDialect, sql } from 'kysely'

/** How long a writer waits for another connection's write lock before failing. */
const BUSY_TIMEOUT_MS = 5_000

/**
 * A Kysely dialect on a SQLite file (created with its directory if missing), or on `:memory:`.
 * WAL lets readers run beside the one writer; foreign keys are off in SQLite unless asked for.
 */
export function createSqliteDialect(filename: string): SqliteDialect {
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true })
  const database = new Database(filename, { timeout: BUSY_TIMEOUT_MS })
  database.pragma('journal_mode = WAL')
  database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
  database.pragma('foreign_keys = ON')
  // With WAL, NORMAL loses at most the last transactions on power loss, never consistency.
  database.pragma('synchronous = NORMAL')
  return new LockingSqliteDialect({ database })
}

/**
 * Kysely's SQLite adapter takes no migration lock, trusting that one connection means one
 * migrator; two processes starting on the same new file (a server and an operator command)
 * would then both create the tables. This one holds SQLite's write lock while migrating: the
 * second process waits (busy_timeout) and then finds the migrations applied.
 */
class LockingSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new LockingSqliteAdapter()
  }
}

class LockingSqliteAdapter extends SqliteAdapter {
  override async acquireMigrationLock(db: Kysely<unknown>): Promise<void> {
    await sql`begin immediate`.execute(db)
  }

  override async releaseMigrationLock(db: Kysely<unknown>): Promise<void> {
    await sql`commit`.execute(db)
  }
}
