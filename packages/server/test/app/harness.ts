import { buildPdf } from '../../../core/test/pdf-builder.js'
import { loadConfig } from '../../src/config.js'
import { createExtractionPool, type ExtractionPool } from '../../src/isolation/index.js'
import type { LimitOverrides } from '../../src/limits/index.js'
import type { LinkLimits } from '../../src/links/link-service.js'
import { type OpenServerOptions, openServer, type PdfxServer } from '../../src/server.js'
import { type Handler, type LoopbackServer, startLoopbackServer } from '../fetch/loopback-server.js'
import { reportPdf } from '../isolation/fixtures.js'

/** Starting extraction children from sources takes seconds; requests themselves take far less. */
export const TIMEOUT_MS = 30_000

/** A clock the test moves by hand; starts 20 s into a minute, so windows reset in 40 s. */
export class ManualClock {
  nowMs: number

  constructor(iso = '2026-03-10T08:00:20.000Z') {
    this.nowMs = Date.parse(iso)
  }

  readonly now = (): number => this.nowMs

  advance(ms: number): void {
    this.nowMs += ms
  }

  /** Jumps to 20 s into the next minute: every per-minute counter starts afresh. */
  nextMinute(): void {
    this.nowMs = (Math.floor(this.nowMs / 60_000) + 1) * 60_000 + 20_000
  }
}

/** A listening server and its base URL (`http://127.0.0.1:port`). */
export interface TestServer {
  server: PdfxServer
  url: string
  close(): Promise<void>
}

/** Options of `startTestServer`: environment variables plus the test hooks of `openServer`. */
export interface TestServerOptions {
  env?: { PDFX_DATA_DIR?: string; PDFX_DATABASE_URL?: string; [name: string]: string | undefined }
  pool: ExtractionPool
  clock?: ManualClock
  limits?: LimitOverrides
  linkLimits?: Partial<LinkLimits>
  logger?: OpenServerOptions['logger']
}

/**
 * Opens a server the way production does (from environment variables), on an in-memory
 * database unless `env` names one, allowed to fetch from 127.0.0.1 only, and listens on a free
 * loopback port.
 */
export async function startTestServer(options: TestServerOptions): Promise<TestServer> {
  const env = options.env ?? {}
  const inMemory = env.PDFX_DATA_DIR === undefined && env.PDFX_DATABASE_URL === undefined
  const config = loadConfig({
    ...(inMemory && { PDFX_DATABASE_URL: ':memory:' }),
    PDFX_FETCH_ALLOW: '127.0.0.1/32',
    ...env,
  })
  const server = await openServer(config, {
    pool: options.pool,
    ...(options.clock && { clock: options.clock.now }),
    ...(options.limits && { limits: options.limits }),
    ...(options.linkLimits && { linkLimits: options.linkLimits }),
    ...(options.logger && { logger: options.logger }),
  })
  const url = await server.app.listen({ port: 0, host: '127.0.0.1' })
  return { server, url, close: () => server.close() }
}

/** A listening server with its own pool and PDF origin, for other packages' contract tests. */
export interface LiveServer {
  app: TestServer
  /** `http://127.0.0.1:port` of the API. */
  url: string
  origin: PdfOrigin
  clock: ManualClock
  /** Creates an account and returns it with its first API key. */
  newKey(plan?: 'free' | 'pro'): Promise<{ accountId: string; key: string }>
  close(): Promise<void>
}

/**
 * Starts one extraction child, the PDF origin (see `startPdfOrigin`) and a server on them, with
 * `limits` if given; the clock starts at `clockStart` (a fixed instant by default).
 */
export async function startLiveServer(
  options: { limits?: LimitOverrides; clockStart?: string } = {},
): Promise<LiveServer> {
  const pool = createExtractionPool({ size: 1, prestart: true })
  const clock = new ManualClock(options.clockStart)
  const origin = await startPdfOrigin()
  const app = await startTestServer({
    pool,
    clock,
    ...(options.limits && { limits: options.limits }),
  })
  let accounts = 0
  return {
    app,
    url: app.url,
    origin,
    clock,
    async newKey(plan = 'free') {
      accounts++
      const created = await app.server.store.createAccount({
        email: `live-${accounts}-${Date.now()}@example.com`,
        plan,
      })
      return { accountId: created.account.id, key: created.apiKey }
    },
    async close() {
      await app.close()
      await origin.close()
      await pool.close()
    },
  }
}

