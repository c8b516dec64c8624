// PostgreSQL and Redis for the two-instance part, found the way the server tests find them
// (packages/server/test/services.ts): PDFX_TEST_PG_URL / PDFX_TEST_REDIS_URL when set, else the
// shared instances on 127.0.0.1:5432 (database `test`) and 127.0.0.1:6379. Unlike the tests, the
// benchmark starts no private instances: without both services it says why and skips the part.
import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import { connect } from 'node:net'

/** A service's URL, or why there is none. */
export type ServiceUrl = { url: string; reason?: undefined } | { url: null; reason: string }

const SHARED_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test'
const SHARED_REDIS_URL = 'redis://127.0.0.1:6379'
const PROBE_TIMEOUT_MS = 2_000
const env = (name: string): string | undefined => process.env[name]

/** The part of `pg.Client` used here. */
interface PgClient {
  connect(): Promise<void>
  query(sql: string): Promise<unknown>
  end(): Promise<void>
  on(event: 'error', listener: (error: Error) => void): unknown
}

interface PgModule {
  Client: new (config: { connectionString: string; connectionTimeoutMillis: number }) => PgClient
}

/**
 * pg is a dependency of @pdfx/server, not of the bench package: it is loaded from the server
 * package's own node_modules, which pnpm links for the server alone.
 */
function loadPg(): PgModule {
  return createRequire(import.meta.resolve('@pdfx/server'))('pg') as PgModule
}

/** The PostgreSQL server to create the benchmark's database on, or why there is none. */
export async function findPostgres(): Promise<ServiceUrl> {
  const url = env('PDFX_TEST_PG_URL') ?? SHARED_POSTGRES_URL
  try {
    await withClient(url, (client) => client.query('SELECT 1'))
    return { url }
  } catch (error) {
    return { url: null, reason: `no PostgreSQL at ${redact(url)} (${String(error)})` }
  }
}

/** The Redis server both instances count their limits in, or why there is none. */
export async function findRedis(): Promise<ServiceUrl> {
  const url = env('PDFX_TEST_REDIS_URL') ?? SHARED_REDIS_URL
  return (await pingRedis(url)) ? { url } : { url: null, reason: `no Redis at ${redact(url)}` }
}

/**
 * Creates an empty database `pdfx_bench_<random>` on the server of `serverUrl`, so a run never
 * meets another run's rows. `drop` removes it, closing connections still open to it.
 */
export async function createBenchDatabase(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `pdfx_bench_${randomBytes(6).toString('hex')}`
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

/** A URL fit to print: the password, if any, replaced. */
export function redact(url: string): string {
  const parsed = new URL(url)
  if (parsed.password) parsed.password = '***'
  return parsed.toString()
}

async function withClient<T>(url: string, use: (client: PgClient) => Promise<T>): Promise<T> {
  const { Client } = loadPg()
  const client = new Client({ connectionString: url, connectionTimeoutMillis: PROBE_TIMEOUT_MS })
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
