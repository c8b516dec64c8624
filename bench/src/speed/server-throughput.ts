import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { extract } from '@pdfx/core'
import type { ExtractRequestInput, OutputKind } from '@pdfx/schema'
// A relative import until bench lists @pdfx/server as a workspace dependency.
import { type Config, loadConfig, openServer, type PdfxServer } from '@pdfx/server'
import { type ClosedLoopResult, runClosedLoop } from './closed-loop'
import type { CorpusPdf } from './corpus-files'

/** Extraction options of both paths: the REST defaults, written out so the two cannot differ. */
const OPTIONS: { mode: 'fast'; outputs: OutputKind[]; chunkTokens: number } = {
  mode: 'fast',
  outputs: ['markdown', 'elements'],
  chunkTokens: 512,
}
/**
 * Untimed requests per path before the rounds: they start both pool children and warm their JIT
 * (with 4, the first timed HTTP round still ran about 35% slower than the later ones).
 */
const WARM_UP_REQUESTS = 12
/**
 * Requests per minute allowed to the bench's pro key. The rate limiter still runs on every
 * request; it just never refuses one of these (the production pro limit, 60, would).
 */
const BENCH_REQUESTS_PER_WINDOW = 1_000_000
/** Purchased pages given to the bench account, so the monthly quota never runs out mid-run. */
const BENCH_CREDITS = 1_000_000

/** Options of `measureServerThroughput`. */
export interface ServerThroughputOptions {
  /** Timed requests per round and path. */
  requests: number
  /** Concurrent clients (in-flight requests or `extract` calls). */
  clients: number
  rounds: number
  onProgress?: (message: string) => void
}

/** Requests per second through the HTTP server and through `extract` in this process. */
export interface ServerThroughput {
  documents: string[]
  requests: number
  clients: number
  /** Extraction child processes of the server's pool (its default: one per core). */
  poolSize: number
  /** The fastest round of each path; each round's rate is in `*RoundRates`. */
  http: ClosedLoopResult
  direct: ClosedLoopResult
  httpRoundRates: number[]
  directRoundRates: number[]
  /** http.requestsPerSecond / direct.requestsPerSecond. */
  ratio: number
}

/**
 * Compares `POST /api/v1/extract` on loopback (the server as `openServer` assembles it: SQLite
 * store in a temporary directory, guarded fetcher allowed 127.0.0.1/32, child-process pool,
 * in-process rate limiter, a pro key) with calling `extract` directly, both with `clients`
 * requests in flight. The server fetches the PDFs from a loopback origin that serves them from
 * memory. Request i of a run reads `pdfs[i % pdfs.length]` on both paths; the paths take turns,
 * who goes first alternating by round. Everything opened is closed before it returns.
 */
