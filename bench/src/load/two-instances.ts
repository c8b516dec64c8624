import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_LIMITS } from '@pdfx/server'
import { runClosedLoop } from '../speed/closed-loop'
import { createDocLink } from './doc-link'
import { type LoadTarget, sendOnce } from './load-run'
import { waitForRoomMs, windowIndex } from './rate-window'
import { compareScenarios, type ScenarioFigures, type ScenarioOptions } from './scenario'
import { type ServerProcess, startServerProcess } from './server-process'
import { createBenchDatabase, findPostgres, findRedis, redact } from './shared-services'
import { BENCH_CREDITS } from './single-server'
import { PAGE_HEADERS } from './viewer-visit'

/** Extraction requests sent with one pro key, alternately to each instance. */
export const LIMIT_REQUESTS = 100
/** The production pro limit the instances run with: requests per key and window. */
export const PRO_LIMIT = DEFAULT_LIMITS.requestsPerWindow.pro
const WINDOW_MS = DEFAULT_LIMITS.windowSeconds * 1000
/**
 * Time that must be left in the rate window before the requests start, so that all of them land
 * in one window (they take a few seconds, the pool children's start included).
 */
const LIMIT_ROOM_MS = 20_000
/** Longest one extraction request may take in the limit check, in milliseconds. */
const LIMIT_REQUEST_TIMEOUT_MS = 60_000

/**
 * Throughput of one route on one instance against both, with the same connections in all: one
 * instance for half the time, both for the whole time, one again for the other half.
 */
export interface ScalingFigures {
  route: string
  one: ScenarioFigures
  two: ScenarioFigures
  /** two.requestsPerSecond / one.requestsPerSecond */
  ratio: number
}

/** What `LIMIT_REQUESTS` requests of one pro key, spread over both instances, were answered. */
export interface SharedLimitFigures {
  limit: number
  requests: number
  /** 200 answers, in all and per instance. */
  accepted: number
  acceptedPerInstance: [number, number]
  /** 429 answers. */
  refused: number
  /** Any other status, or `error` for no answer. */
  other: Record<string, number>
  /** How long the check waited for a fresh window, in milliseconds. */
  waitedMs: number
  seconds: number
  /** Whether the first request and the last answer fell in the same rate window. */
  sameWindow: boolean
  verdict: 'PASS' | 'FAIL' | 'INCONCLUSIVE'
}

/** The two-instance figures, or why they were not measured. */
export type TwoInstanceFigures =
  | { skipped: string }
  | {
      skipped?: undefined
      /** Host and port of the PostgreSQL server the fresh database was created on. */
      postgres: string
      redis: string
      sharedLimit: SharedLimitFigures
      scaling: ScalingFigures[]
    }

/**
 * Starts two server processes on one fresh PostgreSQL database and one Redis with the production
 * limits, checks that a pro key gets exactly its per-minute limit across both, then compares the
 * throughput of `/health` and of the viewer page on one instance with both. Skipped, with the
 * reason, when PostgreSQL or Redis cannot be reached.
 */
