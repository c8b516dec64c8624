import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import { SqliteDialect } from 'kysely'

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
  return new SqliteDialect({ database })
}
