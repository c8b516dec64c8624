// PostgreSQL and Redis for tests. In order, a test run uses:
//   1. PDFX_TEST_PG_URL / PDFX_TEST_REDIS_URL when set (and nothing else if they do not answer);
//   2. the shared instances on 127.0.0.1:5432 (trust auth, database `test`) and 127.0.0.1:6379;
//   3. private instances that the server project's globalSetup (global-setup.ts) starts in a temp
//      directory from initdb/pg_ctl and redis-server, and stops at the end of the run.
// PDFX_TEST_SERVICES=private skips step 2. Without any of them a suite is skipped with the reason in
// its name, unless PDFX_REQUIRE_SERVICES=1 (CI), where asking for the service throws.

import { execFile, spawn } from 'node:child_process'
import { accessSync, chownSync, constants, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { promisify } from 'node:util'
import { inject } from 'vitest'
import {
  createDatabase,
  probePostgres,
  probeRedis,
  type ServiceUrl,
  SHARED_POSTGRES_URL,
  SHARED_REDIS_URL,
  withClient,
} from './service-probe.js'

export type { ServiceUrl }

/** What global-setup.ts hands to the test workers. */
export interface TestServices {
  postgres: ServiceUrl
  redis: ServiceUrl
}

declare module 'vitest' {
  export interface ProvidedContext {
    pdfxServices: TestServices | undefined
  }
}

/** A started service and how to stop it. */
interface Started {
  url: string
  stop: () => Promise<void>
}

const run = promisify(execFile)
// One accessor, because the compiler wants index access and the linter wants dotted names.
const env = (name: string): string | undefined => process.env[name]

/** PostgreSQL server URL for tests (connect to a fresh database from `createTestDatabase`). */
export async function postgresUrl(): Promise<ServiceUrl> {
  return required('PostgreSQL', (await resolveInWorker()).postgres)
}

/** Redis URL for tests. */
export async function redisUrl(): Promise<ServiceUrl> {
  return required('Redis', (await resolveInWorker()).redis)
}

/**
 * Creates an empty database `pdfx_test_<random>` on the server of `serverUrl`, so parallel test files
 * never share tables. `drop` removes it, closing connections still open to it.
 */
export function createTestDatabase(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  return createDatabase(serverUrl, 'pdfx_test')
}

function required(service: string, result: ServiceUrl): ServiceUrl {
  if (result.url === null && env('PDFX_REQUIRE_SERVICES') === '1') {
    throw new Error(
      `${service} is required (PDFX_REQUIRE_SERVICES=1) but unavailable: ${result.reason}`,
    )
  }
  return result
}

let workerServices: Promise<TestServices> | undefined

function resolveInWorker(): Promise<TestServices> {
  workerServices ??= (async () => {
    const provided = inject('pdfxServices')
    if (provided) return provided
    // Without the globalSetup nobody could stop private instances, so only existing ones are used.
    const missing = 'and no private instance: the server project has no test/global-setup.ts'
    const [postgres, redis] = await Promise.all([findPostgres(), findRedis()])
    return {
      postgres: postgres.url ? postgres : { url: null, reason: `${postgres.reason}, ${missing}` },
      redis: redis.url ? redis : { url: null, reason: `${redis.reason}, ${missing}` },
    }
  })()
  return workerServices
}

/**
 * Finds or starts PostgreSQL and Redis for a whole test run; `stop` shuts down what was started.
 * Used by global-setup.ts.
 */
export async function startTestServices(): Promise<{
  services: TestServices
  stop: () => Promise<void>
}> {
  const started: Started[] = []
  const [postgres, redis] = await Promise.all([
    findOrStart(findPostgres, startPostgres, env('PDFX_TEST_PG_URL') === undefined, started),
    findOrStart(findRedis, startRedis, env('PDFX_TEST_REDIS_URL') === undefined, started),
  ])
  return {
    services: { postgres, redis },
    stop: async () => {
      await Promise.allSettled(started.map((service) => service.stop()))
    },
  }
}

async function findOrStart(
  find: () => Promise<ServiceUrl>,
  start: () => Promise<Started | string>,
  mayStart: boolean,
  started: Started[],
): Promise<ServiceUrl> {
  const found = await find()
  if (found.url !== null || !mayStart) return found
  try {
    const service = await start()
    if (typeof service === 'string') return { url: null, reason: `${found.reason}; ${service}` }
    started.push(service)
    return { url: service.url }
  } catch (error) {
    return {
      url: null,
      reason: `${found.reason}; starting a private instance failed: ${String(error)}`,
    }
  }
}

async function findPostgres(): Promise<ServiceUrl> {
  const configured = env('PDFX_TEST_PG_URL')
  if (configured === undefined && env('PDFX_TEST_SERVICES') === 'private') {
    return { url: null, reason: 'PDFX_TEST_SERVICES=private' }
  }
  return probePostgres(configured ?? SHARED_POSTGRES_URL)
}

async function findRedis(): Promise<ServiceUrl> {
  const configured = env('PDFX_TEST_REDIS_URL')
  if (configured === undefined && env('PDFX_TEST_SERVICES') === 'private') {
    return { url: null, reason: 'PDFX_TEST_SERVICES=private' }
  }
  return probeRedis(configured ?? SHARED_REDIS_URL)
}

/** Starts a throw-away PostgreSQL cluster, or says why it cannot. */
async function startPostgres(): Promise<Started | string> {
  const bin = findPostgresBin()
  if (!bin) return 'initdb/pg_ctl not found in PATH or /usr/lib/postgresql/*/bin'
  // initdb refuses to run as root; run it as the `postgres` system user then.
  const asUser = process.getuid?.() === 0 ? await systemUser('postgres') : undefined
  if (process.getuid?.() === 0 && !asUser) return 'running as root and there is no postgres user'
  const dir = mkdtempSync(join(tmpdir(), 'pdfx-pg-'))
  if (asUser) chownSync(dir, asUser.uid, asUser.gid)
  const data = join(dir, 'data')
  const port = await freePort()
  const pgRun = (file: string, args: string[]) =>
    asUser
      ? run('runuser', ['-u', 'postgres', '--', join(bin, file), ...args])
      : run(join(bin, file), args)
  await pgRun('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8'])
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`
  await pgRun('pg_ctl', ['-D', data, '-o', serverOptions, '-l', join(dir, 'log'), '-w', 'start'])
  const stop = async () => {
    await pgRun('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {})
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    const serverUrl = `postgres://postgres@127.0.0.1:${port}/postgres`
    await withClient(serverUrl, (client) => client.query('CREATE DATABASE test'))
  } catch (error) {
    await stop()
    throw error
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/test`, stop }
}

function findPostgresBin(): string | undefined {
  const candidates = (env('PATH') ?? '').split(delimiter).filter(Boolean)
  try {
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))
    candidates.push(...versions.map((version) => `/usr/lib/postgresql/${version}/bin`))
  } catch {
    // No Debian-style installation: PATH only.
  }
  return candidates.find(
    (dir) => isExecutable(join(dir, 'initdb')) && isExecutable(join(dir, 'pg_ctl')),
  )
}

async function systemUser(name: string): Promise<{ uid: number; gid: number } | undefined> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])])
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) }
  } catch {
    return undefined
  }
}

/** Starts a throw-away Redis server without persistence, or says why it cannot. */
async function startRedis(): Promise<Started | string> {
  const bin = (env('PATH') ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, 'redis-server'))
    .find(isExecutable)
  if (!bin) return 'redis-server not found in PATH'
  const dir = mkdtempSync(join(tmpdir(), 'pdfx-redis-'))
  const port = await freePort()
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']
  const child = spawn(bin, [...args, '--dir', dir], { stdio: 'ignore' })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `redis://127.0.0.1:${port}`
  const stop = async () => {
    child.kill('SIGTERM')
    await exited
    rmSync(dir, { recursive: true, force: true })
  }
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if ((await probeRedis(url)).url !== null) return { url, stop }
    if (child.exitCode !== null) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await stop()
  throw new Error(`redis-server did not answer on port ${port}`)
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port)
        else reject(new Error('no port'))
      })
    })
  })
}