export async function measureTwoInstances(
  pdfUrl: string,
  options: ScenarioOptions,
  progress: (message: string) => void,
): Promise<TwoInstanceFigures> {
  const [postgres, redis] = await Promise.all([findPostgres(), findRedis()])
  if (postgres.url === null || redis.url === null) {
    return { skipped: [postgres.reason, redis.reason].filter(Boolean).join('; ') }
  }
  const database = await createBenchDatabase(postgres.url)
  const dataDir = await mkdtemp(join(tmpdir(), 'pdfx-bench-load-'))
  const servers: ServerProcess[] = []
  try {
    for (const name of ['a', 'b']) {
      progress(`two instances: starting instance ${name} (PostgreSQL, Redis)`)
      // One after the other: each migrates the database at start-up.
      servers.push(
        await startServerProcess({
          env: {
            PDFX_HOST: '127.0.0.1',
            PDFX_PORT: '0',
            PDFX_DATA_DIR: join(dataDir, name),
            PDFX_DATABASE_URL: database.url,
            PDFX_REDIS_URL: redis.url,
            PDFX_FETCH_ALLOW: '127.0.0.1/32',
            PDFX_LOG_LEVEL: 'silent',
          },
          prestart: false,
        }),
      )
    }
    const [a, b] = servers as [ServerProcess, ServerProcess]
    const sharedLimit = await checkSharedLimit(a, b, pdfUrl, options.connections, progress)

    const { apiKey } = await a.createAccount('pro', BENCH_CREDITS)
    const slug = await createDocLink(a.url, apiKey, pdfUrl)
    const routes: [string, (server: ServerProcess) => LoadTarget][] = [
      ['GET /health', (server) => ({ url: `${server.url}/health` })],
      ['GET /d/<slug>', (server) => ({ url: `${server.url}/d/${slug}`, headers: PAGE_HEADERS })],
    ]
    const scaling: ScalingFigures[] = []
    for (const [route, targetOf] of routes) {
      // Instance b serves the link instance a created: the record and the PDF are in PostgreSQL.
      for (const server of servers) await sendOnce(targetOf(server), 200)
      progress(`two instances: ${route} on instance a, on both, on a again`)
      const [one, two] = await compareScenarios(
        route,
        { servers: [a], targets: [targetOf(a)] },
        { servers, targets: servers.map(targetOf) },
        options,
      )
      scaling.push({ route, one, two, ratio: two.requestsPerSecond / one.requestsPerSecond })
    }
    return {
      postgres: serverOf(postgres.url),
      redis: redact(redis.url),
      sharedLimit,
      scaling,
    }
  } finally {
    await Promise.allSettled(servers.map((server) => server.close()))
    await database.drop().catch((error: unknown) => {
      progress(`could not drop the benchmark database: ${String(error)}`)
    })
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** Where a PostgreSQL URL points, without its database and credentials: `127.0.0.1:5432`. */
function serverOf(url: string): string {
  return new URL(url).host
}

/**
 * Sends LIMIT_REQUESTS extraction requests of one fresh pro key, alternately to `a` and `b`,
 * `clients` at a time, all within one rate window (it waits for a fresh one when too little of
 * the current one is left), and counts the answers.
 */
async function checkSharedLimit(
  a: ServerProcess,
  b: ServerProcess,
  pdfUrl: string,
  clients: number,
  progress: (message: string) => void,
): Promise<SharedLimitFigures> {
  const { apiKey } = await a.createAccount('pro', BENCH_CREDITS)
  const waitedMs = waitForRoomMs(Date.now(), WINDOW_MS, LIMIT_ROOM_MS)
  if (waitedMs > 0) {
    progress(`shared limit: waiting ${(waitedMs / 1000).toFixed(1)} s for a fresh rate window`)
    await new Promise((resolve) => setTimeout(resolve, waitedMs))
  }
  progress(`shared limit: ${LIMIT_REQUESTS} extraction requests of one pro key across 2 instances`)
  const accepted = [0, 0]
  const other: Record<string, number> = {}
  let refused = 0
  const startMs = Date.now()
  const run = await runClosedLoop(LIMIT_REQUESTS, clients, async (index) => {
    const instance = index % 2
    const server = instance === 0 ? a : b
    let status: string
    try {
      const response = await fetch(`${server.url}/api/v1/extract`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: pdfUrl }),
        signal: AbortSignal.timeout(LIMIT_REQUEST_TIMEOUT_MS),
      })
      await response.arrayBuffer()
      status = String(response.status)
    } catch {
      status = 'error'
    }
    if (status === '200') accepted[instance] = (accepted[instance] ?? 0) + 1
    else if (status === '429') refused++
    else other[status] = (other[status] ?? 0) + 1
  })
  const sameWindow = windowIndex(startMs, WINDOW_MS) === windowIndex(Date.now(), WINDOW_MS)
  const acceptedPerInstance: [number, number] = [accepted[0] ?? 0, accepted[1] ?? 0]
  const acceptedInAll = acceptedPerInstance[0] + acceptedPerInstance[1]
  const exact =
    acceptedInAll === PRO_LIMIT &&
    refused === LIMIT_REQUESTS - PRO_LIMIT &&
    Object.keys(other).length === 0
  return {
    limit: PRO_LIMIT,
    requests: LIMIT_REQUESTS,
    accepted: acceptedInAll,
    acceptedPerInstance,
    refused,
    other,
    waitedMs,
    seconds: run.seconds,
    sameWindow,
    verdict: !sameWindow ? 'INCONCLUSIVE' : exact ? 'PASS' : 'FAIL',
  }
}
