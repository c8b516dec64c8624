/**
 * The hostile corpus of @pdfx/core through a real server: each PDF is served by an origin on
 * 127.0.0.1 and posted by URL to `POST /api/v1/extract` (which extracts it in the pool of child
 * processes) and to `POST /api/v1/links` (which stores it without parsing it). While they run,
 * probes keep asking for `/health` and for a small, normal extraction, and must keep getting
 * answers. Named `*.hostile-test.ts` so that `pnpm test` leaves it out; `pnpm test:hostile` runs it.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { DocLinkSchema, ErrorBodySchema, ExtractedDocumentSchema, errorStatus } from '@pdfx/schema'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  HOSTILE_CASES,
  type HostileCase,
  READABLE_TEXT,
} from '../../../core/test/hostile/hostile-pdfs.js'
import { createExtractionPool, type ExtractionPool } from '../../src/isolation/index.js'
import {
  type JsonResponse,
  onePagePdf,
  readJson,
  startTestServer,
  type TestServer,
} from '../app/harness.js'
import { type LoopbackServer, startLoopbackServer } from '../fetch/loopback-server.js'

/** Longest a probe may wait for its answer before the server counts as unresponsive, in ms. */
const PROBE_MAX_LATENCY_MS = 5_000
/** A request still unanswered after this long fails the test instead of hanging it, in ms. */
const REQUEST_TIMEOUT_MS = 45_000
/** Pause between two probes of one kind, in milliseconds. */
const PROBE_INTERVAL_MS = 200
/**
 * Far longer than any case takes (under 2 s each), far shorter than the default 60 s, so that a
 * case that did hang a child would fail within this suite's budget.
 */
const POOL_DEADLINE_MS = 20_000
/** The memory limit of one extraction child, in megabytes: the production default. */
const POOL_MEMORY_MB = 1024
/** The inputs that are no PDF at all: the fetcher refuses them before anything is stored. */
const NOT_PDFS = new Set(['zero-bytes', 'html', 'random-bytes'])
/** Bombs the guard of @pdfx/core sees: Doc Links refuse them too, for the viewers' sake. */
const FLATE_BOMBS = new Set(['bomb-512mib', 'bomb-2gib', 'bomb-2gib-double-deflate'])

let pool: ExtractionPool
let origin: LoopbackServer
let app: TestServer
let dataDir: string
let probes: Probes

beforeAll(async () => {
  // The bombs are assembled once, before the origin has to serve them.
  for (const hostile of HOSTILE_CASES) hostile.bytes()
  const normal = await onePagePdf()
  dataDir = mkdtempSync(join(tmpdir(), 'pdfx-hostile-'))
  // Two children, as on a two-core machine; hostile documents are sent one at a time, so one
  // child is always free for the probes unless a hostile document takes both.
  pool = createExtractionPool({
    size: 2,
    prestart: true,
    deadlineMs: POOL_DEADLINE_MS,
    maxMemoryMb: POOL_MEMORY_MB,
  })
  origin = await startLoopbackServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/'
    const bytes =
      path === '/normal.pdf'
        ? normal
        : HOSTILE_CASES.find((hostile) => path === `/${hostile.name}.pdf`)?.bytes()
    if (bytes === undefined) {
      response.writeHead(404)
      response.end()
      return
    }
    // Every one is sent as a PDF: the HTML too, as a misconfigured origin would.
    response.writeHead(200, { 'content-type': 'application/pdf' })
    response.end(bytes)
  })
  // On its embedded default (SQLite file, blob directory), so that "nothing stored" is checked
  // on disk. Limits are raised so that only the documents decide the answers.
  app = await startTestServer({
    pool,
    env: { PDFX_DATA_DIR: dataDir },
    limits: { requestsPerWindow: { free: 10_000, pro: 10_000 } },
    linkLimits: { freeActiveLinks: 1_000, uploadsPerWindow: 1_000 },
  })
  // Probes start once both children are ready, so that they measure hostile documents and not
  // the children's start-up.
  await vi.waitFor(() => expect(pool.stats().idle).toBe(2), { timeout: 60_000, interval: 50 })
  const prober = await app.server.store.createAccount({
    email: 'prober@example.com',
    plan: 'pro',
  })
  probes = startProbes(app.url, prober.apiKey, `${origin.origin}/normal.pdf`)
}, 60_000)