export async function measureServerThroughput(
  pdfs: readonly CorpusPdf[],
  options: ServerThroughputOptions,
): Promise<ServerThroughput> {
  if (pdfs.length === 0) throw new Error('The server benchmark needs at least one PDF')
  const progress = options.onProgress ?? (() => undefined)
  const dataDir = await mkdtemp(join(tmpdir(), 'pdfx-bench-server-'))
  const origin = await serveFromMemory(pdfs)
  let server: PdfxServer | undefined
  try {
    server = await openServer(benchConfig(dataDir), {
      limits: { requestsPerWindow: { pro: BENCH_REQUESTS_PER_WINDOW } },
      poolOptions: { prestart: true },
    })
    const { account, apiKey } = await server.store.createAccount({
      email: 'bench@example.com',
      plan: 'pro',
    })
    await server.store.addCredits(account.id, BENCH_CREDITS)
    const address = await server.app.listen({ host: '127.0.0.1', port: 0 })

    const expectedPages = await Promise.all(
      pdfs.map(async (pdf) => (await extract(pdf.bytes, OPTIONS)).source.pages),
    )
    const check = (index: number, pages: number | undefined, path: string) => {
      const expected = expectedPages[index % pdfs.length]
      if (pages !== expected) {
        throw new Error(`${path} read ${pages} pages of ${nameOf(pdfs, index)}, not ${expected}`)
      }
    }
    const sendDirect = async (index: number) => {
      const pdf = pdfs[index % pdfs.length] as CorpusPdf
      check(index, (await extract(pdf.bytes, OPTIONS)).source.pages, 'extract')
    }
    const sendHttp = async (index: number) => {
      const body: ExtractRequestInput = { url: origin.urls[index % pdfs.length] ?? '', ...OPTIONS }
      const response = await fetch(`${address}/api/v1/extract`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      const document = (await response.json()) as { source?: { pages?: number } }
      if (!response.ok) {
        throw new Error(
          `POST /api/v1/extract answered ${response.status}: ${JSON.stringify(document)}`,
        )
      }
      check(index, document.source?.pages, 'HTTP')
    }

    progress(`server: warming up, ${WARM_UP_REQUESTS} requests per path`)
    await runClosedLoop(WARM_UP_REQUESTS, options.clients, sendDirect)
    await runClosedLoop(WARM_UP_REQUESTS, options.clients, sendHttp)
    const httpRuns: ClosedLoopResult[] = []
    const directRuns: ClosedLoopResult[] = []
    for (let round = 0; round < options.rounds; round++) {
      const turns = [
        async () =>
          directRuns.push(await runClosedLoop(options.requests, options.clients, sendDirect)),
        async () => httpRuns.push(await runClosedLoop(options.requests, options.clients, sendHttp)),
      ]
      if (round % 2 === 1) turns.reverse()
      for (const turn of turns) await turn()
      progress(
        `server round ${round + 1}/${options.rounds}: HTTP ${httpRuns.at(-1)?.requestsPerSecond.toFixed(1)} req/s, direct ${directRuns.at(-1)?.requestsPerSecond.toFixed(1)} req/s`,
      )
    }
    const http = fastest(httpRuns)
    const direct = fastest(directRuns)
    return {
      documents: pdfs.map((pdf) => `${pdf.set}/${pdf.name}`),
      requests: options.requests,
      clients: options.clients,
      poolSize: Math.max(1, availableParallelism()),
      http,
      direct,
      httpRoundRates: httpRuns.map((run) => run.requestsPerSecond),
      directRoundRates: directRuns.map((run) => run.requestsPerSecond),
      ratio: http.requestsPerSecond / direct.requestsPerSecond,
    }
  } finally {
    // The server first: it stops fetching from the origin before the origin goes away.
    await server?.close()
    await origin.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

function benchConfig(dataDir: string): Config {
  // The production parser, so that the benchmark configures the server as an operator would.
  return loadConfig({
    PDFX_HOST: '127.0.0.1',
    PDFX_PORT: '0',
    PDFX_DATA_DIR: dataDir,
    // The origin is on loopback, which the fetcher refuses unless allowed.
    PDFX_FETCH_ALLOW: '127.0.0.1/32',
    PDFX_LOG_LEVEL: 'silent',
  })
}

function fastest(runs: readonly ClosedLoopResult[]): ClosedLoopResult {
  const best = runs.reduce<ClosedLoopResult | undefined>(
    (found, run) => (found && found.requestsPerSecond >= run.requestsPerSecond ? found : run),
    undefined,
  )
  if (!best) throw new Error('The server benchmark ran no rounds')
  return best
}

function nameOf(pdfs: readonly CorpusPdf[], index: number): string {
  return pdfs[index % pdfs.length]?.name ?? String(index)
}

/** A loopback HTTP origin serving each PDF at `/<index>.pdf`, from memory. */
interface Origin {
  urls: string[]
  close(): Promise<void>
}

async function serveFromMemory(pdfs: readonly CorpusPdf[]): Promise<Origin> {
  const server: Server = createServer((request, response) => {
    const pdf = pdfs[Number(/^\/(\d+)\.pdf$/.exec(request.url ?? '')?.[1] ?? -1)]
    if (!pdf) {
      response.writeHead(404).end()
      return
    }
    response
      .writeHead(200, { 'content-type': 'application/pdf', 'content-length': pdf.bytes.byteLength })
      .end(pdf.bytes)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  return {
    urls: pdfs.map((_, index) => `http://127.0.0.1:${port}/${index}.pdf`),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        // Keep-alive connections from the fetcher would otherwise hold close() open.
        server.closeAllConnections()
      }),
  }
}
