import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import {
  ErrorBodySchema,
  ExtractedDocumentSchema,
  GetChunksResultSchema,
  ListTablesResultSchema,
  type Table,
} from '@pdfx/schema'
import fastify, { type FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest'
import { ruledTablePdf, TABLE_ROWS } from '../../../core/test/pdf-builder.js'
import { buildApp } from '../../src/app.js'
import { createPdfFetcher, type PdfFetcher } from '../../src/fetch/fetch-pdf.js'
import { createExtractionPool, type ExtractionPool } from '../../src/isolation/index.js'
import { createMemoryRateLimiter, type LimitOverrides } from '../../src/limits/index.js'
import { KyselyLinkStore } from '../../src/links/kysely-link-store.js'
import { createLinkService, type LinkService } from '../../src/links/link-service.js'
import { createMemoryBlobStore } from '../../src/links/memory-blob-store.js'
import { MCP_PATH, registerMcp } from '../../src/mcp/index.js'
import { createExtractionService, type ExtractionService } from '../../src/service/index.js'
import { openStore, type Store } from '../../src/store/index.js'
import { type LoopbackServer, startLoopbackServer } from '../fetch/loopback-server.js'
import { reportPdf } from './fixtures.js'

// Starting the extraction children from sources, each loading pdf.js, takes a few seconds.
const STARTUP_TIMEOUT_MS = 30_000
const GENEROUS: LimitOverrides = { requestsPerWindow: { anonymous: 1000, free: 1000 } }

// Every URL in these tests is on loopback: the origin on 127.0.0.1 (allowed) and a decoy on
// 127.0.0.2 (refused by the guard, which its connection count proves).

let dataDir: string
let store: Store
let fetcher: PdfFetcher
let pool: ExtractionPool
let origin: LoopbackServer
let decoy: LoopbackServer
let apiKey: string
let warnings: MockInstance<(...args: unknown[]) => void>
const apps: FastifyInstance[] = []
const clients: Client[] = []

beforeAll(async () => {
  warnings = vi.spyOn(console, 'warn').mockImplementation(() => {})
  dataDir = mkdtempSync(join(tmpdir(), 'pdfx-mcp-'))
  store = await openStore({ dataDir })
  apiKey = (await store.createAccount({ email: 'mcp@example.com', plan: 'free' })).apiKey
  const files = new Map<string, { type: string; body: Uint8Array | string }>([
    ['/report.pdf', { type: 'application/pdf', body: await reportPdf() }],
    ['/table.pdf', { type: 'application/pdf', body: await ruledTablePdf() }],
    // An HTML page that claims to be a PDF, as misconfigured origins do.
    ['/page.pdf', { type: 'application/pdf', body: '<!doctype html><title>Hi</title><p>Hi</p>' }],
  ])
  origin = await startLoopbackServer((request, response) => {
    if (request.url === '/slow.pdf') return // never answers: the fetch waits until aborted
    const file = files.get(request.url ?? '')
    response.writeHead(file ? 200 : 404, { 'content-type': file?.type ?? 'text/plain' })
    response.end(file?.body ?? 'not found')
  })
  decoy = await startLoopbackServer((_request, response) => response.end(), '127.0.0.2')
  fetcher = createPdfFetcher({ allow: ['127.0.0.1/32'], timeoutMs: 5000 })
  pool = createExtractionPool({ size: 2, prestart: true })
  // Warm up here rather than in the first test, so that every test runs with the default
  // timeout: a child turns idle only once it has loaded pdf.js and extracted a warm-up PDF, and
  // waiting for both keeps their start-up from competing with the tests.
  // A little less than the hook's own limit, so that a slow start reports the idle count.
  await vi.waitFor(() => expect(pool.stats().idle).toBe(2), {
    timeout: STARTUP_TIMEOUT_MS - 5000,
    interval: 20,
  })
}, STARTUP_TIMEOUT_MS)

afterAll(async () => {
  await Promise.allSettled(clients.map((client) => client.close()))
  await Promise.allSettled(apps.map((app) => app.close()))
  await pool.close()
  await fetcher.close()
  await origin.close()
  await decoy.close()
  await store.close()
  rmSync(dataDir, { recursive: true, force: true })
  // The SDK client's Ajv knows no `format: "base64"` (ExtractedImageSchema.data, from z.base64())
  // and warns each time it compiles extract_pdf's output schema; the fix belongs in
  // @pdfx/schema. Any other warning fails the run.
  const unexpected = warnings.mock.calls.filter(
    ([message]) => !String(message).startsWith('unknown format "base64" ignored'),
  )
  expect(unexpected).toEqual([])
})

/** The app's extraction service on the shared pool; limits high enough never to interfere. */
function extractionService(limits: LimitOverrides = {}): ExtractionService {
  return createExtractionService({
    store,
    fetcher,
    pool,
    rateLimiter: createMemoryRateLimiter(),
    limits: { anonymousPerDay: 1000, ...limits },
  })
}

/** The Doc Link service on the test store, its PDFs in memory. */
function linkService(): LinkService {
  const blobs = createMemoryBlobStore()
  return createLinkService({
    library: new KyselyLinkStore(store.db, blobs),
    blobs,
    fetcher,
    rateLimiter: createMemoryRateLimiter(),
    baseUrl: 'http://localhost:8787',
  })
}

/**
 * A listening app with only the MCP endpoint; the type provider is the one the real app uses.
 * Lines the app logs at level error go to `logged` when given.
 */
async function startApp(service = extractionService(GENEROUS), logged?: string[]): Promise<string> {
  // Force: the SDK client's fetch pool can leave a fresh socket with no request on it, which
  // would hold close() until the headers timeout.
  const app = fastify({
    forceCloseConnections: true,
    logger: logged ? { level: 'error', stream: { write: (line) => logged.push(line) } } : false,
  }).withTypeProvider<ZodTypeProvider>()
  registerMcp(app, { service, links: linkService(), store })
  return listen(app)
}

async function listen(app: FastifyInstance): Promise<string> {
  apps.push(app)
  await app.listen({ host: '127.0.0.1', port: 0 })
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${MCP_PATH}`
}

let sharedEndpoint: Promise<string> | undefined
const endpoint = () => {
  sharedEndpoint ??= startApp()
  return sharedEndpoint
}

/** An SDK client, connected and with the tools listed, so it checks structured content too. */
async function connect(key?: string, url?: string): Promise<Client> {
  const client = new Client({ name: 'pdfx-test', version: '0.0.0' })
  const headers = key === undefined ? undefined : { authorization: `Bearer ${key}` }
  const transport = new StreamableHTTPClientTransport(
    new URL(url ?? (await endpoint())),
    headers && { requestInit: { headers } },
  )
  await client.connect(transport)
  clients.push(client)
  await client.listTools()
  return client
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult
}

function texts(result: CallToolResult): string[] {
  return result.content.flatMap((block) => (block.type === 'text' ? [block.text] : []))
}

function errorOf(result: CallToolResult) {
  expect(result.isError).toBe(true)
  expect(result.structuredContent).toBeUndefined()
  return ErrorBodySchema.parse(JSON.parse(texts(result)[0] ?? '')).error
}

function grid(table: Table): string[][] {
  const rows = Array.from({ length: table.rows }, () => new Array<string>(table.columns).fill(''))
  for (const cell of table.cells) (rows[cell.row] as string[])[cell.column] = cell.text
  return rows
}

describe('MCP endpoint', () => {
  it('lists the extraction tools with their input and output schemas', async () => {
    const listed = (await (await connect()).listTools()).tools
    const extractionTools = ['extract_pdf', 'get_chunks', 'list_tables']
    expect(listed.map((tool) => tool.name).slice(0, 3)).toEqual(extractionTools)
    const tools = listed.filter((tool) => extractionTools.includes(tool.name))
    const byName = new Map(tools.map((tool) => [tool.name, tool]))
    expect(Object.keys(byName.get('extract_pdf')?.inputSchema.properties ?? {}).sort()).toEqual([
      'chunkTokens',
      'mode',
      'outputs',
      'url',
    ])
    expect(Object.keys(byName.get('get_chunks')?.inputSchema.properties ?? {}).sort()).toEqual([
      'chunkTokens',
      'mode',
      'url',
    ])
    expect(Object.keys(byName.get('list_tables')?.inputSchema.properties ?? {})).toEqual(['url'])
    for (const tool of tools) {
      expect(tool.inputSchema.required).toEqual(['url'])
      expect(tool.outputSchema?.type).toBe('object')
      expect(tool.annotations?.readOnlyHint).toBe(true)
    }
  })

  it('extract_pdf returns the ExtractedDocument and its Markdown, anonymously too', async () => {
    const url = `${origin.origin}/report.pdf`
    for (const client of [await connect(apiKey), await connect()]) {
      const result = await call(client, 'extract_pdf', { url })
      expect(result.isError).toBeFalsy()
      const document = ExtractedDocumentSchema.parse(result.structuredContent)
      expect(document.source.pages).toBe(2)
      expect(document.elements[0]).toMatchObject({ type: 'heading', text: 'Annual review' })
      expect(texts(result)).toEqual([document.markdown])
      expect(document.markdown).toMatch(/^# Annual review\n/)
    }
  })

  it('extract_pdf renders the document as JSON when no Markdown is asked for', async () => {
    const client = await connect(apiKey)
    const url = `${origin.origin}/report.pdf`
    const result = await call(client, 'extract_pdf', { url, outputs: ['elements'] })
    const document = ExtractedDocumentSchema.parse(result.structuredContent)
    expect(document.markdown).toBe('')
    expect(JSON.parse(texts(result)[0] ?? '')).toEqual(result.structuredContent)
  })

  it('get_chunks respects chunkTokens and gives each chunk its page, section and elements', async () => {
    const client = await connect(apiKey)
    const url = `${origin.origin}/report.pdf`
    const small = GetChunksResultSchema.parse(
      (await call(client, 'get_chunks', { url, chunkTokens: 64 })).structuredContent,
    )
    const whole = GetChunksResultSchema.parse(
      (await call(client, 'get_chunks', { url })).structuredContent,
    )
    expect(small.chunkTokens).toBe(64)
    expect(whole.chunkTokens).toBe(512)
    expect(small.chunks.length).toBeGreaterThan(whole.chunks.length)
    for (const chunk of small.chunks) {
      expect(chunk.tokens).toBeLessThanOrEqual(64)
      expect(chunk.elementIds.length).toBeGreaterThan(0)
    }
    expect(new Set(small.chunks.map((chunk) => chunk.page))).toEqual(new Set([1, 2]))
    expect(new Set(small.chunks.map((chunk) => chunk.section))).toEqual(
      new Set(['Annual review', 'Outlook']),
    )
    const result = await call(client, 'get_chunks', { url, chunkTokens: 64 })
    expect(texts(result)[0]).toMatch(/^\[ch_0001\] page 1 · section "Annual review" · \d+ tokens\n/)
  })

  it('list_tables returns the cells of a ruled table with page and bounding box', async () => {
    const client = await connect(apiKey)
    const result = await call(client, 'list_tables', { url: `${origin.origin}/table.pdf` })
    const { tables } = ListTablesResultSchema.parse(result.structuredContent)
    expect(tables).toHaveLength(1)
    const table = tables[0] as Table
    expect(grid(table)).toEqual(TABLE_ROWS)
    expect(table).toMatchObject({ page: 1, rows: 4, columns: 3, headerRows: 1 })
    const [left, top, right, bottom] = table.bbox
    expect(left).toBeCloseTo(72, -1)
    expect(right).toBeGreaterThan(left)
    expect(top).toBeGreaterThan(100)
    expect(bottom).toBeGreaterThan(top)
    expect(texts(result)[0]).toContain('| Region | Units | Revenue |\n| --- | --- | --- |')
  })

  it('answers a refused address with a url_not_allowed tool error, never dialling it', async () => {
    const client = await connect(apiKey)
    const result = await call(client, 'extract_pdf', { url: `${decoy.origin}/report.pdf` })
    expect(errorOf(result).code).toBe('url_not_allowed')
    expect(decoy.connections()).toBe(0)
  })

  it('answers HTML served as a PDF with a not_a_pdf tool error', async () => {
    const client = await connect()
    const result = await call(client, 'list_tables', { url: `${origin.origin}/page.pdf` })
    expect(errorOf(result)).toEqual({ code: 'not_a_pdf', message: expect.any(String) })
  })

  it('rate-limits tool calls only, with a rate_limited tool error', async () => {
    const url = await startApp(extractionService({ requestsPerWindow: { free: 1 } }))
    const client = await connect(apiKey, url)
    await client.listTools()
    const report = `${origin.origin}/report.pdf`
    expect((await call(client, 'extract_pdf', { url: report })).isError).toBeFalsy()
    expect(errorOf(await call(client, 'extract_pdf', { url: report })).code).toBe('rate_limited')
  })

  it('refuses arguments that do not match the input schema, and unknown tools, with invalid_request', async () => {
    const client = await connect()
    // The SDK checks arguments before any tool code runs; its refusal gets our error body too.
    expect(errorOf(await call(client, 'get_chunks', { url: 'ftp://example.com/a.pdf' }))).toEqual({
      code: 'invalid_request',
      message: expect.stringMatching(
        /^Input validation error: .* for tool get_chunks: Invalid URL/,
      ),
    })
    expect(errorOf(await call(client, 'extract_pdf', {}))).toMatchObject({
      code: 'invalid_request',
    })
    // A client that did not list the tools may still ask for one that does not exist.
    const unlisted = await client.callTool({ name: 'ocr_pdf', arguments: {} })
    expect(errorOf(unlisted as CallToolResult)).toEqual({
      code: 'invalid_request',
      message: expect.stringContaining('ocr_pdf'),
    })
  })

  it('answers a result that fails its own output schema with an internal error, details logged only', async () => {
    // Our bug, not the caller's. The SDK refuses the result with its own text, which the endpoint
    // recognises by the SDK's wording ("Output validation error"): should a new SDK word it
    // otherwise, the detail would reach the client as invalid_request and this test fail.
    const base = extractionService(GENEROUS)
    const logged: string[] = []
    const url = await startApp(
      {
        admit: (caller) => base.admit(caller),
        extract: async (caller, request, signal) => ({
          ...(await base.extract(caller, request, signal)),
          // Not in ExtractedDocumentSchema, a strict object.
          scratchPath: '/var/lib/pdfx/secret',
        }),
      },
      logged,
    )
    const client = await connect(undefined, url)
    const result = await call(client, 'extract_pdf', { url: `${origin.origin}/report.pdf` })
    expect(errorOf(result)).toEqual({
      code: 'internal',
      message: 'The tool failed to produce a valid result',
    })
    expect(JSON.stringify(result)).not.toContain('scratchPath')
    expect(logged.join('')).toMatch(/Output validation error: .*extract_pdf.*scratchPath/)
  })

  it('answers a bad key with HTTP 401 and the REST error body before any MCP processing', async () => {
    await expect(connect('pdfx_notARealKey')).rejects.toSatisfy(
      (error) => error instanceof StreamableHTTPError && error.code === 401,
    )
    for (const authorization of ['Bearer pdfx_notARealKey', `Basic ${apiKey}`, 'Bearer']) {
      const response = await fetch(await endpoint(), {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      })
      expect(response.status).toBe(401)
      expect(ErrorBodySchema.parse(await response.json()).error.code).toBe('unauthorized')
    }
  })

  it('refuses a revoked key', async () => {
    const {
      account,
      apiKey: revoked,
      key,
    } = await store.createAccount({
      email: 'revoked@example.com',
      plan: 'free',
    })
    await store.revokeApiKey(account.id, key.id)
    await expect(connect(revoked)).rejects.toSatisfy(
      (error) => error instanceof StreamableHTTPError && error.code === 401,
    )
  })

  it('aborts the extraction of a client that hangs up', async () => {
    const base = extractionService(GENEROUS)
    const signals: AbortSignal[] = []
    const url = await startApp({
      admit: (caller) => base.admit(caller),
      extract: (caller, request, signal) => {
        if (signal) signals.push(signal)
        return base.extract(caller, request, signal)
      },
    })
    const client = await connect(undefined, url)
    const pending = call(client, 'extract_pdf', { url: `${origin.origin}/slow.pdf` })
    await vi.waitFor(() => expect(origin.paths).toContain('/slow.pdf'))
    expect(signals.map((signal) => signal.aborted)).toEqual([false])
    await client.close()
    await expect(pending).rejects.toThrow()
    await vi.waitFor(() => expect(signals[0]?.aborted).toBe(true))
  })

  it('is mounted by buildApp, with the rate-limit headers of REST on tool calls', async () => {
    const app = buildApp({ store, service: extractionService(GENEROUS), links: linkService() })
    const url = await listen(app)
    const { tools } = await (await connect(apiKey, url)).listTools()
    expect(tools.map((tool) => tool.name)).toEqual([
      'extract_pdf',
      'get_chunks',
      'list_tables',
      'create_doc_link',
      'list_doc_links',
      'get_doc_link_stats',
      'revoke_doc_link',
    ])
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiKey}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'extract_pdf', arguments: { url: `${origin.origin}/page.pdf` } },
      }),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('ratelimit-policy')).toBe('"minute";q=1000;w=60')
    expect(response.headers.get('ratelimit')).toMatch(/^"minute";r=999;t=\d+$/)
    const { id, result } = (await response.json()) as { id: number; result: CallToolResult }
    expect(id).toBe(7)
    expect(errorOf(result).code).toBe('not_a_pdf')
  })

  it('answers GET and DELETE with 405: there are no sessions or server streams', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(await endpoint(), {
        method,
        headers: { accept: 'text/event-stream' },
      })
      expect(response.status).toBe(405)
      expect(response.headers.get('allow')).toBe('POST')
    }
  })
})
