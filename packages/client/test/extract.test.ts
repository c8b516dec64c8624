import { ExtractedDocumentSchema, isPdfxError } from '@pdfx/schema'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { closedLoopbackPort } from '../../server/test/fetch/loopback-server.js'
import { Pdfx, type PdfxOptions } from '../src/index.js'
import { apiError } from './api-error.js'
import {
  type ContractServer,
  recordingFetch,
  startContractServer,
  TIMEOUT_MS,
} from './contract-server.js'

// One server for the file: starting the extraction child is the slow part.
let server: ContractServer

beforeAll(async () => {
  server = await startContractServer()
}, TIMEOUT_MS)

afterAll(async () => {
  await server?.close()
})

// Every test starts in a fresh minute, so the anonymous rate limit never leaks between tests.
beforeEach(() => server.clock.nextMinute())

function anonymous(options: PdfxOptions = {}): Pdfx {
  return new Pdfx({ baseUrl: server.url, apiKey: null, ...options })
}

describe('extract against a real server', { timeout: TIMEOUT_MS }, () => {
  it('extracts anonymously with the default outputs, sending exactly what was asked', async () => {
    const { fetch, sent } = recordingFetch()
    const doc = await anonymous({ fetch }).extract({ url: `${server.origin.origin}/report-2.pdf` })
    expect(ExtractedDocumentSchema.parse(doc)).toEqual(doc)
    expect(doc.source.pages).toBe(2)
    expect(doc.markdown).toContain('# Quarterly report, part 1')
    expect(doc.elements.length).toBeGreaterThan(0)
    expect(doc.chunks).toBeUndefined()
    expect(sent).toHaveLength(1)
    expect(sent[0]?.method).toBe('POST')
    expect(sent[0]?.url).toBe(`${server.url}/api/v1/extract`)
    expect(sent[0]?.headers.get('content-type')).toBe('application/json')
    expect(sent[0]?.headers.has('authorization')).toBe(false)
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({ url: `${server.origin.origin}/report-2.pdf` })
  })

  it('sends the key and honours outputs, mode and chunkTokens', async () => {
    const { key } = await server.newKey('pro')
    const { fetch, sent } = recordingFetch()
    const pdfx = new Pdfx({ baseUrl: server.url, apiKey: key, fetch })
    const doc = await pdfx.extract({
      url: `${server.origin.origin}/report-3.pdf`,
      outputs: ['chunks', 'images'],
      mode: 'hybrid',
      chunkTokens: 64,
    })
    expect(sent[0]?.headers.get('authorization')).toBe(`Bearer ${key}`)
    expect(doc.markdown).toBe('')
    expect(doc.chunks.length).toBeGreaterThan(3)
    for (const chunk of doc.chunks) expect(chunk.tokens).toBeLessThanOrEqual(64)
    expect(doc.images).toEqual([])
  })

  it('reads the key and base URL from PDFX_API_KEY and PDFX_BASE_URL', async () => {
    const { key } = await server.newKey()
    const { fetch, sent } = recordingFetch()
    vi.stubEnv('PDFX_API_KEY', key)
    vi.stubEnv('PDFX_BASE_URL', `${server.url}/`)
    try {
      const pdfx = new Pdfx({ fetch })
      expect(pdfx.baseUrl).toBe(server.url)
      await pdfx.extract({ url: `${server.origin.origin}/one.pdf` })
      expect(sent[0]?.headers.get('authorization')).toBe(`Bearer ${key}`)
      // null means anonymous on purpose, whatever the environment says
      await new Pdfx({ fetch, apiKey: null }).extract({ url: `${server.origin.origin}/one.pdf` })
      expect(sent[1]?.headers.has('authorization')).toBe(false)
    } finally {
      vi.unstubAllEnvs()
    }
  })
})

