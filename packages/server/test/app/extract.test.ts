import {
  buildOpenApiDocument,
  ErrorBodySchema,
  ExtractedDocumentSchema,
  HealthSchema,
} from '@pdfx/schema'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createExtractionPool, type ExtractionPool } from '../../src/isolation/index.js'
import type { Account } from '../../src/store/index.js'
import { closedLoopbackPort } from '../fetch/loopback-server.js'
import {
  type JsonResponse,
  ManualClock,
  type PdfOrigin,
  postExtract,
  readJson,
  startPdfOrigin,
  startTestServer,
  type TestServer,
  TIMEOUT_MS,
} from './harness.js'

// One pool, one origin and one server for the whole file: starting children is the slow part.
let pool: ExtractionPool
let origin: PdfOrigin
let app: TestServer
const clock = new ManualClock()

beforeAll(async () => {
  pool = createExtractionPool({ size: 2, prestart: true })
  origin = await startPdfOrigin()
  app = await startTestServer({ pool, clock })
}, TIMEOUT_MS)

afterAll(async () => {
  await app?.close()
  await origin?.close()
  await pool?.close()
})

// Every test starts in a fresh minute, so per-minute counters never leak between tests.
beforeEach(() => clock.nextMinute())

function expectError(response: JsonResponse, status: number, code: string): void {
  expect({ status: response.status, code: response.body?.error?.code }).toEqual({ status, code })
  expect(ErrorBodySchema.parse(response.body).error.message).not.toBe('')
}

async function newAccount(
  plan: 'free' | 'pro' = 'free',
): Promise<{ account: Account; key: string }> {
  const created = await app.server.store.createAccount({
    email: `user-${Math.random().toString(36).slice(2)}@example.com`,
    plan,
  })
  return { account: created.account, key: created.apiKey }
}

describe('health and the API description', () => {
  it('answers /health', async () => {
    const response = await readJson(await fetch(`${app.url}/health`))
    expect(response.status).toBe(200)
    expect(HealthSchema.parse(response.body)).toEqual({ status: 'ok' })
  })

  it('serves the OpenAPI document', async () => {
    const response = await readJson(await fetch(`${app.url}/api/v1/openapi.json`))
    expect(response.status).toBe(200)
    expect(response.body).toEqual(buildOpenApiDocument())
    expect(response.body.paths['/api/v1/extract'].post.operationId).toBe('extractPdf')
  })

  it('answers unknown routes with not_found', async () => {
    expectError(await readJson(await fetch(`${app.url}/api/v1/nothing`)), 404, 'not_found')
  })
})