afterAll(async () => {
  await probes?.stop()
  await app?.close()
  await origin?.close()
  await pool?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

/** Latencies of the probes, in milliseconds, and what went wrong with any of them. */
interface ProbeStats {
  health: number[]
  extract: number[]
  failures: string[]
}

interface Probes {
  /** Latencies and failures so far. */
  stats: ProbeStats
  stop(): Promise<ProbeStats>
}

/**
 * Two loops that run until stopped: `GET /health`, and `POST /api/v1/extract` of a one-page PDF
 * with its own (pro) key. Every answer must be a 200 with the right body.
 */
function startProbes(baseUrl: string, key: string, normalUrl: string): Probes {
  const stats: ProbeStats = { health: [], extract: [], failures: [] }
  let running = true
  const loop = async (kind: 'health' | 'extract', ask: () => Promise<string | undefined>) => {
    while (running) {
      const started = performance.now()
      try {
        const failure = await ask()
        if (failure !== undefined) stats.failures.push(`${kind}: ${failure}`)
      } catch (error) {
        stats.failures.push(`${kind}: ${String(error)}`)
      }
      stats[kind].push(performance.now() - started)
      await sleep(PROBE_INTERVAL_MS)
    }
  }
  const loops = [
    loop('health', async () => {
      const response = await fetch(`${baseUrl}/health`, {
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      })
      const body = await response.text()
      return response.status === 200 ? undefined : `${response.status} ${body}`
    }),
    loop('extract', async () => {
      const response = await post(baseUrl, '/api/v1/extract', key, { url: normalUrl })
      if (response.status !== 200) return `${response.status} ${JSON.stringify(response.body)}`
      return response.body.markdown?.includes('Invoice 42') ? undefined : 'no markdown'
    }),
  ]
  return {
    stats,
    stop: async () => {
      running = false
      await Promise.all(loops)
      return stats
    },
  }
}

async function post(
  baseUrl: string,
  path: string,
  key: string,
  body: unknown,
): Promise<JsonResponse> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  })
  return readJson(response)
}

