// How the tests and the load benchmark find PostgreSQL and Redis and make throw-away databases.
// Free of vitest, so that bench scripts (which run outside it) use the same code.

import { randomBytes } from 'node:crypto'
import { connect } from 'node:net'
import pg from 'pg'

/** A service's URL, or why there is none. */
export type ServiceUrl = { url: string; reason?: undefined } | { url: null; reason: string }

/** The machine's own instances: PostgreSQL with trust auth and database `test`, and Redis. */
export const SHARED_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test'
export const SHARED_REDIS_URL = 'redis://127.0.0.1:6379'
const PROBE_TIMEOUT_MS = 2_000

/** `url` when PostgreSQL answers there, else why not. */
export async function probePostgres(url: string): Promise<ServiceUrl> {
  try {
    await withClient(url, (client) => client.query('SELECT 1'))
    return { url }
  } catch (error) {
    return { url: null, reason: `no PostgreSQL at ${redact(url)} (${String(error)})` }
  }
}

/** `url` when Redis answers PING there, else why not. */
export async function probeRedis(url: string): Promise<ServiceUrl> {
  return (await pingRedis(url)) ? { url } : { url: null, reason: `no Redis at ${redact(url)}` }
}

/**
 * Creates an empty database `<prefix>_<random>` on the server of `serverUrl`, so that runs never
 * share tables. `drop` removes it, closing connections still open to it.
 */
export async function createDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`))
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      await withClient(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      )
    },
  }
}

/** Runs `use` on a short-lived connection to `url`. */
export async function withClient<T>(
  url: string,
  use: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: PROBE_TIMEOUT_MS })
  // A failed connection also emits 'error'; the rejected connect() already reports it.
  client.on('error', () => {})
  await client.connect()
  try {
    return await use(client)
  } finally {
    await client.end()
  }
}

/** Whether a Redis server answers PING at `url`, spoken over a raw socket to need no client. */
function pingRedis(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) })
    const finish = (answer: boolean) => {
      socket.destroy()
      resolve(answer)
    }
    let received = ''
    socket.setTimeout(PROBE_TIMEOUT_MS, () => finish(false))
    socket.on('error', () => finish(false))
    socket.on('connect', () => socket.write('PING\r\n'))
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1')
      if (received.includes('\r\n')) finish(received.startsWith('+PONG'))
    })
  })
}

/** A URL fit to print: the password, if any, replaced. */
export function redact(url: string): string {
  const parsed = new URL(url)
  if (parsed.password) parsed.password = '***'
  return parsed.toString()
}