/** A response read in full; `body` is the parsed JSON. */
export interface JsonResponse {
  status: number
  headers: Headers
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the server answered
  body: any
}

/** Sends `POST /api/v1/extract`; `raw` replaces the JSON body, `key` adds the bearer header. */
export async function postExtract(
  baseUrl: string,
  body: unknown,
  options: { key?: string; headers?: Record<string, string>; raw?: string } = {},
): Promise<JsonResponse> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(options.key !== undefined && { authorization: `Bearer ${options.key}` }),
  }
  const response = await fetch(`${baseUrl}/api/v1/extract`, {
    method: 'POST',
    headers: { ...headers, ...options.headers },
    body: options.raw ?? JSON.stringify(body),
  })
  return readJson(response)
}

/** Reads a response whose body is JSON. */
export async function readJson(response: Response): Promise<JsonResponse> {
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: JSON.parse(text) }
}

/** A one-page PDF with two short lines: the cheapest document to extract. */
export function onePagePdf(): Promise<Uint8Array> {
  return buildPdf([
    [
      { text: 'Invoice 42', size: 18, x: 72, y: 80, font: 'bold' },
      { text: 'Total due: 12 euros.', x: 72, y: 120 },
    ],
  ])
}

/** Starts with `%PDF-` (so the fetcher takes it) but has no body or cross-reference table. */
export const DAMAGED_PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog \n%%EOF\n')

/** An origin serving test documents on 127.0.0.1; see `pdfOrigin` for the paths. */
export interface PdfOrigin extends LoopbackServer {
  /** How many requests each path received. */
  hits(path: string): number
}

/**
 * The PDF origin of the app tests: `/report-<n>.pdf` (n pages), `/one.pdf`, `/damaged.pdf`,
 * `/page.pdf` (HTML served as a PDF), `/huge.pdf` (26 MiB streamed without a length),
 * `/error.pdf` (500), `/slow.pdf?ms=<n>` (one page after a delay).
 */
export async function startPdfOrigin(): Promise<PdfOrigin> {
  const one = await onePagePdf()
  const reports = new Map<number, Uint8Array>()
  for (const pages of [1, 2, 3]) reports.set(pages, await reportPdf(pages))
  const hitCounts = new Map<string, number>()
  const pdf =
    (bytes: Uint8Array): Handler =>
    (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/pdf' })
      response.end(bytes)
    }
  const routes: Record<string, Handler> = {
    '/one.pdf': pdf(one),
    '/damaged.pdf': pdf(DAMAGED_PDF),
    '/page.pdf': (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/pdf' })
      response.end('<!doctype html><html><body>Not a PDF</body></html>')
    },
    '/huge.pdf': (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/pdf' })
      const chunk = Buffer.alloc(1024 * 1024, 0x20)
      chunk.write('%PDF-1.7\n')
      let sent = 0
      const writeMore = () => {
        while (sent < 26 && !response.destroyed) {
          sent++
          if (!response.write(chunk)) return void response.once('drain', writeMore)
        }
        response.end()
      }
      writeMore()
    },
    '/error.pdf': (_request, response) => {
      response.writeHead(500, { 'content-type': 'text/plain' })
      response.end('boom')
    },
    '/slow.pdf': (request, response) => {
      const ms = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('ms') ?? 500)
      setTimeout(() => pdf(one)(request, response), ms)
    },
  }
  for (const [pages, bytes] of reports) routes[`/report-${pages}.pdf`] = pdf(bytes)
  const origin = await startLoopbackServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/'
    hitCounts.set(path, (hitCounts.get(path) ?? 0) + 1)
    const route = routes[path]
    if (route) return route(request, response)
    response.writeHead(404)
    response.end()
  })
  return Object.assign(origin, { hits: (path: string) => hitCounts.get(path) ?? 0 })
}
