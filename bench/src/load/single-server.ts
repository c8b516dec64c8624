import { mkdtemp, rm } from 'node:fs/promises'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { cycleClientAddresses } from './client-addresses'
import { createDocLink } from './doc-link'
import { type LoadTarget, sendOnce } from './load-run'
import { measureScenario, type ScenarioFigures, type ScenarioOptions } from './scenario'
import { startServerProcess } from './server-process'
import { PAGE_HEADERS, startVisit } from './viewer-visit'

/**
 * Per-window allowances of the bench's key and account: the limiters still count every request,
 * they just never refuse one (the production pro limit, 60 a minute, would dominate the figures).
 */
const GENEROUS_LIMIT = 1_000_000
/** Purchased pages of the bench account, so the monthly quota never runs out mid-run. */
export const BENCH_CREDITS = 1_000_000
/**
 * Client addresses the events load comes from (`X-Forwarded-For` through a trusted proxy). The
 * events route allows 240 batches a minute per client network (VIEWER_RATE_LIMITS), and
 * openServer cannot raise that, so the load looks like this many readers: each sends a few
 * batches per run, far below the limit, and the limiter still counts every batch.
 */
export const EVENT_CLIENT_ADDRESSES = 4_096

/**
 * Extractions sent at once before the first scenario, so that every child of the pool (one per
 * core, started with the server) has loaded the engine: starting one from sources takes seconds
 * of CPU, which would otherwise land in the first scenario.
 */
const POOL_WARM_UP_REQUESTS = 2 * availableParallelism()
/**
 * Warm-up of the extraction scenario, in requests per connection, all answered. A request cut
 * off at the end of a timed warm-up would abort its extraction, and the pool kills a child whose
 * job is aborted: its replacement would start during the timed run.
 */
export const EXTRACT_WARM_UP_REQUESTS = 4

/**
 * Starts one server process (SQLite in a temporary directory, fetching allowed from 127.0.0.1,
 * loopback trusted as a proxy, the extraction pool started at once, generous limits), creates a
 * pro account, a Doc Link of the PDF at `pdfUrl` and one confirmed visit, checks every route
 * once, then puts each route under load in turn: `/health`, the viewer page, its events, and
 * extraction last, since the requests cut off at the end of its run kill pool children (see
 * EXTRACT_WARM_UP_REQUESTS). Everything it opens is closed before it returns.
 */
export async function measureSingleServer(
  pdfUrl: string,
  options: ScenarioOptions,
  progress: (message: string) => void,
): Promise<ScenarioFigures[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pdfx-bench-load-'))
  try {
    progress('one server: starting (SQLite, in-process rate limiter)')
    const server = await startServerProcess({
      env: {
        PDFX_HOST: '127.0.0.1',
        PDFX_PORT: '0',
        PDFX_DATA_DIR: dataDir,
        // The PDF origin is on loopback, which the fetcher refuses unless allowed.
        PDFX_FETCH_ALLOW: '127.0.0.1/32',
        // The load generator is the proxy that tells the events route its readers' addresses.
        PDFX_TRUST_PROXY: '127.0.0.1',
        PDFX_LOG_LEVEL: 'silent',
      },
      limits: { requestsPerWindow: { pro: GENEROUS_LIMIT } },
      linkLimits: { uploadsPerWindow: GENEROUS_LIMIT },
      prestart: true,
    })
    try {
      const { apiKey } = await server.createAccount('pro', BENCH_CREDITS)
      const slug = await createDocLink(server.url, apiKey, pdfUrl)
      const visitToken = await startVisit(server.url, slug)
      const nextAddress = cycleClientAddresses(EVENT_CLIENT_ADDRESSES)
      const json = { 'content-type': 'application/json' }
      const extract: LoadTarget = {
        url: `${server.url}/api/v1/extract`,
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ url: pdfUrl }),
      }
      const scenarios: [string, LoadTarget, number][] = [
        ['GET /health', { url: `${server.url}/health` }, 200],
        ['GET /d/<slug>', { url: `${server.url}/d/${slug}`, headers: PAGE_HEADERS }, 200],
        [
          'POST /d/<slug>/events',
          {
            url: `${server.url}/d/${slug}/events`,
            method: 'POST',
            headers: json,
            // The route clamps dwell to the time since the visit was last seen: 1 ms always fits.
            body: JSON.stringify({ visitToken, pages: [{ page: 1, ms: 1 }] }),
            varyHeaders: () => ({ 'x-forwarded-for': nextAddress() }),
          },
          204,
        ],
        ['POST /api/v1/extract', extract, 200],
      ]
      progress('one server: checking each route once, loading every extraction child')
      for (const [, target, status] of scenarios) await sendOnce(target, status)
      await Promise.all(Array.from({ length: POOL_WARM_UP_REQUESTS }, () => sendOnce(extract, 200)))
      const figures: ScenarioFigures[] = []
      for (const [name, target] of scenarios) {
        const warmUp =
          target === extract ? { requestsPerConnection: EXTRACT_WARM_UP_REQUESTS } : undefined
        const warmUpText = warmUp
          ? `${warmUp.requestsPerConnection} requests per connection`
          : `${options.warmUpSeconds} s`
        progress(`one server: ${name}, warm-up ${warmUpText}, then ${options.seconds} s`)
        figures.push(
          await measureScenario(name, { servers: [server], targets: [target] }, options, warmUp),
        )
      }
      return figures
    } finally {
      await server.close()
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}