describe('POST /api/v1/extract', { timeout: TIMEOUT_MS }, () => {
  it('extracts anonymously and says how much of the limit is left', async () => {
    const response = await postExtract(app.url, { url: `${origin.origin}/report-2.pdf` })
    expect(response.status).toBe(200)
    const document = ExtractedDocumentSchema.parse(response.body)
    expect(document.source.pages).toBe(2)
    expect(document.markdown).toContain('# Quarterly report, part 1')
    expect(document.elements.length).toBeGreaterThan(0)
    expect(document.chunks).toBeUndefined()
    expect(response.headers.get('ratelimit-policy')).toBe('"minute";q=5;w=60')
    expect(response.headers.get('ratelimit')).toBe('"minute";r=4;t=40')
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('honours outputs, mode and chunkTokens', async () => {
    const { key } = await newAccount('pro')
    const response = await postExtract(
      app.url,
      {
        url: `${origin.origin}/report-3.pdf`,
        outputs: ['chunks'],
        mode: 'hybrid',
        chunkTokens: 64,
      },
      { key },
    )
    expect(response.status).toBe(200)
    const document = ExtractedDocumentSchema.parse(response.body)
    expect(document.markdown).toBe('')
    expect(document.elements).toEqual([])
    expect(document.chunks?.length).toBeGreaterThan(3)
    for (const chunk of document.chunks ?? []) expect(chunk.tokens).toBeLessThanOrEqual(64)
    expect(response.headers.get('ratelimit-policy')).toBe('"minute";q=60;w=60')
  })

  describe('refuses bad requests with 400', () => {
    it.each([
      ['an unknown field', { url: 'http://127.0.0.1/x.pdf', format: 'md' }, 'invalid_request'],
      ['no URL', {}, 'invalid_request'],
      ['a URL that is no URL', { url: 'not a url' }, 'invalid_request'],
      ['an ftp URL', { url: 'ftp://127.0.0.1/x.pdf' }, 'invalid_request'],
      [
        'an unknown output',
        { url: 'http://127.0.0.1/x.pdf', outputs: ['html'] },
        'invalid_request',
      ],
      ['a private address', { url: 'http://10.0.0.7/report.pdf' }, 'url_not_allowed'],
      ['the metadata address', { url: 'http://169.254.169.254/latest' }, 'url_not_allowed'],
    ])('%s', async (_name, body, code) => {
      expectError(await postExtract(app.url, body), 400, code)
    })

    it('bad JSON', async () => {
      const response = await postExtract(app.url, null, { raw: '{"url": ' })
      expectError(response, 400, 'invalid_request')
      expect(response.body.error.message).toBe('The body is not valid JSON')
    })

    it('a body over the limit', async () => {
      const response = await postExtract(app.url, { url: `http://127.0.0.1/${'a'.repeat(70_000)}` })
      expectError(response, 400, 'invalid_request')
      expect(response.body.error.message).toBe('The request body is too large')
    })

    it('names the unknown field', async () => {
      const response = await postExtract(app.url, { url: `${origin.origin}/one.pdf`, pages: 3 })
      expect(response.body.error.message).toContain('pages')
    })
  })

  it('refuses a bad key with 401 instead of falling back to anonymous', async () => {
    const { account, key } = await newAccount()
    const body = { url: `${origin.origin}/one.pdf` }
    const unknown = `pdfx_${'A'.repeat(32)}${key.slice(-(key.length - 37))}`
    for (const headers of [
      { authorization: `Bearer ${unknown}` },
      { authorization: 'Bearer not-a-key' },
      { authorization: `Basic ${key}` },
      { authorization: '' },
    ]) {
      const response = await postExtract(app.url, body, { headers })
      expectError(response, 401, 'unauthorized')
      expect(response.headers.get('www-authenticate')).toBe('Bearer')
    }
    const [keyInfo] = await app.server.store.listApiKeys(account.id)
    await app.server.store.revokeApiKey(account.id, keyInfo?.id ?? '')
    expectError(await postExtract(app.url, body, { key }), 401, 'unauthorized')
    expect(origin.hits('/one.pdf')).toBe(0)
  })

  it('refuses requests without a JSON content type with 403', async () => {
    const body = JSON.stringify({ url: `${origin.origin}/one.pdf` })
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', undefined]) {
      const response = await fetch(`${app.url}/api/v1/extract`, {
        method: 'POST',
        headers: contentType === undefined ? {} : { 'content-type': contentType },
        body: contentType === undefined ? new Blob([body]) : body,
      })
      expectError(await readJson(response), 403, 'forbidden')
    }
  })

  it.each([
    ['413 for a PDF over 25 MB', '/huge.pdf', 413, 'pdf_too_large'],
    ['415 for HTML served as a PDF', '/page.pdf', 415, 'not_a_pdf'],
    ['424 when the origin fails', '/error.pdf', 424, 'fetch_failed'],
    ['422 for a damaged PDF', '/damaged.pdf', 422, 'pdf_damaged'],
  ])('answers %s', async (_name, path, status, code) => {
    expectError(await postExtract(app.url, { url: `${origin.origin}${path}` }), status, code)
  })

  it('answers 424 when the origin refuses the connection', async () => {
    const port = await closedLoopbackPort()
    const response = await postExtract(app.url, { url: `http://127.0.0.1:${port}/x.pdf` })
    expectError(response, 424, 'fetch_failed')
  })
})

describe('quota', { timeout: TIMEOUT_MS }, () => {
  it('refuses a document the quota cannot pay for, then uses credits', async () => {
    const { store } = app.server
    const { account, key } = await newAccount('free')
    expect(await store.chargePages(account.id, 499)).toMatchObject({ ok: true })
    const twoPages = { url: `${origin.origin}/report-2.pdf` }

    // One page left: the pre-check passes, the charge for two pages does not.
    expectError(await postExtract(app.url, twoPages, { key }), 402, 'quota_exceeded')
    expect(await store.remainingPages(account.id)).toMatchObject({ remainingQuota: 1, credits: 0 })

    await store.addCredits(account.id, 5)
    const paid = await postExtract(app.url, twoPages, { key })
    expect(paid.status).toBe(200)
    expect(ExtractedDocumentSchema.parse(paid.body).source.pages).toBe(2)
    expect(await store.remainingPages(account.id)).toMatchObject({
      remainingQuota: 0,
      credits: 4,
      total: 4,
    })

    // Nothing left at all: refused before the PDF is even fetched.
    expect(await store.chargePages(account.id, 4)).toMatchObject({ ok: true, credits: 0 })
    const fetchesBefore = origin.hits('/report-2.pdf')
    expectError(await postExtract(app.url, twoPages, { key }), 402, 'quota_exceeded')
    expect(origin.hits('/report-2.pdf')).toBe(fetchesBefore)
  })

  it('never charges a failed extraction', async () => {
    const { store } = app.server
    const { account, key } = await newAccount('free')
    const before = await store.remainingPages(account.id)
    for (const path of ['/damaged.pdf', '/page.pdf', '/error.pdf']) {
      const response = await postExtract(app.url, { url: `${origin.origin}${path}` }, { key })
      expect(response.status).toBeGreaterThanOrEqual(400)
    }
    expect(await store.remainingPages(account.id)).toEqual(before)
  })
})

describe('rate limits', { timeout: TIMEOUT_MS }, () => {
  it('answers 429 with Retry-After and RateLimit fields past 5 anonymous requests a minute', async () => {
    // Bodies without a URL: they are counted before validation, and cost no extraction.
    for (let i = 0; i < 5; i++) expect((await postExtract(app.url, {})).status).toBe(400)
    clock.advance(15_000)
    const refused = await postExtract(app.url, { url: `${origin.origin}/one.pdf` })
    expectError(refused, 429, 'rate_limited')
    expect(refused.headers.get('retry-after')).toBe('25')
    expect(refused.headers.get('ratelimit-policy')).toBe('"minute";q=5;w=60')
    expect(refused.headers.get('ratelimit')).toBe('"minute";r=0;t=25')
    expect(origin.hits('/one.pdf')).toBe(0)

    clock.advance(25_000)
    expect((await postExtract(app.url, {})).headers.get('ratelimit')).toBe('"minute";r=4;t=60')
  })

  it('limits each free key to 10 requests a minute, whoever else is asking', async () => {
    const first = await newAccount('free')
    const second = await newAccount('free')
    for (let i = 0; i < 10; i++) {
      expect((await postExtract(app.url, {}, { key: first.key })).status).toBe(400)
    }
    const refused = await postExtract(app.url, {}, { key: first.key })
    expectError(refused, 429, 'rate_limited')
    expect(refused.headers.get('ratelimit-policy')).toBe('"minute";q=10;w=60')
    expect((await postExtract(app.url, {}, { key: second.key })).status).toBe(400)
    expect((await postExtract(app.url, {})).status).toBe(400)
  })
})
