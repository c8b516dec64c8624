import { PostgresDialect } from 'kysely'
import pg from 'pg'

/** Connections per server instance; N instances use N times this many on the database server. */
const POOL_SIZE = 10

/**
 * A Kysely dialect on a PostgreSQL connection pool. `onError` hears about idle connections that
 * die (for example when the server restarts); the pool drops them and reconnects on next use.
 */
export function createPostgresDialect(
  connectionString: string,
  onError: (error: Error) => void,
): PostgresDialect {
  const pool = new pg.Pool({ connectionString, max: POOL_SIZE })
  pool.on('error', onError)
  return new PostgresDialect({ pool })
}