function urlOf(hostile: HostileCase): string {
  return `${origin.origin}/${hostile.name}.pdf`
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

function blobFiles(): string[] {
  const directory = join(dataDir, 'blobs')
  return existsSync(directory) ? readdirSync(directory) : []
}

async function linkRowCount(): Promise<number> {
  const rows = await app.server.store.db.selectFrom('links').select('id').execute()
  return rows.length
}

/** What a response said, reduced to what the expectations talk about. */
function answerSummary(response: JsonResponse): Record<string, unknown> {
  if (response.status !== 200) {
    return { status: response.status, code: ErrorBodySchema.parse(response.body).error.code }
  }
  const document = ExtractedDocumentSchema.parse(response.body)
  return {
    status: 200,
    pages: document.source.pages,
    text: document.markdown.includes(READABLE_TEXT) ? READABLE_TEXT : document.markdown,
    ...(document.title !== undefined && { title: document.title }),
  }
}

function expectedAnswer(hostile: HostileCase): Record<string, unknown> {
  const expected = hostile.expected
  if (expected.kind === 'error') {
    return { status: errorStatus[expected.code], code: expected.code }
  }
  return {
    status: 200,
    pages: expected.pages,
    text: expected.text,
    ...(expected.title !== undefined && { title: expected.title }),
  }
}

describe('hostile PDFs through the server', () => {
  it('answers each by URL with its code or its document, charging only documents', {
    timeout: HOSTILE_CASES.length * REQUEST_TIMEOUT_MS,
  }, async ({ annotate }) => {
    for (const hostile of HOSTILE_CASES) {
      // A free account per case, so that what each case cost can be read off its account.
      const { account, apiKey } = await app.server.store.createAccount({
        email: `${hostile.name}@example.com`,
        plan: 'free',
      })
      const started = performance.now()
      const response = await post(app.url, '/api/v1/extract', apiKey, { url: urlOf(hostile) })
      const elapsedMs = Math.round(performance.now() - started)
      const answer = answerSummary(response)
      await annotate(`${hostile.name}: ${JSON.stringify(answer)} in ${elapsedMs} ms`)
      expect({ case: hostile.name, ...answer }).toEqual({
        case: hostile.name,
        ...expectedAnswer(hostile),
      })
      const charged = (await app.server.store.getAccount(account.id))?.monthPages
      const pages = hostile.expected.kind === 'document' ? hostile.expected.pages : 0
      expect({ case: hostile.name, charged }).toEqual({ case: hostile.name, charged: pages })
    }
    // Extraction never stores a document: no Doc Link row and no blob appeared.
    expect(await linkRowCount()).toBe(0)
    expect(blobFiles()).toEqual([])
    // The engine refused every case itself, except those it cannot bound: the memory watchdog
    // killed their children. No child ran out of time or died on its own.
    const stats = pool.stats()
    await annotate(`pool: ${JSON.stringify(stats)}`)
    expect(stats).toMatchObject({
      crashed: 0,
      timedOut: 0,
      overMemory: HOSTILE_CASES.filter((hostile) => hostile.unboundedInCore).length,
    })
  })

  it('stores PDF-looking files as Doc Links verbatim, refusing bombs (422) and non-PDFs (415)', {
    timeout: HOSTILE_CASES.length * REQUEST_TIMEOUT_MS,
  }, async () => {
    // Doc Links keep the bytes for the viewer and never parse them here, so a damaged or
    // encrypted PDF is stored as sent; bytes that are no PDF at all never are, nor a bomb that
    // the visitors' pdf.js would inflate.
    const { account, apiKey } = await app.server.store.createAccount({
      email: 'links@example.com',
      plan: 'free',
    })
    for (const hostile of HOSTILE_CASES) {
      const rowsBefore = await linkRowCount()
      const blobsBefore = blobFiles()
      const response = await post(app.url, '/api/v1/links', apiKey, { url: urlOf(hostile) })
      const refusal = NOT_PDFS.has(hostile.name)
        ? { status: 415, code: 'not_a_pdf' }
        : FLATE_BOMBS.has(hostile.name)
          ? { status: 422, code: 'pdf_too_complex' }
          : undefined
      if (refusal) {
        expect({ case: hostile.name, status: response.status, body: response.body }).toMatchObject({
          case: hostile.name,
          status: refusal.status,
          body: { error: { code: refusal.code } },
        })
        expect(await linkRowCount()).toBe(rowsBefore)
        expect(blobFiles()).toEqual(blobsBefore)
        continue
      }
      expect({ case: hostile.name, status: response.status }).toEqual({
        case: hostile.name,
        status: 200,
      })
      const link = DocLinkSchema.parse(response.body)
      const stored = await app.server.linkStore.findBySlug(link.slug)
      const bytes = hostile.bytes()
      expect(stored).toMatchObject({
        id: link.id,
        accountId: account.id,
        sizeBytes: bytes.length,
        sha256: sha256(bytes),
        name: `${hostile.name}.pdf`,
      })
      expect(blobFiles()).toContain(`${link.id}.pdf`)
    }
    const stored = HOSTILE_CASES.length - NOT_PDFS.size - FLATE_BOMBS.size
    expect(await linkRowCount()).toBe(stored)
    expect(blobFiles()).toHaveLength(stored)
    // Storing costs no pages.
    expect((await app.server.store.getAccount(account.id))?.monthPages).toBe(0)
  })

  it('kept answering /health and a normal extraction throughout', async ({ annotate }) => {
    const stats = await probes.stop()
    const max = (values: number[]) => Math.round(Math.max(...values))
    await annotate(
      `health: ${stats.health.length} probes, max ${max(stats.health)} ms; extract: ${stats.extract.length} probes, max ${max(stats.extract)} ms`,
    )
    expect(stats.failures).toEqual([])
    // Both loops ran through the whole suite, not just once.
    expect(stats.health.length).toBeGreaterThan(10)
    expect(stats.extract.length).toBeGreaterThan(5)
    expect(max(stats.health)).toBeLessThan(PROBE_MAX_LATENCY_MS)
    expect(max(stats.extract)).toBeLessThan(PROBE_MAX_LATENCY_MS)
  })
})