describe('extract errors from a real server', { timeout: TIMEOUT_MS }, () => {
  it('400 invalid_request, carrying the request id, and never retried', async () => {
    const { fetch, sent } = recordingFetch()
    const error = await apiError(anonymous({ fetch }).extract({ url: 'not a url' }))
    expect(error).toMatchObject({ status: 400, code: 'invalid_request', retryAfter: undefined })
    expect(error.message).toContain('url')
    expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/)
    expect(isPdfxError(error)).toBe(true)
    expect(error.toBody()).toEqual({ error: { code: 'invalid_request', message: error.message } })
    expect(sent).toHaveLength(1)
  })

  it('400 url_not_allowed for a private address', async () => {
    const error = await apiError(anonymous().extract({ url: 'http://10.0.0.7/report.pdf' }))
    expect(error).toMatchObject({ status: 400, code: 'url_not_allowed' })
  })

  it('401 unauthorized for an unknown key', async () => {
    const pdfx = new Pdfx({ baseUrl: server.url, apiKey: 'pdfx_not-a-key' })
    const error = await apiError(pdfx.extract({ url: `${server.origin.origin}/one.pdf` }))
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' })
    expect(error.headers.get('www-authenticate')).toBe('Bearer')
  })

  it('402 quota_exceeded when the month is used up', async () => {
    const { accountId, key } = await server.newKey('free')
    await server.app.server.store.chargePages(accountId, 500)
    const pdfx = new Pdfx({ baseUrl: server.url, apiKey: key })
    const error = await apiError(pdfx.extract({ url: `${server.origin.origin}/one.pdf` }))
    expect(error).toMatchObject({ status: 402, code: 'quota_exceeded' })
  })

  it('403 forbidden when the JSON content type is stripped on the way', async () => {
    const { fetch } = recordingFetch((init) => ({
      ...init,
      headers: { accept: 'application/json' },
    }))
    const error = await apiError(
      anonymous({ fetch }).extract({ url: `${server.origin.origin}/one.pdf` }),
    )
    expect(error).toMatchObject({ status: 403, code: 'forbidden' })
  })

  it('404 not_found when the base URL points at the wrong place', async () => {
    const pdfx = new Pdfx({ baseUrl: `${server.url}/v0`, apiKey: null })
    const error = await apiError(pdfx.extract({ url: `${server.origin.origin}/one.pdf` }))
    expect(error).toMatchObject({ status: 404, code: 'not_found' })
    expect(error.message).toContain('/v0/api/v1/extract')
  })

  it.each([
    ['413 pdf_too_large', '/huge.pdf', 413, 'pdf_too_large'],
    ['415 not_a_pdf', '/page.pdf', 415, 'not_a_pdf'],
    ['422 pdf_damaged', '/damaged.pdf', 422, 'pdf_damaged'],
    ['424 fetch_failed', '/error.pdf', 424, 'fetch_failed'],
  ])('%s', async (_name, path, status, code) => {
    const { fetch, sent } = recordingFetch()
    const error = await apiError(
      anonymous({ fetch }).extract({ url: `${server.origin.origin}${path}` }),
    )
    expect(error).toMatchObject({ status, code })
    expect(sent).toHaveLength(1)
  })

  it('424 fetch_failed when the origin refuses the connection', async () => {
    const port = await closedLoopbackPort()
    const error = await apiError(anonymous().extract({ url: `http://127.0.0.1:${port}/x.pdf` }))
    expect(error).toMatchObject({ status: 424, code: 'fetch_failed' })
  })

  it('429 rate_limited with Retry-After and RateLimit headers once retries are used up', async () => {
    const { fetch, sent } = recordingFetch()
    const pdfx = anonymous({ fetch, maxRetries: 0 })
    // Bodies the server refuses still count: five of them use up the anonymous minute.
    for (let i = 0; i < 5; i++) {
      await expect(pdfx.extract({ url: 'not a url' })).rejects.toMatchObject({ status: 400 })
    }
    server.clock.advance(15_000)
    const error = await apiError(pdfx.extract({ url: `${server.origin.origin}/one.pdf` }))
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 25 })
    expect(error.headers.get('ratelimit-policy')).toBe('"minute";q=5;w=60')
    expect(error.headers.get('ratelimit')).toBe('"minute";r=0;t=25')
    expect(sent).toHaveLength(6)
  })
})
